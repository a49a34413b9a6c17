import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { convertShapefile } from '../../gdal/gdal-input'
import { uploadImport } from '../../../test/dataloader'
import { useTestApp } from '../../../test/harness'
import { countingListener, type CountingListener } from '../../../test/listener'
import { zipOf } from '../../../test/zip'
import { ogr2ogrPoint } from '../../../../../scripts/test-files.mjs'

/**
 * GDAL reads only what the import asked for (issue 41, decision 86): files made here that
 * point GDAL at the server's own files or at an address inside the network are refused with a
 * Portuguese 400, store nothing, and make no connection (a listener on loopback counts them).
 */

const t = useTestApp()
let listener: CountingListener
/** The members of a real one-point shapefile written by ogr2ogr. */
let shapefile: Record<'shp' | 'shx' | 'dbf' | 'prj' | 'cpg', Buffer>
let native = true

beforeAll(async () => {
  listener = await countingListener()
  try {
    shapefile = ogr2ogrPoint(
      { rodovia: 'SP-GDAL', km: 3.5 },
      [-47.25, -22.75],
      ['-f', 'ESRI Shapefile', '-lco', 'ENCODING=UTF-8', 'out'],
      (dir) => {
        const out = path.join(dir, 'out')
        const [file] = readdirSync(out).filter((f) => f.endsWith('.shp'))
        const stem = path.join(out, file!.slice(0, -4))
        return {
          shp: readFileSync(`${stem}.shp`),
          shx: readFileSync(`${stem}.shx`),
          dbf: readFileSync(`${stem}.dbf`),
          prj: readFileSync(`${stem}.prj`),
          cpg: readFileSync(`${stem}.cpg`),
        }
      },
    )
  } catch {
    native = false
  }
})

afterAll(() => listener?.close())

const upload = (name: string, bytes: Buffer) => uploadImport(t, name, bytes, t.user)

/** Imports kept with their rows (a refused file leaves its import FAILED, without rows or file). */
const importCount = async () =>
  (
    await t.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM app.dataloader_imports WHERE state <> 'FAILED')::int
            + (SELECT count(DISTINCT import_id) FROM app.dataloader_rows)::int AS n`,
    )
  ).rows[0]!.n

/** An OGR VRT reading `source` (a path, or /vsicurl/ with a URL) as a csv layer. */
const vrt = (source: string) =>
  `<OGRVRTDataSource><OGRVRTLayer name="segredo"><SrcDataSource>${source}</SrcDataSource></OGRVRTLayer></OGRVRTDataSource>`

/** A stored file of this server (an export, an attachment) that a hostile file might name. */
function storedSecret(): string {
  const dir = path.join(t.dataDir, 'files', 'exports')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'outro-usuario.csv')
  writeFileSync(file, 'cpf,nome\n123,Fulano\n')
  return file
}

/** Uploads `zip`, expects the 400 with `message`, nothing stored and no connection made. */
async function expectRefused(zip: Buffer, message: string | RegExp) {
  const before = await importCount()
  const res = await upload('hostil.zip', zip)
  expect(res.status).toBe(400)
  if (typeof message === 'string') expect(res.body.message).toBe(message)
  else expect(res.body.message).toMatch(message)
  expect(await importCount()).toBe(before)
  expect(listener.connections()).toBe(0)
}

describe('POST /api/dataloader/import: what GDAL is given', () => {
  it('refuses a zip holding only an OGR VRT that names a stored file or a loopback URL', async () => {
    await expectRefused(
      await zipOf({ 'dados.vrt': vrt(storedSecret()) }),
      'O arquivo dados.vrt do zip não faz parte de um shapefile. O zip deve conter um único shapefile: .shp, .shx e .dbf (e, se houver, .prj e .cpg).',
    )
    await expectRefused(
      await zipOf({ 'dados.vrt': vrt(`/vsicurl/${listener.url}/internal.csv`) }),
      /^O arquivo dados\.vrt do zip não faz parte de um shapefile/,
    )
    await expectRefused(
      await zipOf({ 'pacote.vrt': vrt('/usr/share/gdal/pcs.override.csv') }),
      /^O arquivo pacote\.vrt do zip/,
    )
  })

  it('refuses a zip inside the zip, and a csv with a VRT beside it', async () => {
    const inner = await zipOf({ 'dados.vrt': vrt(`/vsicurl/${listener.url}/x.csv`) })
    await expectRefused(
      await zipOf({ 'dentro.zip': inner }),
      'O zip contém outro arquivo compactado (dentro.zip). Envie o shapefile diretamente num único zip.',
    )
    await expectRefused(
      await zipOf({ 'pontos.csv': 'a,b\n1,2\n', 'pontos.vrt': vrt('pontos.csv') }),
      /^O arquivo pontos\.(csv|vrt) do zip não faz parte de um shapefile/,
    )
  })

  it('refuses a VRT, a GeoPackage or a GeoJSON named as the members of a shapefile', async ({
    skip,
  }) => {
    if (!native) return skip('no native ogr2ogr to write the fixture')
    await expectRefused(
      await zipOf({
        'trecho.shp': vrt(`/vsicurl/${listener.url}/internal.csv`),
        'trecho.shx': shapefile.shx,
        'trecho.dbf': shapefile.dbf,
      }),
      'O arquivo trecho.shp do zip não é um arquivo de shapefile válido.',
    )
    await expectRefused(
      await zipOf({
        'trecho.shp': shapefile.shp,
        'trecho.shx': shapefile.shx,
        'trecho.dbf': '{"type":"FeatureCollection","features":[]}',
      }),
      'O arquivo trecho.dbf do zip não é um arquivo de shapefile válido.',
    )
    await expectRefused(
      await zipOf({
        'trecho.shp': shapefile.shp,
        'trecho.shx': shapefile.shx,
        'trecho.dbf': shapefile.dbf,
        'trecho.prj': `<OGRVRTDataSource/>`,
      }),
      'O arquivo trecho.prj do zip não é um arquivo de shapefile válido.',
    )
  })

  it('refuses no shapefile, two shapefiles and a shapefile without its .dbf', async ({ skip }) => {
    if (!native) return skip('no native ogr2ogr to write the fixture')
    await expectRefused(
      await zipOf({ 'leia-me.txt': 'nada aqui' }),
      'O zip não contém um shapefile (.shp com .shx e .dbf).',
    )
    await expectRefused(
      await zipOf({
        'a.shp': shapefile.shp,
        'a.shx': shapefile.shx,
        'a.dbf': shapefile.dbf,
        'b.shp': shapefile.shp,
        'b.shx': shapefile.shx,
        'b.dbf': shapefile.dbf,
      }),
      'O zip contém mais de um shapefile (a.shp, b.shp). Envie um shapefile por vez.',
    )
    await expectRefused(
      await zipOf({ 'pasta/a.shp': shapefile.shp, 'pasta/a.shx': shapefile.shx }),
      'Falta o arquivo pasta/a.dbf do shapefile no zip.',
    )
  })

  it('reads a shapefile in a folder, with ArcGIS metadata and macOS leftovers beside it', async ({
    skip,
  }) => {
    if (!native) return skip('no native ogr2ogr to write the fixture')
    const res = await upload(
      'marcos.zip',
      await zipOf({
        'Entrega/Marcos.SHP': shapefile.shp,
        'Entrega/Marcos.shx': shapefile.shx,
        'Entrega/Marcos.dbf': shapefile.dbf,
        'Entrega/Marcos.prj': shapefile.prj,
        'Entrega/Marcos.cpg': shapefile.cpg,
        'Entrega/Marcos.shp.xml': '<metadata/>',
        'Entrega/Marcos.sbn': Buffer.alloc(16),
        '__MACOSX/Entrega/._Marcos.shp': Buffer.alloc(16),
        'Entrega/.DS_Store': Buffer.alloc(16),
      }),
    )
    expect(res.status, res.body.message).toBe(201)
    expect(res.body.metadata.columnNames).toEqual(['WKT', 'rodovia', 'km'])
    const rows = (await t.get(`/api/dataloader/${res.body.id}/data`, t.user)).json().data
    expect(rows[0].data).toMatchObject({ WKT: 'POINT (-47.25 -22.75)', rodovia: 'SP-GDAL' })
    expect(listener.connections()).toBe(0)
  })
})

describe('convertShapefile (the GDAL run itself)', () => {
  it('opens with the shapefile driver only, in an environment without network: a VRT past the checks reaches nothing', async ({
    skip,
  }) => {
    if (!native) return skip('no native ogr2ogr')
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gis-gdal-input-'))
    try {
      // What extractShapefile would never write: a VRT under the shapefile's name.
      writeFileSync(path.join(dir, 'input.shp'), vrt(`/vsicurl/${listener.url}/internal.csv`))
      await expect(
        convertShapefile(path.join(dir, 'input.shp'), {
          file: path.join(dir, 'out.csv'),
          driver: 'CSV',
          options: [],
        }),
      ).rejects.toThrow()
      writeFileSync(path.join(dir, 'vrt.vrt'), vrt(`/vsicurl/${listener.url}/internal.csv`))
      await expect(
        convertShapefile(path.join(dir, 'vrt.vrt'), {
          file: path.join(dir, 'out2.csv'),
          driver: 'CSV',
          options: [],
        }),
      ).rejects.toThrow()
      expect(listener.connections()).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
