// The embedded database loads its PostGIS extension from a tarball at every start: it is
// unpacked into memory and every .so in it is compiled. The package's tarball also carries
// raster, topology and the tiger geocoder (two more 16 MB libraries and 30 MB of SQL) that
// we never create; this writes dist/postgis.tar.gz with only what `CREATE EXTENSION postgis`
// and its upgrades need, which cuts about 0.8 s from every start (docs/ops.md).
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import * as tar from 'tar'

const require = createRequire(import.meta.url)
const packageDir = path.dirname(require.resolve('@electric-sql/pglite-postgis'))
const source = path.join(packageDir, 'postgis.tar.gz')

/** Paths inside the package's tarball that the embedded database needs. */
export function keep(entry) {
  const p = entry.replace(/^\.\//, '')
  if (p === 'lib/' || p === 'lib/postgresql/' || p === 'share/' || p === 'share/postgresql/')
    return true
  if (p === 'lib/postgresql/postgis-3.so') return true
  if (p.startsWith('share/proj/')) return true
  if (p === 'share/postgresql/extension/') return true
  return (
    /^share\/postgresql\/extension\/postgis(\.control|--[^/]*\.sql)$/.test(p) &&
    !p.includes('unpackaged')
  )
}

/** What the bundle was made from: the package's version and tarball, and this filter. */
function sourceStamp() {
  const { version } = JSON.parse(readFileSync(path.join(packageDir, '..', 'package.json'), 'utf8'))
  return `${version} ${statSync(source).size} ${keep.toString().length}`
}

export async function writePostgisBundle(target) {
  const stampFile = `${target}.source`
  const stamp = sourceStamp()
  if (existsSync(target) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp)
    return false
  const work = mkdtempSync(path.join(os.tmpdir(), 'gis-postgis-'))
  try {
    await tar.x({ file: source, cwd: work, filter: (p) => keep(p) })
    const part = `${target}.${process.pid}.part`
    await tar.c({ file: part, cwd: work, gzip: { level: 1 }, portable: true }, ['lib', 'share'])
    renameSync(part, target)
    writeFileSync(stampFile, stamp)
    return true
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}
