// The server keeps answering while heavy work runs (issue 27): /healthz latency (p50, p99, max)
// and the server's resident memory while each of these runs alone, then all four at once:
//   - bomb:    an xlsx "zip bomb" (BENCH_BOMB_ROWS tiny rows, 5.1 million by default, past
//              IMPORT_MAX_ROWS) uploaded to POST /api/dataloader/import, its read refused;
//   - report:  a record template of 10 rows × 20 cells over the first 4,995 features of `placas`
//              (1 million cells), as a report job to COMPLETE and its download;
//   - import:  a csv of BENCH_IMPORT_ROWS rows (200,000) uploaded, read and executed into
//              `marcos_km` (points from lon/lat);
//   - export:  the xlsx export of BENCH_EXPORT_ROWS rows of `marcos_km` (500,000 by default);
//   - wfs:     ten WFS GetFeature of every sign of `placas` (GML 3.2) at once, read as streams
//              (issue 41: one of them held /healthz 0.55 s and ten took the process to 1.15 GB);
//   - pdf:     three PDFs of a million strokes uploaded to the documents at once, their previews
//              made (poppler killed at PDF_TIMEOUT_SECONDS) and their first page asked for.
// The peer is the same server idle (no work): its /healthz figures are printed first.
// Target: p99 under 100 ms, max under 250 ms, memory under 1.5 GB.
// Needs `npm run build` and PostgreSQL + PostGIS at BENCH_DATABASE_URL (default local).
import { spawnSync } from 'node:child_process'
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import { Worker } from 'node:worker_threads'
import pg from 'pg'
import yazl from 'yazl'
import { heavyPdf } from '../scripts/test-files.mjs'
import { databaseUrl, percentile, postgresUrl, repoRoot, signIn, startServer } from './lib.mjs'

// Past IMPORT_MAX_ROWS (5,000,000): the read refuses it once it counts the row after the limit.
const BOMB_ROWS = Number(process.env.BENCH_BOMB_ROWS ?? 5_100_000)
const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 500_000)
const REPORT_FEATURES = 4_995
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 200_000)
const PROBE_EVERY_MS = 10
const TARGET = { p99: 100, max: 250, rssMb: 1536 }

const tmp = mkdtempSync(path.join(os.tmpdir(), 'gis-bench-healthz-'))

/** A minimal xlsx whose only sheet holds `rows` one-cell rows, written as a stream (small on disk). */
async function writeBomb(file, rows) {
  const zip = new yazl.ZipFile()
  const out = createWriteStream(file)
  zip.outputStream.pipe(out)
  const part = (name, text) => zip.addBuffer(Buffer.from(text), name)
  part(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  )
  part(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  )
  part(
    'xl/workbook.xml',
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Planilha1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  )
  part(
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
  )
  const { PassThrough } = await import('node:stream')
  const sheet = new PassThrough()
  zip.addReadStream(sheet, 'xl/worksheets/sheet1.xml')
  zip.end()
  sheet.write(
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>valor</t></is></c></row>',
  )
  const batch = 10_000
  for (let r = 2; r <= rows + 1; r += batch) {
    let chunk = ''
    for (let i = r; i < Math.min(r + batch, rows + 2); i++)
      chunk += `<row r="${i}"><c r="A${i}"><v>1</v></c></row>`
    if (!sheet.write(chunk)) await once(sheet, 'drain')
  }
  sheet.end('</sheetData></worksheet>')
  await once(out, 'close')
}

function importCsv() {
  const lines = ['rodovia;km;sentido;lon;lat']
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const lon = (-53 + (i % 1000) * 0.005).toFixed(4)
    const lat = (-23 + Math.floor(i / 1000) * 0.005).toFixed(4)
    lines.push(`SP-BENCH;${(i / 10).toFixed(1).replace('.', ',')};Norte;${lon};${lat}`)
  }
  return Buffer.from(lines.join('\n'))
}

/** A record template: one page of 10 rows × 20 cells reading the feature's fields. */
function recordTemplate() {
  const fields = ['id', 'codigo_ctb', 'rodovia', 'km', 'sentido']
  const rows = Array.from({ length: 10 }, (_, r) => ({
    cells: Array.from({ length: 20 }, (_, c) => ({
      colSpan: 1,
      rowSpan: 1,
      value: `${fields[(r + c) % fields.length] === 'km' ? 'km ' : ''}\${${fields[(r + c) % fields.length]}}`,
    })),
  }))
  return {
    folder: 'Bench',
    reportType: 'record',
    visible: true,
    mine: true,
    parameters: [{ name: 'LAYER_NAME', type: 'LAYER_NAME', value: 'placas' }],
    template: {
      name: 'Ficha de placa (bench)',
      layer: 'placas',
      styles: [
        {
          name: 'Padrão',
          wrapText: false,
          textOrientation: 'NORMAL',
          horizontalAlignment: 'left',
          verticalAlignment: 'middle',
          fontSize: 10,
          fontFamily: 'ARIAL',
          fontBold: false,
          fontItalic: false,
          fontUnderline: false,
          borderTop: 'none',
          borderLeft: 'none',
          borderRight: 'none',
          borderBottom: 'none',
          backgroundColor: '#ffffff',
          fontColor: '#000000',
        },
      ],
      printable: {
        landscape: false,
        scale: 100,
        marginTop: 2,
        marginRight: 1.3,
        marginBottom: 2,
        marginLeft: 1.3,
        paperSize: 'A4',
      },
      variables: [],
      grid: [{ type: 'NONE', title: 'Ficha', rows }],
    },
  }
}

/**
 * Probes /healthz back to back (one every PROBE_EVERY_MS) from a thread of its own, so that the
 * bench's own work (building a 20 MB upload) never delays a probe, and samples the server's RSS.
 */
function probe(url, pid) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads')
     const times = []
     let stop = false
     parentPort.on('message', () => (stop = true))
     ;(async () => {
       while (!stop) {
         const started = performance.now()
         try {
           await fetch(workerData.url + '/healthz', { signal: AbortSignal.timeout(30000) })
           times.push(performance.now() - started)
         } catch {
           times.push(30000)
         }
         await new Promise((r) => setTimeout(r, workerData.every))
       }
       parentPort.postMessage(times)
     })()`,
    { eval: true, workerData: { url, every: PROBE_EVERY_MS } },
  )
  let rssMax = 0
  const rssTimer = setInterval(() => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
      if (m) rssMax = Math.max(rssMax, Number(m[1]) / 1024)
    } catch {
      // the process is gone
    }
  }, 100)
  return async () => {
    const done = once(worker, 'message')
    worker.postMessage('stop')
    const [times] = await done
    await worker.terminate()
    clearInterval(rssTimer)
    return { times, rssMax }
  }
}

async function main() {
  const name = `gis_bench_healthz_${process.pid}`
  const admin = new pg.Client({ connectionString: postgresUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  const dbUrl = databaseUrl(postgresUrl, name)
  const dataDir = path.join(tmp, 'data')
  let server
  try {
    const seeded = spawnSync(
      process.execPath,
      [path.join(repoRoot, 'packages/server/dist/seed.js')],
      { env: { PATH: process.env.PATH, DATABASE_URL: dbUrl, DATA_DIR: dataDir }, encoding: 'utf8' },
    )
    if (seeded.status !== 0) throw new Error(`seed failed: ${seeded.stderr}`)
    const db = new pg.Client({ connectionString: dbUrl })
    await db.connect()
    await db.query(
      `INSERT INTO data.marcos_km (uuid, rodovia, km, sentido, geom)
       SELECT gen_random_uuid(), 'SP-' || (100 + i % 300), ((i::bigint * 7919) % 500000) / 1000.0,
              (ARRAY['Norte','Sul','Leste','Oeste'])[1 + i % 4],
              ST_SetSRID(ST_MakePoint(-53 + (i % 1000) * 0.005, -23 + (i / 1000) * 0.005), 4326)
         FROM generate_series(1, $1::int) i`,
      [EXPORT_ROWS],
    )
    // The report reads the first 4,995 live signs (the demo has over 20,000).
    const lastId = (
      await db.query(
        'SELECT id FROM data.placas WHERE NOT d_e_l_e_t_ ORDER BY id OFFSET $1 LIMIT 1',
        [REPORT_FEATURES - 1],
      )
    ).rows[0].id
    await db.query('ANALYZE data.marcos_km; ANALYZE data.placas')
    await db.end()

    const bomb = path.join(tmp, 'bomba.xlsx')
    await writeBomb(bomb, BOMB_ROWS)
    const bombBytes = readFileSync(bomb)
    const importBytes = importCsv()

    const pdfBytes = heavyPdf()
    server = await startServer(
      { DATABASE_URL: dbUrl, DATA_DIR: dataDir, PDF_TIMEOUT_SECONDS: '10' },
      { port: 18_000 + (process.pid % 1000) },
    )
    const auth = await signIn(server.url)
    const json = { authorization: auth, 'content-type': 'application/json' }
    const api = async (method, url, body) => {
      const res = await fetch(server.url + url, {
        method,
        headers: json,
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await res.text()
      return { status: res.status, body: text ? JSON.parse(text) : null, text }
    }
    const upload = async (filename, bytes) => {
      const form = new FormData()
      form.append('file', new Blob([bytes]), filename)
      const res = await fetch(`${server.url}/api/dataloader/import`, {
        method: 'POST',
        headers: { authorization: auth },
        body: form,
      })
      return { status: res.status, body: await res.json() }
    }
    /** The upload answers 201 READING; its read job ends CREATED (read) or FAILED (refused). */
    const uploadRead = async (filename, bytes) => {
      const up = await upload(filename, bytes)
      if (up.status !== 201) return up
      for (;;) {
        const s = (await api('GET', `/api/dataloader/${up.body.id}/status`)).body
        if (s.status === 'FAILED') return { status: 400, body: { message: s.message } }
        if (s.status !== 'READING') return up
        await new Promise((r) => setTimeout(r, 200))
      }
    }
    const waitJob = async (id) => {
      for (;;) {
        const job = (await api('GET', `/api/reports/jobs/${id}`)).body
        if (job.status === 'COMPLETE') break
        if (job.status === 'ERROR') throw new Error(`job ${id}: ${job.message}`)
        await new Promise((r) => setTimeout(r, 200))
      }
      const file = await fetch(`${server.url}/api/report/${id}`, {
        headers: { authorization: auth },
      })
      if (!file.ok) throw new Error(`download ${id}: ${file.status}`)
      return (await file.arrayBuffer()).byteLength
    }
    const template = await api('POST', '/api/reports/templates', recordTemplate())
    if (template.status !== 201) throw new Error(`template: ${template.status} ${template.text}`)

    const workloads = {
      bomb: async () => {
        const res = await uploadRead('bomba.xlsx', bombBytes)
        if (res.status !== 400) throw new Error(`bomb: expected a refusal, got ${res.status}`)
        return `${(bombBytes.length / 1e6).toFixed(1)} MB, 400 '${res.body.message}'`
      },
      report: async () => {
        const started = await api('POST', `/api/reports/${template.body.id}`, {
          layerName: 'placas',
          filter: {
            type: 'group',
            operator: 'and',
            rules: [{ type: 'rule', field: 'id', operator: 'le', value: lastId }],
          },
          parameters: {},
        })
        if (started.status !== 202) throw new Error(`report: ${started.status} ${started.text}`)
        const bytes = await waitJob(started.body.id)
        return `${(bytes / 1e6).toFixed(1)} MB xlsx`
      },
      import: async () => {
        const job = await uploadRead('marcos-bench.csv', importBytes)
        if (job.status !== 201) throw new Error(`import upload: ${job.status}`)
        const res = await api('POST', `/api/dataloader/${job.body.id}/execute`, {
          destinyType: 0,
          layerName: 'marcos_km',
          mappings: [
            { source: 'rodovia', destiny: 'rodovia' },
            { source: 'km', destiny: 'km' },
            { source: 'sentido', destiny: 'sentido' },
          ],
          spatializeType: 'generate',
          spatializeMode: 'all',
          spatializeVertices: [{ x: 'lon', y: 'lat' }],
        })
        if (res.status !== 202) throw new Error(`import execute: ${res.status} ${res.text}`)
        for (;;) {
          const s = (await api('GET', `/api/dataloader/${job.body.id}/status`)).body
          if (s.status === 'COMPLETE') break
          if (s.status === 'ERROR' || s.status === 'CANCELLED') {
            throw new Error(`import: ${s.message}`)
          }
          await new Promise((r) => setTimeout(r, 200))
        }
        const report = (await api('GET', `/api/dataloader/${job.body.id}/report`)).body
        return `${report.created} created, ${report.errors} errors`
      },
      export: async () => {
        const started = await api('POST', '/api/features/marcos_km/report?format=xlsx', {
          fields: ['id', 'rodovia', 'km', 'sentido'],
        })
        if (started.status !== 202) throw new Error(`export: ${started.status} ${started.text}`)
        const bytes = await waitJob(started.body.id)
        return `${(bytes / 1e6).toFixed(1)} MB xlsx`
      },
    }

    workloads.wfs = async () => {
      const sizes = await Promise.all(
        Array.from({ length: 10 }, async () => {
          const res = await fetch(
            `${server.url}/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=placas&COUNT=100000`,
            { headers: { authorization: auth, 'accept-encoding': 'identity' } },
          )
          if (!res.ok) throw new Error(`wfs: ${res.status}`)
          let bytes = 0
          for await (const chunk of res.body) bytes += chunk.length
          return bytes
        }),
      )
      return `10 × ${(sizes[0] / 1e6).toFixed(1)} MB of GML`
    }
    workloads.pdf = async () => {
      const folders = (await api('GET', '/api/documents/folders')).body
      const folder = folders.find((f) => f.name === 'Projetos').id
      const docs = await Promise.all(
        [1, 2, 3].map(async (i) => {
          const form = new FormData()
          form.append('folderId', String(folder))
          form.append('file', new Blob([pdfBytes]), `pesado-${i}.pdf`)
          const res = await fetch(`${server.url}/api/documents`, {
            method: 'POST',
            headers: { authorization: auth },
            body: form,
          })
          if (res.status !== 201) throw new Error(`pdf upload: ${res.status}`)
          return res.json()
        }),
      )
      const states = []
      for (const doc of docs) {
        for (;;) {
          const d = (await api('GET', `/api/documents/${doc.id}`)).body
          if (d.preview !== 'pending') {
            states.push(d.preview)
            break
          }
          await new Promise((r) => setTimeout(r, 200))
        }
      }
      const token = auth.split(' ')[1]
      const pages = await Promise.all(
        docs.map((d) =>
          fetch(`${server.url}/api/documents/${d.id}/versions/1/pages/1.png?token=${token}`).then(
            (r) => r.status,
          ),
        ),
      )
      return `3 × ${(pdfBytes.length / 1e3).toFixed(0)} KB PDFs: previews ${states.join(', ')}; pages ${pages.join(', ')}`
    }

    const only = process.env.BENCH_HEALTHZ_ONLY?.split(',')
    const phases = [
      ['idle (peer)', []],
      ...Object.keys(workloads).map((k) => [k, [k]]),
      ['all at once', Object.keys(workloads)],
    ].filter(
      ([label, keys]) => !only || keys.every((k) => only.includes(k)) || label === 'idle (peer)',
    )
    console.log(
      `/healthz while heavy work runs (PostgreSQL; ${os.availableParallelism()} cores); target p99 < ${TARGET.p99} ms, max < ${TARGET.max} ms, RSS < ${TARGET.rssMb} MB`,
    )
    let idleP99 = 0
    for (const [label, keys] of phases) {
      const stopProbe = probe(server.url, server.pid)
      const started = performance.now()
      const notes = keys.length
        ? await Promise.all(keys.map((k) => workloads[k]().then((n) => `${k}: ${n}`)))
        : await new Promise((r) => setTimeout(() => r(['3 s of nothing']), 3000))
      const seconds = (performance.now() - started) / 1000
      const { times, rssMax } = await stopProbe()
      const p50 = percentile(times, 50)
      const p99 = percentile(times, 99)
      const max = Math.max(...times)
      idleP99 ||= p99
      const ok = p99 < TARGET.p99 && max < TARGET.max && rssMax < TARGET.rssMb
      console.log(
        `${label.padEnd(18)} ${seconds.toFixed(1).padStart(6)} s  probes ${String(times.length).padStart(5)}  p50 ${p50.toFixed(1).padStart(6)} ms  p99 ${p99.toFixed(1).padStart(7)} ms  max ${max.toFixed(0).padStart(6)} ms  RSS max ${rssMax.toFixed(0).padStart(5)} MB  p99/idle ${(p99 / idleP99).toFixed(1)}x  ${ok ? 'ok' : 'OVER TARGET'}`,
      )
      for (const n of notes) console.log(`${''.padEnd(20)}${n}`)
    }
  } finally {
    await server?.stop()
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await admin.end()
    rmSync(tmp, { recursive: true, force: true })
  }
}

await main()
