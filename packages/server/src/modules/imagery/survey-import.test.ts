import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { gpsToUtc, utcToGps, type SurveyImportJob } from '@gis/shared'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../../test/harness'
import { zipOf } from '../../../test/zip'
import { distanceMetres } from './survey-import-values'

const t = useTestApp()

/** A small JPEG of one colour (with EXIF GPS and a GPano XMP when given). */
async function jpeg(
  width: number,
  height: number,
  exif?: { lat: number; lon: number; date: string; heading?: number },
): Promise<Buffer> {
  let image = sharp({ create: { width, height, channels: 3, background: '#5a8fd0' } })
  if (exif) {
    const dms = (v: number) => {
      const a = Math.abs(v)
      const d = Math.floor(a)
      const m = Math.floor((a - d) * 60)
      const s = Math.round(((a - d) * 60 - m) * 60 * 10000)
      return `${d}/1 ${m}/1 ${s}/10000`
    }
    image = image.withExif({
      IFD2: { DateTimeOriginal: exif.date },
      IFD3: {
        GPSLatitudeRef: exif.lat < 0 ? 'S' : 'N',
        GPSLatitude: dms(exif.lat),
        GPSLongitudeRef: exif.lon < 0 ? 'W' : 'E',
        GPSLongitude: dms(exif.lon),
      },
    })
    if (exif.heading !== undefined) {
      image = image.withXmp(
        `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:GPano="http://ns.google.com/photos/1.0/panorama/" GPano:ProjectionType="equirectangular" GPano:PoseHeadingDegrees="${exif.heading}" GPano:FullPanoWidthPixels="${width}" GPano:FullPanoHeightPixels="${height}"/></rdf:RDF></x:xmpmeta>`,
      )
    }
  }
  return image.jpeg().toBuffer()
}

/** POST /api/imagery/surveys/import as the browser sends it (fields, then the files). */
async function upload(
  fields: Record<string, string>,
  files: { name: string; bytes: Buffer }[],
  token = t.admin,
) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.bytes)]), f.name)
  const res = await fetch(`${t.baseUrl}/api/imagery/surveys/import`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  })
  return { status: res.status, body: (await res.json()) as any }
}

async function finished(id: number): Promise<SurveyImportJob> {
  for (let i = 0; i < 600; i++) {
    const res = await t.get(`/api/imagery/surveys/import/${id}`, t.admin)
    expect(res.statusCode).toBe(200)
    const job = res.json<SurveyImportJob>()
    if (job.status === 'COMPLETE' || job.status === 'ERROR') return job
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('import did not finish')
}

const storedFiles = () => {
  const root = path.join(t.dataDir, 'files')
  return existsSync(root)
    ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).length
    : 0
}

async function eventsOf(surveyId: number) {
  const { rows } = await t.db.query<any>(
    `SELECT id::int, road, way, km, type, captured_at, ST_Y(geom) AS lat, ST_X(geom) AS lon, azimuth,
            week_gps, second_gps, orbit_event_id, orbit_event_dir, pano_width, pano_cols
       FROM app.imagery_events WHERE survey_id = $1 ORDER BY week_gps, second_gps`,
    [surveyId],
  )
  return rows
}

const EVENTS_CSV = [
  'event;road;way;km;date;latitude;longitude;azimuth;week_gps;second_gps;panorama;type',
  'E1;SP-999;Crescente;10,000;18/03/2025 10:00:00;-22,9;-47,06;90;;;pano/E1.jpg;',
  'E2;SP-999;Crescente;10,010;2025-03-18T13:00:01Z;-22.9;-47.0599;91;;;pano/E2.jpg;curva',
  'E3;SP-999;Crescente;10,020;;-22.9;-47.0598;92;2358;219620,5;;',
  'E4;SP-999;Crescente;10,030;18/03/2025 10:00:03;abc;-47.0597;92;;;;',
  'E5;SP-999;Crescente;10,040;18/03/2025 10:00:04;-22.9;-47.0596;92;;;pano/nope.jpg;',
].join('\n')

const FRAMES_CSV = [
  'event,camera,file,rotation,fov_geometry',
  'E1,1,cam/E1_1.jpg,0,"SRID=4326;POLYGON((-47.06 -22.9,-47.059 -22.9,-47.059 -22.899,-47.06 -22.9))"',
  'E1,2,cam/E1_2.jpg,90,',
  'E2,1,cam/E2_1.jpg,0,',
  'E4,1,cam/E1_1.jpg,0,',
].join('\n')

describe('survey import (events.csv, frames.csv and images in a zip)', () => {
  let surveyId = 0

  it('imports the valid rows with their images and lists the bad ones in Portuguese', async () => {
    const pano = await jpeg(64, 32)
    // Wide enough to be tiled: 2 × 1 tiles of 512 px.
    const widePano = await jpeg(1024, 512)
    const cam = await jpeg(40, 30)
    const zip = await zipOf({
      'levantamento/events.csv': EVENTS_CSV,
      'levantamento/frames.csv': FRAMES_CSV,
      'levantamento/pano/E1.jpg': pano,
      'levantamento/pano/E2.jpg': widePano,
      'levantamento/cam/E1_1.jpg': cam,
      'levantamento/cam/E1_2.jpg': cam,
      'levantamento/cam/E2_1.jpg': cam,
    })
    const res = await upload(
      { name: 'Importado 1', date: '18/03/2025', description: 'SP-999 de teste' },
      [{ name: 'levantamento.zip', bytes: zip }],
    )
    expect(res.status).toBe(201)
    const job = await finished(res.body.id)
    expect(job.status, job.message ?? '').toBe('COMPLETE')
    const summary = job.summary!
    surveyId = summary.surveyId
    expect(summary).toMatchObject({ events: 3, frames: 3, panoramas: 2 })
    expect(summary.errors).toEqual([
      { file: 'events.csv', row: 5, message: 'Linha 5: latitude inválida' },
      { file: 'events.csv', row: 6, message: 'Linha 6: arquivo pano/nope.jpg não encontrado' },
      {
        file: 'frames.csv',
        row: 5,
        message: 'Linha 5: evento E4 não está entre os eventos válidos',
      },
    ])

    const events = await eventsOf(surveyId)
    expect(events).toHaveLength(3)
    const [e1, e2, e3] = events
    // 10:00 in São Paulo is 13:00 UTC; the GPS time from the date.
    expect(new Date(e1.captured_at).toISOString()).toBe('2025-03-18T13:00:00.000Z')
    const gps = utcToGps(new Date('2025-03-18T13:00:00Z'))
    expect([e1.week_gps, e1.second_gps]).toEqual([gps.week, gps.second])
    expect(e1).toMatchObject({ road: 'SP-999', way: 'Crescente', km: 10, azimuth: 90 })
    expect(e1.lat).toBeCloseTo(-22.9, 9)
    expect(e1.lon).toBeCloseTo(-47.06, 9)
    expect(e2).toMatchObject({ km: 10.01, type: 'curva', orbit_event_dir: `s${surveyId}` })
    expect(e1.orbit_event_id).toBe(String(e1.id))
    expect(e2.orbit_event_id).toBe(String(e2.id))
    expect(e1.pano_width).toBe(64)
    expect([e2.pano_width, e2.pano_cols]).toEqual([1024, 2])
    // E3: the GPS week and second given, the date from them; no panorama.
    expect([e3.week_gps, e3.second_gps]).toEqual([2358, 219620.5])
    expect(new Date(e3.captured_at).toISOString()).toBe(gpsToUtc(2358, 219620.5).toISOString())
    expect(e3.orbit_event_id).toBeNull()

    const { rows: frames } = await t.db.query<any>(
      `SELECT event_id::int, camera_id, path, width, height, fov_geometry, rotation
         FROM app.imagery_frames f JOIN app.imagery_events e ON e.id = f.event_id
        WHERE e.survey_id = $1 ORDER BY path`,
      [surveyId],
    )
    expect(frames).toEqual([
      {
        event_id: e1.id,
        camera_id: 1,
        path: `s${surveyId}/${e1.id}/1`,
        width: 40,
        height: 30,
        fov_geometry:
          'SRID=4326;POLYGON((-47.06 -22.9,-47.059 -22.9,-47.059 -22.899,-47.06 -22.9))',
        rotation: 0,
      },
      expect.objectContaining({ path: `s${surveyId}/${e1.id}/2`, rotation: 90 }),
      expect.objectContaining({ path: `s${surveyId}/${e2.id}/1`, camera_id: 1 }),
    ])
    const { rows: images } = await t.db.query<{ path: string }>(
      `SELECT path FROM app.imagery_images WHERE path LIKE $1 OR path LIKE $2 ORDER BY path`,
      [`cameras/s${surveyId}/%`, `panoramas/s${surveyId}/%`],
    )
    const paths = images.map((r) => r.path)
    expect(paths).toContain(`panoramas/s${surveyId}/${e1.id}.jpg`)
    expect(paths).toContain(`panoramas/s${surveyId}/${e2.id}.jpg`)
    expect(paths).toContain(`panoramas/s${surveyId}/${e2.id}/tiles/1_0.jpg`)
    for (let level = 0; level <= 4; level++) {
      expect(paths).toContain(`cameras/s${surveyId}/${e1.id}/1/${level}.jpg`)
    }

    // Served like any street-level image, and read by the orbit module's calls.
    const level = await fetch(
      `${t.baseUrl}/api/images/cameras/s${surveyId}/${e1.id}/1/4.jpg?token=${t.admin}`,
    )
    expect(level.status).toBe(200)
    expect(level.headers.get('content-type')).toContain('image/jpeg')
    const served = await sharp(Buffer.from(await level.arrayBuffer())).metadata()
    expect([served.width, served.height]).toEqual([40, 30])
    const base = await fetch(
      `${t.baseUrl}/api/images/panoramas/s${surveyId}/${e2.id}.jpg?token=${t.admin}`,
    )
    expect(base.status).toBe(200)
    const event = await t.get(`/api/events/${e2.id}`, t.admin)
    expect(event.statusCode).toBe(200)
    expect(event.json()).toMatchObject({
      id: e2.id,
      road: 'SP-999',
      way: 'Crescente',
      localization: 10.01,
      survey: 'Importado 1',
      orbitEventDir: `s${surveyId}`,
      orbitEventId: String(e2.id),
    })

    const list = await t.get('/api/imagery/surveys?sort=name&limit=100', t.admin)
    expect(list.statusCode).toBe(200)
    // The demo's surveys are listed too, as such.
    expect(list.json()).toContainEqual(
      expect.objectContaining({ name: '2025-03', date: '2025-03-18', source: 'demo' }),
    )
    expect(list.json()).toContainEqual(
      expect.objectContaining({
        id: surveyId,
        name: 'Importado 1',
        date: '2025-03-18',
        description: 'SP-999 de teste',
        source: 'import',
        events: 3,
        frames: 3,
        roads: ['SP-999'],
      }),
    )
  })

  it('imports panoramas alone by their EXIF GPS and GPano heading, km from the km inicial', async () => {
    // Sent as a folder (paths kept), out of capture order; one without GPS.
    const at = (i: number) => ({ lat: -22.95, lon: -47.1 + i * 0.0001 })
    const files = [
      {
        name: 'voo/c.jpg',
        bytes: await jpeg(64, 32, { ...at(2), date: '2026:05:06 09:00:02', heading: 88 }),
      },
      {
        name: 'voo/a.jpg',
        bytes: await jpeg(64, 32, { ...at(0), date: '2026:05:06 09:00:00', heading: 90 }),
      },
      {
        name: 'voo/b.jpg',
        bytes: await jpeg(64, 32, { ...at(1), date: '2026:05:06 09:00:01', heading: 89.5 }),
      },
      { name: 'voo/sem-gps.jpg', bytes: await jpeg(64, 32) },
    ]
    const res = await upload(
      {
        name: 'Só panoramas',
        date: '2026-05-06',
        description: '',
        road: 'SP-998',
        way: 'Decrescente',
        kmStart: '20,5',
      },
      files,
    )
    expect(res.status).toBe(201)
    const job = await finished(res.body.id)
    expect(job.status, job.message ?? '').toBe('COMPLETE')
    expect(job.summary).toMatchObject({ events: 3, frames: 0, panoramas: 3 })
    expect(job.summary!.errors).toEqual([
      {
        file: 'voo/sem-gps.jpg',
        row: 4,
        message: 'Arquivo voo/sem-gps.jpg: sem posição GPS no EXIF',
      },
    ])
    const events = await eventsOf(job.summary!.surveyId)
    expect(events.map((e) => [e.road, e.way, e.azimuth])).toEqual([
      ['SP-998', 'Decrescente', 90],
      ['SP-998', 'Decrescente', 89.5],
      ['SP-998', 'Decrescente', 88],
    ])
    const step = distanceMetres(at(0), at(1)) / 1000
    expect(events[0].km).toBeCloseTo(20.5, 6)
    expect(events[1].km).toBeCloseTo(20.5 + step, 3)
    expect(events[2].km).toBeCloseTo(20.5 + 2 * step, 3)
    // 09:00 in São Paulo.
    expect(new Date(events[0].captured_at).toISOString()).toBe('2026-05-06T12:00:00.000Z')
    expect(events[0].lon).toBeCloseTo(-47.1, 5)
    expect(events.every((e) => e.orbit_event_id === String(e.id))).toBe(true)
  })

  it('ends in error and leaves nothing when no row is valid', async () => {
    const before = storedFiles()
    const zip = await zipOf({
      'events.csv': 'event;road;km;date;latitude;longitude\nX1;SP-1;1;ontem;-22;-47\n',
    })
    const res = await upload({ name: 'Nada', date: '2025-01-01', description: '' }, [
      { name: 'nada.zip', bytes: zip },
    ])
    expect(res.status).toBe(201)
    const job = await finished(res.body.id)
    expect(job.status).toBe('ERROR')
    expect(job.message).toContain('Nenhum evento válido')
    expect(job.message).toContain('Linha 2: data inválida')
    const { rows } = await t.db.query(`SELECT 1 FROM app.imagery_surveys WHERE name = 'Nada'`)
    expect(rows).toHaveLength(0)
    // The upload itself is gone too.
    expect(storedFiles()).toBe(before)
  })

  it('refuses bad input with Portuguese reasons and creates nothing', async () => {
    const before = storedFiles()
    const noFiles = await upload({ name: 'X', date: '18/03/2025', description: '' }, [])
    expect(noFiles.status).toBe(400)
    expect(noFiles.body.errors).toContainEqual({
      field: 'files',
      message: 'Escolha um arquivo .zip ou uma pasta com as imagens (e o events.csv, se houver)',
    })
    const badDate = await upload({ name: 'X', date: '31/02/2025', description: '' }, [
      { name: 'a.zip', bytes: await zipOf({ 'events.csv': EVENTS_CSV }) },
    ])
    expect(badDate.status).toBe(400)
    expect(badDate.body.errors).toEqual([
      { field: 'date', message: 'Data inválida: use dd/mm/aaaa' },
    ])
    const taken = await upload({ name: 'Importado 1', date: '2025-03-18', description: '' }, [
      { name: 'a.zip', bytes: await zipOf({ 'events.csv': EVENTS_CSV }) },
    ])
    expect(taken.status).toBe(400)
    expect(taken.body.errors).toEqual([
      { field: 'name', message: 'Já existe um levantamento com este nome' },
    ])
    expect(storedFiles()).toBe(before)
    const { rows } = await t.db.query(`SELECT 1 FROM app.imagery_surveys WHERE name = 'X'`)
    expect(rows).toHaveLength(0)
  })

  it('is for administrators only', async () => {
    expect((await t.get('/api/imagery/surveys', t.user)).statusCode).toBe(403)
    expect((await t.get('/api/imagery/surveys')).statusCode).toBe(401)
    const res = await upload({ name: 'Y', date: '2025-03-18', description: '' }, [], t.user)
    expect(res.status).toBe(403)
    expect((await t.del(`/api/imagery/surveys/${surveyId}`, t.user)).statusCode).toBe(403)
  })

  it('deletes a survey with its events, frames and stored images', async () => {
    const firstEvent = (await eventsOf(surveyId))[0].id
    const { rows: keys } = await t.db.query<{ storage_key: string }>(
      `SELECT storage_key FROM app.imagery_images WHERE path LIKE $1 OR path LIKE $2`,
      [`cameras/s${surveyId}/%`, `panoramas/s${surveyId}/%`],
    )
    expect(keys.length).toBeGreaterThan(0)
    const file = (key: string) => path.join(t.dataDir, 'files', key)
    expect(keys.every((k) => existsSync(file(k.storage_key)))).toBe(true)

    const res = await t.del(`/api/imagery/surveys/${surveyId}`, t.admin)
    expect(res.statusCode).toBe(204)
    expect(await eventsOf(surveyId)).toEqual([])
    const { rows: left } = await t.db.query(
      `SELECT 1 FROM app.imagery_images WHERE path LIKE $1 OR path LIKE $2`,
      [`cameras/s${surveyId}/%`, `panoramas/s${surveyId}/%`],
    )
    expect(left).toEqual([])
    expect(keys.some((k) => existsSync(file(k.storage_key)))).toBe(false)
    const gone = await fetch(
      `${t.baseUrl}/api/images/cameras/s${surveyId}/${firstEvent}/1/4.jpg?token=${t.admin}`,
    )
    expect(gone.status).toBe(404)
    const again = await t.del(`/api/imagery/surveys/${surveyId}`, t.admin)
    expect(again.statusCode).toBe(404)
    expect(again.json().message).toBe('Levantamento não encontrado')
  })
})
