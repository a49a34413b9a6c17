import { rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { inExportedSnapshot, runNativeOgr2ogr } from '../../gdal/gdal'
import { EXPORT_GEOMETRY, exportBoxesStatement } from '../../layer-data/search-export'
import type { GdalWriteContext } from './gdal-write-context'
import {
  auxIndexScript,
  copyIndexScript,
  packRTree,
  RTreeCollector,
  runSqliteScript,
} from './gpkg-rtree'

/**
 * A GeoPackage from PostgreSQL with the spatial index built by us (decision 58): ogr2ogr
 * writes the rows without index while this process reads the rows' boxes in the same snapshot
 * (exported to GDAL's connection), packs the R-tree and writes it into a database of its own;
 * once both are done the nodes are copied into the GeoPackage (`gpkg-rtree.ts`). Should the
 * index fail, the file is written again the way GDAL does it alone.
 */
export async function writeGpkgWithOwnIndex(
  dir: string,
  output: string,
  args: string[],
  opts: Parameters<typeof runNativeOgr2ogr>[1],
  ctx: GdalWriteContext,
): Promise<void> {
  const q = ctx.query
  const aux = path.join(dir, 'rtree.sqlite')
  const seed = path.join(dir, 'rtree.csv')
  let rows = 0
  const indexed = await inExportedSnapshot(ctx.db, async (conn, snapshotOptions) => {
    const load = runNativeOgr2ogr([...args, '-lco', 'SPATIAL_INDEX=NO', ...snapshotOptions], opts)
    // Each row's box as four doubles (one NaN: no geometry), in the export's order.
    const boxes = exportBoxesStatement(q)
    const index = conn
      .query<{ boxes: Buffer | null }>(boxes.text, boxes.values)
      .then(async (r) => {
        const buf = r.rows[0]?.boxes ?? Buffer.alloc(0)
        const collector = new RTreeCollector()
        for (let at = 0; at < buf.length;) {
          rows++
          const x0 = buf.readDoubleBE(at)
          if (Number.isNaN(x0)) {
            at += 8
            continue
          }
          collector.add(
            rows,
            x0,
            buf.readDoubleBE(at + 8),
            buf.readDoubleBE(at + 16),
            buf.readDoubleBE(at + 24),
          )
          at += 32
        }
        const script = auxIndexScript(packRTree(collector.entries()), rows)
        // An empty SQLite database for the tree (GDAL makes one of a CSV of two columns).
        writeFileSync(seed, 'x,y\n1,2\n')
        await runNativeOgr2ogr(['-f', 'SQLite', aux, seed], { signal: ctx.signal })
        await runSqliteScript(aux, path.join(dir, 'rtree.opt'), script, ctx.signal)
        return true
      })
      .catch(() => false)
    const [, built] = await Promise.all([load, index])
    return built
  })
  try {
    if (!indexed) throw new Error('no index')
    await runSqliteScript(
      output,
      path.join(dir, 'rtree.opt'),
      copyIndexScript(q.layer.name, EXPORT_GEOMETRY, rows, aux),
      ctx.signal,
    )
  } catch (err) {
    if (ctx.signal?.aborted) throw err
    // The rows changed under the snapshot's back, or this GDAL or SQLite differs: GDAL's way.
    rmSync(output, { force: true })
    await runNativeOgr2ogr(args, opts)
  } finally {
    rmSync(aux, { force: true })
    rmSync(seed, { force: true })
  }
}
