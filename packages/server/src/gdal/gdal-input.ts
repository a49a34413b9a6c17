import { execFile } from 'node:child_process'
import { open, rename, stat } from 'node:fs/promises'
import path from 'node:path'
import { t } from '@gis/shared'
import { EntryTooLarge, extractEntry, listZip, TooManyEntries } from '../archive/zip'
import { captureNative, gdalMode, GdalFailure, runNativeOgr2ogr, runWasmOgr2ogr } from './gdal'

/*
 * The one door through which a user's file reaches GDAL (decision 86). A user's file is data,
 * never a pointer: GDAL opens whatever a file names (an OGR VRT's SrcDataSource, a path, a
 * /vsicurl/ URL, a zip inside a zip), so nothing the user sent is opened as it came.
 *
 * - The archive's directory is read first and only the members of one shapefile are taken
 *   (.shp, .shx, .dbf, and .prj and .cpg when present); metadata, styles and spatial indexes
 *   beside them are left in the zip; anything else is refused, naming it.
 * - The members are written under fixed names into a folder of ours (no path of the zip is
 *   ever used) after their first bytes are checked to be what their names say.
 * - GDAL opens them with one input driver (`-if "ESRI Shapefile"`), in an environment of its
 *   own: none of the server's variables (credentials, proxies), the VRT and network drivers
 *   skipped, no HTTP, no PROJ network.
 */

/** A file refused before GDAL saw it: `message` is the Portuguese sentence for the user. */
export class InputRefused extends Error {}

/** The one input driver an extracted shapefile is opened with. */
export const SHAPEFILE_DRIVER = 'ESRI Shapefile'

/**
 * Every driver of the native GDAL (vector and raster), as `ogrinfo --formats` and
 * `gdalinfo --formats` list them: all but the one input driver and the output's are skipped
 * (`GDAL_SKIP`), which also works where ogr2ogr has no `-if` (GDAL 3.6, Debian 12's).
 */
let drivers: Promise<string[]> | undefined
function nativeDrivers(): Promise<string[]> {
  const list = (program: string) =>
    new Promise<string[]>((resolve) =>
      execFile(program, ['--formats'], { timeout: 20_000, encoding: 'utf8' }, (err, stdout) =>
        resolve(
          err
            ? []
            : stdout
                .split('\n')
                .map((line) => /^\s+(\S.*?) -(raster|vector)/.exec(line)?.[1])
                .filter((name): name is string => !!name),
        ),
      ),
    )
  drivers ??= Promise.all([list('ogrinfo'), list('gdalinfo')]).then(([a, b]) => [
    ...new Set([...a, ...b]),
  ])
  return drivers
}

/** Whether the native ogr2ogr takes `-if` (GDAL 3.7 and later); asked once. */
let takesIf: Promise<boolean> | undefined
function ogr2ogrTakesIf(): Promise<boolean> {
  takesIf ??= new Promise((resolve) =>
    execFile(
      'ogr2ogr',
      ['-if', 'CSV', '/vsimem/probe-out.csv', '/vsimem/probe-in.csv'],
      { timeout: 20_000, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } },
      (_err, _stdout, stderr) => resolve(!/Unknown option name '-if'/.test(String(stderr))),
    ),
  )
  return takesIf
}

/** Drivers that are never skipped: they read no file (the in-memory one ogr2ogr may use). */
const NEVER_SKIPPED = new Set(['Memory', 'MEM'])

/**
 * The environment of a GDAL run on a user's file: the program's search path and GDAL's and
 * PROJ's data folders only, every driver but `keep` skipped (a name with a space cannot be
 * listed in GDAL_SKIP; none of those opens a file that begins as a shapefile does), and the
 * configuration that shuts the network.
 */
export async function gdalInputEnv(keep: readonly string[]): Promise<Record<string, string>> {
  const env: Record<string, string> = {}
  for (const name of ['PATH', 'TMPDIR', 'GDAL_DATA', 'PROJ_DATA', 'PROJ_LIB']) {
    const v = process.env[name]
    if (v) env[name] = v
  }
  const skipped = (await nativeDrivers()).filter(
    (d) => !keep.includes(d) && !NEVER_SKIPPED.has(d) && !/\s/.test(d),
  )
  return {
    ...env,
    LC_ALL: 'C.UTF-8',
    GDAL_SKIP: skipped.join(','),
    // No /vsicurl/ file has this ending: nothing remote is ever probed.
    CPL_VSIL_CURL_ALLOWED_EXTENSIONS: '.gis-none',
    GDAL_DISABLE_READDIR_ON_OPEN: 'EMPTY_DIR',
    GDAL_HTTP_TIMEOUT: '1',
    GDAL_HTTP_CONNECTTIMEOUT: '1',
    GDAL_HTTP_MAX_RETRY: '0',
    AWS_NO_SIGN_REQUEST: 'YES',
    PROJ_NETWORK: 'OFF',
    OGR_SQLITE_LIST_VIRTUAL_OGR: 'NO',
    GDAL_PAM_ENABLED: 'NO',
  }
}

/** The members a shapefile is read from, and those of them it cannot do without. */
const MEMBERS = ['shp', 'shx', 'dbf', 'prj', 'cpg'] as const
type Member = (typeof MEMBERS)[number]
const REQUIRED: readonly Member[] = ['shp', 'shx', 'dbf']

/**
 * What may lie beside a shapefile and is left unread: ArcGIS's and QGIS's metadata, styles and
 * spatial indexes, a readme.
 */
const IGNORED_EXTENSIONS = new Set([
  'xml',
  'qmd',
  'qml',
  'sld',
  'lyr',
  'lyrx',
  'sbn',
  'sbx',
  'qix',
  'fbn',
  'fbx',
  'ain',
  'aih',
  'atx',
  'ixs',
  'mxs',
  'txt',
  'pdf',
  'html',
  'htm',
])
const IGNORED_NAMES = new Set(['.ds_store', 'thumbs.db', 'desktop.ini'])
const ARCHIVES = /\.(zip|7z|rar|tar|gz|tgz|bz2|xz|kmz|gpkg|sqlite)$/i

/** Most entries a shapefile's zip may list. */
const MAX_ENTRIES = 200

const MAGIC: Record<Member, (head: Buffer) => boolean> = {
  // The main file and its index begin with the file code 9994, big-endian.
  shp: (h) => h.length >= 100 && h.readUInt32BE(0) === 9994,
  shx: (h) => h.length >= 100 && h.readUInt32BE(0) === 9994,
  // dBASE: a version byte GDAL writes or reads.
  dbf: (h) =>
    h.length >= 32 && [0x02, 0x03, 0x04, 0x05, 0x30, 0x31, 0x43, 0x83, 0x8b, 0xf5].includes(h[0]!),
  // A projection in WKT (ESRI's or OGC's), and a code page name: plain text, no markup.
  prj: (h) => /^[\s\uFEFF]*[A-Z_]+\[/.test(h.toString('utf8')),
  cpg: (h) => /^[\w .-]{0,40}\s*$/.test(h.toString('latin1')),
}

const refused = (key: Parameters<typeof t>[0], params?: Record<string, string | number>) =>
  new InputRefused(t(key, params))

/** A name for a message: the member's path, cut short. */
const shown = (name: string) => (name.length > 80 ? `…${name.slice(-79)}` : name)

async function head(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r')
  try {
    const buffer = Buffer.alloc(bytes)
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/**
 * The one shapefile of the zip at `zipFile`, written into `dir` as `input.shp` and its side
 * files; answers the `.shp` path. Refused (InputRefused, in Portuguese) when the zip holds
 * anything else GDAL could read, no shapefile or more than one, a member missing, a member
 * that is not what its name says, or more than `maxBytes` inflated.
 */
export async function extractShapefile(
  zipFile: string,
  dir: string,
  maxBytes: number,
  maxMb: number,
): Promise<string> {
  const listing = await listZip(zipFile, MAX_ENTRIES).catch((err: unknown) => {
    throw err instanceof TooManyEntries
      ? refused('gdalInput.tooManyEntries', { max: MAX_ENTRIES })
      : refused('dataloader.unreadable', { format: 'SHAPEFILE' })
  })
  try {
    const sets = new Map<string, Map<Member, string>>()
    for (const name of listing.entries.keys()) {
      const base = name.split('/').pop()!
      if (name.split('/')[0] === '__MACOSX' || IGNORED_NAMES.has(base.toLowerCase())) continue
      const dot = base.lastIndexOf('.')
      const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : ''
      if ((MEMBERS as readonly string[]).includes(ext)) {
        const stem = name.slice(0, name.length - ext.length - 1).toLowerCase()
        const set = sets.get(stem) ?? new Map<Member, string>()
        if (set.has(ext as Member)) {
          throw refused('gdalInput.severalShapefiles', { names: shown(name) })
        }
        set.set(ext as Member, name)
        sets.set(stem, set)
        continue
      }
      if (ARCHIVES.test(base)) throw refused('gdalInput.nestedArchive', { name: shown(name) })
      if (IGNORED_EXTENSIONS.has(ext)) continue
      throw refused('gdalInput.notShapefileMember', { name: shown(name) })
    }
    const withShp = [...sets.values()].filter((s) => s.has('shp'))
    if (withShp.length > 1) {
      throw refused('gdalInput.severalShapefiles', {
        names: withShp.map((s) => shown(s.get('shp')!)).join(', '),
      })
    }
    const set = withShp[0]
    if (!set) throw refused('gdalInput.noShapefile')
    // Side files of another stem (a .dbf alone, say) are something the user did not mean.
    for (const other of sets.values()) {
      if (other !== set) {
        throw refused('gdalInput.notShapefileMember', { name: shown([...other.values()][0]!) })
      }
    }
    for (const m of REQUIRED) {
      if (!set.has(m)) {
        const shp = set.get('shp')!
        throw refused('gdalInput.missingMember', {
          name: shown(`${shp.slice(0, -4)}.${m}`),
        })
      }
    }
    let total = 0
    for (const name of set.values()) total += listing.entries.get(name)!.uncompressedSize
    if (total > maxBytes) throw refused('dataloader.tooLargeUnzipped', { max: maxMb })
    for (const [member, name] of set) {
      const target = path.join(dir, `input.${member}`)
      await extractEntry(listing.zip, listing.entries.get(name)!, target, maxBytes).catch(
        (err: unknown) => {
          throw err instanceof EntryTooLarge
            ? refused('dataloader.tooLargeUnzipped', { max: maxMb })
            : refused('dataloader.unreadable', { format: 'SHAPEFILE' })
        },
      )
      if (!MAGIC[member](await head(target, 256))) {
        throw refused('gdalInput.notWhatItSays', { name: shown(name) })
      }
    }
    return path.join(dir, 'input.shp')
  } finally {
    listing.close()
  }
}

/** A user's file made ready for GDAL: the file it opens and the one driver it is opened with. */
export interface GisInput {
  path: string
  driver: string
}

/** The drivers of the formats IMPORTAR DADOS reads through GDAL. */
export const GIS_DRIVERS = {
  zip: SHAPEFILE_DRIVER,
  gpkg: 'GPKG',
  geojson: 'GeoJSON',
  json: 'GeoJSON',
  kml: 'KML',
  kmz: 'KML',
} as const
export type GisFormat = keyof typeof GIS_DRIVERS

const GIS_MAGIC: Record<'gpkg' | 'geojson' | 'kml', (head: Buffer) => boolean> = {
  // SQLite's header, and GeoPackage's application id at offset 68 (GPKG, or GP10/GP11).
  gpkg: (h) =>
    h.length >= 72 &&
    h.toString('latin1', 0, 16) === 'SQLite format 3\u0000' &&
    ['GPKG', 'GP10', 'GP11'].includes(h.toString('latin1', 68, 72)),
  geojson: (h) => /^[\s\uFEFF]*\{/.test(h.toString('utf8')),
  kml: (h) =>
    /^[\s\uFEFF]*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<kml[\s>]/.test(h.toString('utf8')),
}

/**
 * A user's file of a GIS format, checked and put where GDAL reads it (`dir/input.<ext>`): a
 * zip's one shapefile (extractShapefile), a KMZ's one KML (its images left in the zip), a
 * GeoPackage, GeoJSON or KML whose first bytes are what its name says.
 */
export async function prepareGisInput(
  file: string,
  format: GisFormat,
  dir: string,
  maxBytes: number,
  maxMb: number,
): Promise<GisInput> {
  const driver = GIS_DRIVERS[format]
  if (format === 'zip') return { path: await extractShapefile(file, dir, maxBytes, maxMb), driver }
  const kind = format === 'json' ? 'geojson' : format === 'kmz' ? 'kml' : format
  const target = path.join(dir, `input.${kind}`)
  if (format === 'kmz') {
    await extractKml(file, target, maxBytes, maxMb)
  } else {
    await rename(file, target)
  }
  if (!GIS_MAGIC[kind](await head(target, 4096))) {
    throw refused('gdalInput.notWhatItSays', { name: `arquivo .${format}` })
  }
  return { path: target, driver }
}

/** The KML of a KMZ: its one .kml member (doc.kml), images and styles beside it left unread. */
async function extractKml(zipFile: string, target: string, maxBytes: number, maxMb: number) {
  const listing = await listZip(zipFile, MAX_ENTRIES).catch((err: unknown) => {
    throw err instanceof TooManyEntries
      ? refused('gdalInput.tooManyEntries', { max: MAX_ENTRIES })
      : refused('dataloader.unreadable', { format: 'KMZ' })
  })
  try {
    const kml = [...listing.entries.keys()].filter((n) => /\.kml$/i.test(n))
    const nested = [...listing.entries.keys()].find((n) => ARCHIVES.test(n))
    if (nested) throw refused('gdalInput.nestedArchive', { name: shown(nested) })
    if (kml.length !== 1) throw refused('gdalInput.oneKml')
    await extractEntry(listing.zip, listing.entries.get(kml[0]!)!, target, maxBytes).catch(
      (err: unknown) => {
        throw err instanceof EntryTooLarge
          ? refused('dataloader.tooLargeUnzipped', { max: maxMb })
          : refused('dataloader.unreadable', { format: 'KMZ' })
      },
    )
  } finally {
    listing.close()
  }
}

/** A layer of a GIS file as ogrinfo describes it. */
export interface GisLayer {
  name: string
  /** The EPSG code GDAL identified; null when the file names a system GDAL cannot, or none. */
  srid: number | null
  /** The system's name, when the file names one. */
  crsName: string | null
}

/**
 * The layers of a prepared input and their coordinate systems (the native ogrinfo, in the
 * isolated environment). gdal3.js has no ogrinfo: there a shapefile's .prj alone says whether
 * the file has one (`srid` 4326: GDAL moves the coordinates while converting).
 */
export async function describeGisInput(input: GisInput): Promise<GisLayer[]> {
  if ((await gdalMode()) !== 'native') {
    if (input.driver !== SHAPEFILE_DRIVER) throw refused('gdalInput.needsNativeGdal')
    const prj = await exists(`${input.path.slice(0, -4)}.prj`)
    return [{ name: 'input', srid: prj ? 4326 : null, crsName: null }]
  }
  const driver = (await ogr2ogrTakesIf()) ? ['-if', input.driver] : []
  const text = await captureNative(
    'ogrinfo',
    ['-ro', '-so', '-al', '-nocount', '-noextent', ...driver, input.path],
    {
      isolatedEnv: await gdalInputEnv([input.driver]),
    },
  )
  return text
    .split(/^Layer name: /m)
    .slice(1)
    .map((block) => {
      const name = block.slice(0, block.indexOf('\n')).trim()
      const wkt =
        /^Layer SRS WKT:\n([\s\S]*?)(?=^Data axis|^[A-Za-z_][\w ]*: |(?![\s\S]))/m
          .exec(block)?.[1]
          ?.trim() ?? ''
      if (!wkt || wkt === '(unknown)') return { name, srid: null, crsName: null }
      const code = /ID\["EPSG",(\d+)\]\]\s*$/.exec(wkt)?.[1]
      const crsName = /^[A-Z]+\["([^"]*)"/.exec(wkt)?.[1] ?? null
      return { name, srid: code ? Number(code) : null, crsName }
    })
}

/** What a conversion writes: a file, by one output driver, with ogr2ogr's other options. */
export interface GdalOutput {
  file: string
  driver: string
  options: string[]
}

/**
 * Converts a prepared input (`prepareGisInput`) into `out`: the native ogr2ogr with every
 * driver but the input's and the output's skipped and `-if` where it has it, in the isolated
 * environment; else gdal3.js given the shapefile's members alone (its own file system holds
 * nothing else).
 */
export async function convertGisInput(input: GisInput, out: GdalOutput): Promise<void> {
  const options = ['-f', out.driver, ...out.options]
  if ((await gdalMode()) === 'native') {
    const driver = (await ogr2ogrTakesIf()) ? ['-if', input.driver] : []
    await runNativeOgr2ogr([...options, ...driver, out.file, input.path], {
      failOnError: true,
      isolatedEnv: await gdalInputEnv([input.driver, out.driver]),
    })
    return
  }
  if (input.driver !== SHAPEFILE_DRIVER) throw refused('gdalInput.needsNativeGdal')
  const stem = input.path.slice(0, -4)
  const inputs: string[] = []
  for (const m of MEMBERS) {
    const file = `${stem}.${m}`
    if (await exists(file)) inputs.push(file)
  }
  const outputName = path.basename(out.file).replace(/\.[^.]+$/, '')
  const outDir = path.dirname(out.file)
  const files = await runWasmOgr2ogr({ inputs, openOptions: [], options, outputName, outDir })
  if (!files.some((f) => path.basename(f) === path.basename(out.file))) {
    throw new GdalFailure('no output written')
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  )
}

/** An extracted shapefile (`extractShapefile`) converted into `out` (convertGisInput). */
export function convertShapefile(shp: string, out: GdalOutput): Promise<void> {
  return convertGisInput({ path: shp, driver: SHAPEFILE_DRIVER }, out)
}
