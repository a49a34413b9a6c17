import { rm, writeFile } from 'node:fs/promises'
import { runNativeOgrinfo } from '../../gdal/gdal'

/**
 * The spatial index of a GeoPackage written by us instead of by GDAL 3.6, which inserts every
 * row into SQLite's R*Tree one at a time (5 of the 7.5 s of a 500,000-point export). We pack
 * the tree (Hilbert order of the boxes' centres, every node full) and write the three shadow
 * tables of SQLite's `rtree` module directly — into a scratch database first, then copied into
 * the GeoPackage in one transaction — as GDAL 3.7 and later do themselves; the virtual table,
 * its six triggers and the `gpkg_extensions` row are the ones GDAL writes (decision 58). The index holds the same entries (fid and the box rounded outwards
 * to 32-bit floats, as SQLite rounds them); only the shape of the tree differs.
 */

/** The boxes of the rows in fid order; NaN for a row without geometry (no entry). */
export interface RTreeEntries {
  /** fid of each entry (1-based row number in the file). */
  ids: Float64Array
  minX: Float32Array
  maxX: Float32Array
  minY: Float32Array
  maxY: Float32Array
  length: number
}

// Rounding of a double to the 32-bit float SQLite's rtree stores, outwards (sqlite3 rtree.c).
const RNDTOWARDS = 1.0 - 1.0 / 8388608.0
const RNDAWAY = 1.0 + 1.0 / 8388608.0

export function rtreeValueDown(d: number): number {
  let f = Math.fround(d)
  if (f > d) f = Math.fround(d * (d < 0 ? RNDAWAY : RNDTOWARDS))
  return f
}

export function rtreeValueUp(d: number): number {
  let f = Math.fround(d)
  if (f < d) f = Math.fround(d * (d < 0 ? RNDTOWARDS : RNDAWAY))
  return f
}

/** Collects entries as rows arrive (in fid order); grows as needed. */
export class RTreeCollector {
  private cap = 1024
  private n = 0
  private ids = new Float64Array(this.cap)
  private box = [0, 1, 2, 3].map(() => new Float32Array(this.cap))

  add(id: number, minX: number, maxX: number, minY: number, maxY: number): void {
    if (this.n === this.cap) {
      this.cap *= 2
      const ids = new Float64Array(this.cap)
      ids.set(this.ids)
      this.ids = ids
      this.box = this.box.map((b) => {
        const grown = new Float32Array(this.cap)
        grown.set(b)
        return grown
      })
    }
    this.ids[this.n] = id
    this.box[0]![this.n] = rtreeValueDown(minX)
    this.box[1]![this.n] = rtreeValueUp(maxX)
    this.box[2]![this.n] = rtreeValueDown(minY)
    this.box[3]![this.n] = rtreeValueUp(maxY)
    this.n++
  }

  entries(): RTreeEntries {
    return {
      ids: this.ids,
      minX: this.box[0]!,
      maxX: this.box[1]!,
      minY: this.box[2]!,
      maxY: this.box[3]!,
      length: this.n,
    }
  }
}

/** SQLite's rtree node: 4 header bytes, then cells of a 64-bit id and four 32-bit floats. */
const CELL_BYTES = 24
/** Node size SQLite picks for a 2-D rtree in a database of 4096-byte pages (51 cells). */
export const RTREE_NODE_BYTES = 4 + CELL_BYTES * 51
const MAX_CELLS = (RTREE_NODE_BYTES - 4) / CELL_BYTES

export interface PackedRTree {
  /** nodeno → node blob; node 1 is the root. */
  nodes: Map<number, Buffer>
  /** entry id → the leaf holding it. */
  leafOf: { ids: Float64Array; nodes: Int32Array }
  /** node → its parent (every node but the root). */
  parents: [number, number][]
}

/** Position of (x, y) on a Hilbert curve over a 2^bits × 2^bits grid. */
function hilbert(x: number, y: number, bits: number): number {
  let d = 0
  for (let s = 1 << (bits - 1); s > 0; s >>>= 1) {
    const rx = (x & s) > 0 ? 1 : 0
    const ry = (y & s) > 0 ? 1 : 0
    d += s * s * ((3 * rx) ^ ry)
    if (ry === 0) {
      if (rx === 1) {
        x = s - 1 - x
        y = s - 1 - y
      }
      const t = x
      x = y
      y = t
    }
  }
  return d
}

/**
 * The entries in Hilbert order of their centres: each entry's curve position and index in
 * one exact double (position × 2^indexBits + index), so that a plain numeric sort orders them.
 */
function hilbertOrder(e: RTreeEntries): Int32Array {
  const n = e.length
  const indexBits = Math.max(1, Math.ceil(Math.log2(n + 1)))
  const bits = Math.max(1, Math.min(16, Math.floor((52 - indexBits) / 2)))
  let x0 = Infinity
  let x1 = -Infinity
  let y0 = Infinity
  let y1 = -Infinity
  for (let i = 0; i < n; i++) {
    const cx = (e.minX[i]! + e.maxX[i]!) / 2
    const cy = (e.minY[i]! + e.maxY[i]!) / 2
    if (cx < x0) x0 = cx
    if (cx > x1) x1 = cx
    if (cy < y0) y0 = cy
    if (cy > y1) y1 = cy
  }
  const cells = 2 ** bits - 1
  const sx = x1 > x0 ? cells / (x1 - x0) : 0
  const sy = y1 > y0 ? cells / (y1 - y0) : 0
  const keys = new Float64Array(n)
  const shift = 2 ** indexBits
  for (let i = 0; i < n; i++) {
    const cx = (e.minX[i]! + e.maxX[i]!) / 2
    const cy = (e.minY[i]! + e.maxY[i]!) / 2
    const h = hilbert(Math.round((cx - x0) * sx), Math.round((cy - y0) * sy), bits)
    keys[i] = h * shift + i
  }
  keys.sort()
  const order = new Int32Array(n)
  for (let i = 0; i < n; i++) order[i] = keys[i]! % shift
  return order
}

function writeCell(
  buf: Buffer,
  at: number,
  id: number,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
): void {
  buf.writeBigInt64BE(BigInt(id), at)
  buf.writeFloatBE(x0, at + 8)
  buf.writeFloatBE(x1, at + 12)
  buf.writeFloatBE(y0, at + 16)
  buf.writeFloatBE(y1, at + 20)
}

/**
 * Packs the entries into SQLite rtree nodes, bottom up: the entries in Hilbert order, 51 to a
 * leaf, then 51 nodes to a parent, until one node remains, the root (node 1, with the depth in
 * its first two bytes).
 */
export function packRTree(e: RTreeEntries): PackedRTree {
  const nodes = new Map<number, Buffer>()
  const parents: [number, number][] = []
  const leafIds = new Float64Array(e.length)
  const leafNodes = new Int32Array(e.length)
  if (e.length === 0) {
    nodes.set(1, Buffer.alloc(RTREE_NODE_BYTES))
    return { nodes, leafOf: { ids: leafIds, nodes: leafNodes }, parents }
  }
  const order = hilbertOrder(e)
  // Each level: its nodes' buffers and boxes; a node's number is given once the levels are known.
  interface Built {
    bufs: Buffer[]
    box: Float32Array[]
    /** For each cell of each node: the child index in the level below (not for leaves). */
    children: Int32Array[]
  }
  const levels: Built[] = []
  // Leaves.
  {
    const count = Math.ceil(e.length / MAX_CELLS)
    const built: Built = {
      bufs: [],
      box: [0, 1, 2, 3].map(() => new Float32Array(count)),
      children: [],
    }
    for (let k = 0; k < count; k++) {
      const buf = Buffer.alloc(RTREE_NODE_BYTES)
      const from = k * MAX_CELLS
      const to = Math.min(e.length, from + MAX_CELLS)
      buf.writeUInt16BE(to - from, 2)
      let bx0 = Infinity
      let bx1 = -Infinity
      let by0 = Infinity
      let by1 = -Infinity
      for (let c = from; c < to; c++) {
        const i = order[c]!
        writeCell(
          buf,
          4 + (c - from) * CELL_BYTES,
          e.ids[i]!,
          e.minX[i]!,
          e.maxX[i]!,
          e.minY[i]!,
          e.maxY[i]!,
        )
        if (e.minX[i]! < bx0) bx0 = e.minX[i]!
        if (e.maxX[i]! > bx1) bx1 = e.maxX[i]!
        if (e.minY[i]! < by0) by0 = e.minY[i]!
        if (e.maxY[i]! > by1) by1 = e.maxY[i]!
        leafIds[c] = e.ids[i]!
        leafNodes[c] = k
      }
      built.bufs.push(buf)
      built.box[0]![k] = bx0
      built.box[1]![k] = bx1
      built.box[2]![k] = by0
      built.box[3]![k] = by1
    }
    levels.push(built)
  }
  // Upper levels: consecutive nodes of the level below (already in curve order).
  while (levels[levels.length - 1]!.bufs.length > 1) {
    const below = levels[levels.length - 1]!
    const n = below.bufs.length
    const count = Math.ceil(n / MAX_CELLS)
    const built: Built = {
      bufs: [],
      box: [0, 1, 2, 3].map(() => new Float32Array(count)),
      children: [],
    }
    for (let k = 0; k < count; k++) {
      const from = k * MAX_CELLS
      const to = Math.min(n, from + MAX_CELLS)
      const buf = Buffer.alloc(RTREE_NODE_BYTES)
      buf.writeUInt16BE(to - from, 2)
      const kids = new Int32Array(to - from)
      let bx0 = Infinity
      let bx1 = -Infinity
      let by0 = Infinity
      let by1 = -Infinity
      for (let c = from; c < to; c++) {
        kids[c - from] = c
        if (below.box[0]![c]! < bx0) bx0 = below.box[0]![c]!
        if (below.box[1]![c]! > bx1) bx1 = below.box[1]![c]!
        if (below.box[2]![c]! < by0) by0 = below.box[2]![c]!
        if (below.box[3]![c]! > by1) by1 = below.box[3]![c]!
      }
      built.bufs.push(buf)
      built.children.push(kids)
      built.box[0]![k] = bx0
      built.box[1]![k] = bx1
      built.box[2]![k] = by0
      built.box[3]![k] = by1
    }
    levels.push(built)
  }
  // Node numbers: the root is 1, then level by level from the top.
  const numbers = levels.map((l) => new Int32Array(l.bufs.length))
  let next = 2
  for (let d = levels.length - 1; d >= 0; d--) {
    const nums = numbers[d]!
    for (let k = 0; k < nums.length; k++) nums[k] = d === levels.length - 1 ? 1 : next++
  }
  levels[levels.length - 1]!.bufs[0]!.writeUInt16BE(levels.length - 1, 0)
  for (let d = 0; d < levels.length; d++) {
    const level = levels[d]!
    level.bufs.forEach((buf, k) => nodes.set(numbers[d]![k]!, buf))
    if (d === 0) continue
    const below = levels[d - 1]!
    level.children.forEach((kids, k) => {
      const buf = level.bufs[k]!
      const parent = numbers[d]![k]!
      kids.forEach((child, c) => {
        const childNo = numbers[d - 1]![child]!
        writeCell(
          buf,
          4 + c * CELL_BYTES,
          childNo,
          below.box[0]![child]!,
          below.box[1]![child]!,
          below.box[2]![child]!,
          below.box[3]![child]!,
        )
        parents.push([childNo, parent])
      })
    })
  }
  for (let c = 0; c < leafNodes.length; c++) leafNodes[c] = numbers[0]![leafNodes[c]!]!
  return { nodes, leafOf: { ids: leafIds, nodes: leafNodes }, parents }
}

/** An SQL identifier in double quotes (SQLite). */
function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

/** An SQL text literal. */
function text(value: string): string {
  return `'${value.replaceAll("'", "''")}'`
}

/**
 * The statements that fill a fresh SQLite database (`aux`) with the packed tree as the rtree
 * `gis_rtree`: built while GDAL still writes the GeoPackage's rows.
 */
export function auxIndexScript(tree: PackedRTree, rows: number): string {
  const nodeRows = [...tree.nodes].map(([no, data]) => `(${no},X'${data.toString('hex')}')`)
  // The leaf of each row as a JSON array indexed by fid - 1 (null: no geometry, no entry),
  // the parent of each node indexed by its number - 1 (null: the root).
  const leafByRow = new Array<number | null>(rows).fill(null)
  const { ids, nodes } = tree.leafOf
  for (let i = 0; i < ids.length; i++) leafByRow[ids[i]! - 1] = nodes[i]!
  const parentByNode = new Array<number | null>(tree.nodes.size).fill(null)
  for (const [child, parent] of tree.parents) parentByNode[child - 1] = parent
  return [
    'CREATE TEMP TABLE gis_rtree_check(ok NOT NULL)',
    'CREATE VIRTUAL TABLE gis_rtree USING rtree(id, minx, maxx, miny, maxy)',
    // SQLite sizes the nodes by the page size; the packing assumes 4096-byte pages.
    `INSERT INTO gis_rtree_check SELECT CASE WHEN (SELECT length(data) FROM gis_rtree_node WHERE nodeno = 1) = ${RTREE_NODE_BYTES} THEN 1 END`,
    'BEGIN',
    `INSERT OR REPLACE INTO gis_rtree_node VALUES ${nodeRows.join(',')}`,
    `INSERT INTO gis_rtree_rowid SELECT key + 1, value FROM json_each('${JSON.stringify(leafByRow)}') WHERE value IS NOT NULL`,
    `INSERT INTO gis_rtree_parent SELECT key + 1, value FROM json_each('${JSON.stringify(parentByNode)}') WHERE value IS NOT NULL`,
    'COMMIT',
  ].join(';')
}

/**
 * The statements that give `table` of the GeoPackage its spatial index from the `aux`
 * database, in one transaction: a check that the table holds exactly the rows the boxes were
 * read for (fids 1 to `rows`, none deleted), the rtree with the copied nodes, then the
 * triggers and the extension row exactly as GDAL writes them (GeoPackage 1.2 rtree).
 */
export function copyIndexScript(table: string, column: string, rows: number, aux: string): string {
  const rtree = `rtree_${table}_${column}`
  const t = ident(table)
  const c = ident(column)
  const r = ident(rtree)
  const values = `VALUES (NEW."fid",ST_MinX(NEW.${c}), ST_MaxX(NEW.${c}),ST_MinY(NEW.${c}), ST_MaxY(NEW.${c}))`
  return [
    `ATTACH DATABASE ${text(aux)} AS gis_aux`,
    'BEGIN',
    'CREATE TEMP TABLE gis_rtree_check(ok NOT NULL)',
    `INSERT INTO gis_rtree_check SELECT CASE WHEN (SELECT count(*) FROM ${t}) = ${rows} AND (SELECT coalesce(max(fid), 0) FROM ${t}) = ${rows} THEN 1 END`,
    `CREATE VIRTUAL TABLE ${r} USING rtree(id, minx, maxx, miny, maxy)`,
    `INSERT INTO gis_rtree_check SELECT CASE WHEN (SELECT length(data) FROM ${ident(`${rtree}_node`)} WHERE nodeno = 1) = ${RTREE_NODE_BYTES} THEN 1 END`,
    `DELETE FROM ${ident(`${rtree}_node`)}`,
    `INSERT INTO ${ident(`${rtree}_node`)} SELECT * FROM gis_aux.gis_rtree_node`,
    `INSERT INTO ${ident(`${rtree}_rowid`)} SELECT * FROM gis_aux.gis_rtree_rowid`,
    `INSERT INTO ${ident(`${rtree}_parent`)} SELECT * FROM gis_aux.gis_rtree_parent`,
    `CREATE TRIGGER ${ident(`${rtree}_insert`)} AFTER INSERT ON ${t} WHEN (new.${c} NOT NULL AND NOT ST_IsEmpty(NEW.${c})) BEGIN INSERT OR REPLACE INTO ${r} ${values}; END`,
    `CREATE TRIGGER ${ident(`${rtree}_update1`)} AFTER UPDATE OF ${c} ON ${t} WHEN OLD."fid" = NEW."fid" AND (NEW.${c} NOTNULL AND NOT ST_IsEmpty(NEW.${c})) BEGIN INSERT OR REPLACE INTO ${r} ${values}; END`,
    `CREATE TRIGGER ${ident(`${rtree}_update2`)} AFTER UPDATE OF ${c} ON ${t} WHEN OLD."fid" = NEW."fid" AND (NEW.${c} ISNULL OR ST_IsEmpty(NEW.${c})) BEGIN DELETE FROM ${r} WHERE id = OLD."fid"; END`,
    `CREATE TRIGGER ${ident(`${rtree}_update3`)} AFTER UPDATE ON ${t} WHEN OLD."fid" != NEW."fid" AND (NEW.${c} NOTNULL AND NOT ST_IsEmpty(NEW.${c})) BEGIN DELETE FROM ${r} WHERE id = OLD."fid"; INSERT OR REPLACE INTO ${r} ${values}; END`,
    `CREATE TRIGGER ${ident(`${rtree}_update4`)} AFTER UPDATE ON ${t} WHEN OLD."fid" != NEW."fid" AND (NEW.${c} ISNULL OR ST_IsEmpty(NEW.${c})) BEGIN DELETE FROM ${r} WHERE id IN (OLD."fid", NEW."fid"); END`,
    `CREATE TRIGGER ${ident(`${rtree}_delete`)} AFTER DELETE ON ${t} WHEN old.${c} NOT NULL BEGIN DELETE FROM ${r} WHERE id = OLD."fid"; END`,
    'CREATE TABLE IF NOT EXISTS gpkg_extensions (table_name TEXT,column_name TEXT,extension_name TEXT NOT NULL,definition TEXT NOT NULL,scope TEXT NOT NULL,CONSTRAINT ge_tce UNIQUE (table_name, column_name, extension_name))',
    `INSERT INTO gpkg_extensions (table_name,column_name,extension_name,definition,scope) VALUES (${text(table)}, ${text(column)}, 'gpkg_rtree_index', 'http://www.geopackage.org/spec120/#extension_rtree', 'write-only')`,
    'DROP TABLE gis_rtree_check',
    'COMMIT',
    'DETACH DATABASE gis_aux',
  ].join(';')
}

/**
 * Runs `script` on an SQLite database through GDAL itself: ogrinfo opens it with the script as
 * PRELUDE_STATEMENTS (run on SQLite's connection when it opens), read from an option file
 * (`--optfile`: no command-line limit). Any error of SQLite fails the run; a transaction left
 * open is rolled back.
 */
export async function runSqliteScript(
  file: string,
  optFile: string,
  script: string,
  signal?: AbortSignal,
): Promise<void> {
  // The option file's quoting: the value in double quotes, \" and \\ inside.
  const quoted = script.replaceAll('\\', '\\\\').replaceAll('"', '\\"')
  await writeFile(optFile, `-oo\n"PRELUDE_STATEMENTS=${quoted}"\n`)
  try {
    // -sql opens the file for update at once (ogrinfo alone tries read-only first).
    await runNativeOgrinfo(['--optfile', optFile, '-q', file, '-sql', 'SELECT 1'], {
      signal,
      failOnError: true,
    })
  } finally {
    await rm(optFile, { force: true })
  }
}
