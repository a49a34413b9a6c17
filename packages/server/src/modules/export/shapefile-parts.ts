import { mkdirSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { GdalWriteContext } from './gdal-write-context'
import { inExportedSnapshot, runNativeOgr2ogr } from '../../gdal/gdal'
import { mergeShapefiles } from './shapefile-merge'

/**
 * Shapefiles of this many rows are written in two parts at once (decision 60); the parts are
 * joined in memory, which bounds the rows (a shapefile holds at most 2 GB anyway).
 */
export const PARALLEL_SHAPEFILE_MIN_ROWS = 50_000
export const PARALLEL_SHAPEFILE_MAX_ROWS = 2_000_000

/**
 * A large shapefile from PostgreSQL written by two ogr2ogr at once, each a half of the rows in
 * the export's order and one snapshot, then joined (`shapefile-merge.ts`, decision 60): GDAL
 * spends most of a shapefile export in its own process, so the second core halves the wait.
 * Parts that cannot be joined, or a failed part, leave it to one ogr2ogr as usual.
 */
export async function writeShapefileInParts(
  output: string,
  sql: string,
  args: string[],
  opts: Parameters<typeof runNativeOgr2ogr>[1],
  ctx: GdalWriteContext,
): Promise<void> {
  const half = Math.ceil(ctx.total / 2)
  const slices = [` LIMIT ${half}`, ` OFFSET ${half}`]
  const outDir = path.dirname(output)
  const fileName = path.basename(output)
  const partDirs = slices.map((_, i) => path.join(outDir, `part${i + 1}`))
  const baseName = fileName.replace(/\.[^.]+$/, '')
  const done = [0, 0]
  let merged = false
  try {
    await inExportedSnapshot(ctx.db, async (_conn, snapshotOptions) => {
      await Promise.all(
        slices.map((slice, i) => {
          mkdirSync(partDirs[i]!, { recursive: true })
          const partArgs = args.map((arg) =>
            arg === sql ? sql + slice : arg === output ? path.join(partDirs[i]!, fileName) : arg,
          )
          return runNativeOgr2ogr([...partArgs, ...snapshotOptions], {
            ...opts,
            onProgress: (fraction) => {
              done[i] = fraction
              opts?.onProgress?.((done[0]! + done[1]!) / 2)
            },
          })
        }),
      )
    })
    merged = await mergeShapefiles(partDirs, baseName, outDir)
  } catch (err) {
    if (ctx.signal?.aborted) throw err
  } finally {
    for (const d of partDirs) rmSync(d, { recursive: true, force: true })
  }
  if (!merged) {
    for (const f of readdirSync(outDir)) rmSync(path.join(outDir, f), { force: true })
    await runNativeOgr2ogr(args, opts)
  }
}
