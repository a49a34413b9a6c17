import { createReadStream, createWriteStream, mkdtempSync } from 'node:fs'
import { stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import {
  bridgeStatusName,
  bridgeStatusSchema,
  inspectionToday,
  neutraliseFormula,
  t,
  type BridgeStatus,
  type MessageKey,
  type SessionUser,
} from '@gis/shared'
import type { Queryable } from '../../db/types'
import { badRequest } from '../../http/errors'
import type { Download } from '../../http/send-file'
import { discard } from '../export/export-file'
import { brazilianDate, decimalComma } from '../export/export-values'
import {
  finish,
  KML_DOCUMENT_END,
  kmlDocumentStart,
  safeSheetName,
  write,
  xmlText,
} from '../export/writers'
import { zipFiles } from '../export/zip'
import {
  filterRows,
  inspectionLayer,
  registerRows,
  sortRows,
  type RegisterRow,
} from './inspections-register'

/**
 * The exports of the register: xlsx (one row per bridge: its last inspection, notes, next due
 * and status; exceljs streamed to disk as the search's xlsx) and the regulator's KMZ (module
 * artespKmz: 'KMZ padrão ARTESP' of domain.md, folder OAE, the fields as ExtendedData).
 */

type User = Pick<SessionUser, 'id' | 'admin'>

export interface ExportQuery {
  status?: string
  filter?: string
}

/** The rows of an export query (status comma separated, filter as JSON text), by code. */
async function exportRows(db: Queryable, user: User, q: ExportQuery): Promise<RegisterRow[]> {
  let filter: unknown
  if (q.filter) {
    try {
      filter = JSON.parse(q.filter)
    } catch {
      throw badRequest([{ field: 'filter', message: t('filters.invalid') }])
    }
  }
  const statuses: BridgeStatus[] = []
  for (const s of (q.status ?? '').split(',').filter(Boolean)) {
    const parsed = bridgeStatusSchema.safeParse(s.trim())
    if (!parsed.success) {
      throw badRequest([{ field: 'status', message: t('inspectionApi.statusInvalid') }])
    }
    statuses.push(parsed.data)
  }
  const access = await inspectionLayer(db, user)
  const rows = await registerRows(db, access, { filter })
  return sortRows(filterRows(rows, statuses.length ? statuses : undefined), 'codigo')
}

/** The register's columns: message key, width and value. */
const COLUMNS: [MessageKey, number, (r: RegisterRow) => string | number | Date | null][] = [
  ['inspectionApi.colCodigo', 24, (r) => r.codigo],
  ['inspectionApi.colCodigoArtesp', 24, (r) => r.codigoArtesp],
  ['inspectionApi.colTipo', 12, (r) => r.tipo],
  ['inspectionApi.colRodovia', 10, (r) => r.rodovia],
  ['inspectionApi.colKm', 10, (r) => r.km],
  ['inspectionApi.colSentido', 10, (r) => r.sentido],
  ['inspectionApi.colLastDate', 14, (r) => dateCell(r.last?.date)],
  ['inspectionApi.colLastType', 18, (r) => r.last?.type ?? null],
  ['inspectionApi.colStructural', 10, (r) => r.last?.structural ?? null],
  ['inspectionApi.colFunctional', 10, (r) => r.last?.functional ?? null],
  ['inspectionApi.colDurability', 10, (r) => r.last?.durability ?? null],
  ['inspectionApi.colWorst', 10, (r) => r.worstNote],
  ['inspectionApi.colNextDue', 14, (r) => dateCell(r.nextDue)],
  ['inspectionApi.colNextDueType', 18, (r) => r.nextDueType],
  ['inspectionApi.colStatus', 20, (r) => bridgeStatusName(r.status)],
]

function dateCell(date: string | null | undefined): Date | null {
  return date ? new Date(`${date}T00:00:00Z`) : null
}

function stamp(): string {
  return inspectionToday().replaceAll('-', '')
}

function download(
  dir: string,
  file: string,
  filename: string,
  contentType: string,
  size: number,
): Download {
  return {
    stream: createReadStream(file),
    filename,
    contentType,
    size,
    done: () => discard(dir),
  }
}

/** GET /export.xlsx */
export async function exportXlsx(db: Queryable, user: User, q: ExportQuery): Promise<Download> {
  const rows = await exportRows(db, user, q)
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gis-inspections-'))
  try {
    const file = path.join(dir, 'inspecoes.xlsx')
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: file,
      useStyles: true,
      useSharedStrings: true,
    })
    const sheet = workbook.addWorksheet(safeSheetName(t('inspectionApi.exportSheet')), {
      views: [{ state: 'frozen', ySplit: 1 }],
    })
    sheet.columns = COLUMNS.map(([key, width], i) => ({ header: t(key), key: String(i), width }))
    sheet.getRow(1).font = { bold: true }
    sheet.getRow(1).commit()
    for (const r of rows) {
      const values = COLUMNS.map(([, , value]) => {
        const v = value(r)
        return typeof v === 'string' ? neutraliseFormula(v) : v
      })
      const added = sheet.addRow(values)
      values.forEach((v, i) => {
        if (v instanceof Date) added.getCell(i + 1).numFmt = 'dd/mm/yyyy'
      })
      added.commit()
    }
    sheet.commit()
    await workbook.commit()
    return download(
      dir,
      file,
      `inspecoes_oae_${stamp()}.xlsx`,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      (await stat(file)).size,
    )
  } catch (err) {
    discard(dir)
    throw err
  }
}

/** KML colours (aabbggrr) by worst note, 5 green … 1 dark red; never inspected grey. */
const NOTE_COLOURS: Record<string, string> = {
  '5': 'ff3c8e2e',
  '4': 'ff4ac38b',
  '3': 'ff3bc9fb',
  '2': 'ff2273f5',
  '1': 'ff1c1cb7',
  none: 'ff9e9e9e',
}

/** The ExtendedData of a bridge: the names of domain.md and the register's. */
function extendedData(r: RegisterRow): [string, string][] {
  const n = (v: number | null | undefined) => (v === null || v === undefined ? '' : decimalComma(v))
  const d = (v: string | null | undefined) => (v ? brazilianDate(v) : '')
  return [
    ['codigo', r.codigo ?? ''],
    ['codigo_artesp', r.codigoArtesp ?? ''],
    ['tipo', r.tipo ?? ''],
    ['rodovia', r.rodovia ?? ''],
    ['km', n(r.km)],
    ['sentido', r.sentido ?? ''],
    ['nota_estrutural', n(r.last?.structural)],
    ['nota_funcional', n(r.last?.functional)],
    ['nota_durabilidade', n(r.last?.durability)],
    ['ultima_inspecao', d(r.last?.date)],
    ['tipo_ultima_inspecao', r.last?.type ?? ''],
    ['pior_nota', n(r.worstNote)],
    ['proximo_vencimento', d(r.nextDue)],
    ['tipo_proximo_vencimento', r.nextDueType ?? ''],
    ['situacao', bridgeStatusName(r.status)],
  ]
}

function placemark(r: RegisterRow): string {
  const data = extendedData(r)
    .map(([name, value]) => `<Data name="${name}"><value>${xmlText(value)}</value></Data>`)
    .join('')
  const point =
    r.lon === null || r.lat === null
      ? ''
      : `<Point><coordinates>${r.lon},${r.lat}</coordinates></Point>`
  return `<Placemark><name>${xmlText(r.codigo ?? String(r.featureId))}</name><styleUrl>#oae-nota-${
    r.worstNote ?? 'none'
  }</styleUrl><ExtendedData>${data}</ExtendedData>${point}</Placemark>\n`
}

/** GET /export.kmz (module artespKmz). */
export async function exportKmz(db: Queryable, user: User, q: ExportQuery): Promise<Download> {
  const rows = await exportRows(db, user, q)
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gis-inspections-'))
  try {
    const doc = path.join(dir, 'doc.kml')
    const out = createWriteStream(doc)
    const styles = Object.entries(NOTE_COLOURS)
      .map(
        ([note, colour]) =>
          `<Style id="oae-nota-${note}"><IconStyle><color>${colour}</color></IconStyle></Style>`,
      )
      .join('')
    await write(
      out,
      kmlDocumentStart(t('inspectionApi.kmzDocument')) +
        `<ExtendedData><Data name="data_geracao"><value>${new Date().toISOString()}</value></Data></ExtendedData>` +
        styles +
        `<Folder><name>${xmlText(t('inspectionApi.kmzFolder'))}</name>\n`,
    )
    for (const r of rows) await write(out, placemark(r))
    await write(out, '</Folder>\n' + KML_DOCUMENT_END)
    await finish(out)
    const kmz = path.join(dir, 'oae.kmz')
    await zipFiles(kmz, [doc])
    return download(
      dir,
      kmz,
      `artesp_oae_${stamp()}.kmz`,
      'application/vnd.google-earth.kmz',
      (await stat(kmz)).size,
    )
  } catch (err) {
    discard(dir)
    throw err
  }
}
