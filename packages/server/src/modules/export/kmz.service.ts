import { createWriteStream, mkdtempSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import {
  defaultExportFields,
  SAO_PAULO_TIME_ZONE,
  t,
  wallClockIn,
  type SessionUser,
} from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { badRequest, notFound } from '../../http/errors'
import type { Download } from '../../http/send-file'
import { readableLayers } from '../../layer-data/catalogue'
import type { CatalogueLayer } from '../../layer-data/model'
import { searchFields } from '../../layer-data/search'
import { countMatching } from '../../layer-data/search-export'
import { readAppConfig } from '../config/config.service'
import { withFilterErrors } from '../../layer-data/layer-access'
import { discard, planExport, queryOf, type ExportPlan } from './export-file'
import {
  finish as closeFile,
  KML_DOCUMENT_END,
  kmlDocumentStart,
  kmlLayerHead,
  writeKmlFolder,
  write as writeText,
  type KmlIds,
  type WriteContext,
} from './writers'
import { zipFiles } from './zip'

type User = Pick<SessionUser, 'id' | 'admin'>

const saoPaulo = wallClockIn(SAO_PAULO_TIME_ZONE)

/** The day of an instant in São Paulo as yyyymmdd: the users' date, not UTC's. */
function saoPauloDay(at: Date): string {
  const c = saoPaulo(at)
  return `${c.year}${String(c.month).padStart(2, '0')}${String(c.day).padStart(2, '0')}`
}

/** Regulators with a KMZ export, and the module that switches each on (spec 1 §1). */
const REGULATORS: Record<string, string> = { artesp: 'artespKmz' }

/** At most this many items in one KMZ. */
export const KMZ_MAX_ITEMS = 50

async function checkRegulator(deps: AppDeps, regulator: string): Promise<void> {
  const module = REGULATORS[regulator]
  const { modules } = await readAppConfig(deps.db, deps.config)
  if (!module || !modules.includes(module)) throw notFound()
}

/** The items a user may put in the KMZ: the layers with geometry it reads. */
async function kmzLayers(deps: AppDeps, user: User): Promise<CatalogueLayer[]> {
  const layers = await readableLayers(deps.db, user, { fresh: true })
  return layers.filter((l) => l.geometryType !== 'TABULAR')
}

/** `GET /api/integration/{regulator}/kmz/items`: item key to label (404 when switched off). */
export async function kmzItems(
  deps: AppDeps,
  user: User,
  regulator: string,
): Promise<Record<string, string>> {
  await checkRegulator(deps, regulator)
  return Object.fromEntries((await kmzLayers(deps, user)).map((l) => [l.name, l.title]))
}

/** What the search adds for its own layer: the selection or the filter, the chosen fields. */
export interface KmzScope {
  layer: string
  fields?: string[]
  ids?: number[]
  filter?: unknown
}

/**
 * `GET /api/integration/{regulator}/kmz?items=`: one KMZ whose doc.kml holds a Folder per chosen
 * item with placemarks (none for an item with no feature to write), the live features only,
 * each placemark carrying its fields as ExtendedData. The item of `scope.layer` (the search's)
 * holds only the search's selection (or its filter's matches) with the fields chosen in the
 * export dialog; the other items every live feature with the fields an export checks at first
 * (no system field but the id, no 'foto').
 */
export async function kmzExport(
  deps: AppDeps,
  user: User,
  regulator: string,
  items: string[],
  scope?: KmzScope,
): Promise<Download> {
  await checkRegulator(deps, regulator)
  const byName = new Map((await kmzLayers(deps, user)).map((l) => [l.name, l]))
  const chosen = [...new Set(items)]
  if (chosen.length === 0 || chosen.length > KMZ_MAX_ITEMS) {
    throw badRequest([{ field: 'items', message: t('export.kmzItems', { max: KMZ_MAX_ITEMS }) }])
  }
  const layers = chosen.map((name, i) => {
    const layer = byName.get(name)
    if (!layer) {
      throw badRequest([
        { field: `items.${i}`, message: t('export.kmzUnknownItem', { item: name }) },
      ])
    }
    return layer
  })
  if (scope && !chosen.includes(scope.layer)) {
    throw badRequest([
      { field: 'layer', message: t('export.kmzLayerNotItem', { layer: scope.layer }) },
    ])
  }
  const plans = await withFilterErrors(async () =>
    layers.map((layer) => {
      const own = scope?.layer === layer.name ? scope : undefined
      const fields = own?.fields?.length ? own.fields : defaultExportFields(searchFields(layer))
      return planExport(layer, { fields, filter: own?.filter, ids: own?.ids }, 'kml')
    }),
  )
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gis-kmz-'))
  try {
    // Only the items with something to write get a folder.
    const written: { plan: ExportPlan; ids: KmlIds }[] = []
    for (const plan of plans) {
      if ((await countMatching(deps.db, plan.layer, plan.spec)) === 0) continue
      written.push({
        plan,
        ids: { style: `${plan.layer.name}-estilo`, schema: `${plan.layer.name}-dados` },
      })
    }
    const doc = path.join(dir, 'doc.kml')
    const out = createWriteStream(doc)
    await writeText(
      out,
      kmlDocumentStart(regulator.toUpperCase()) +
        written.map((w) => kmlLayerHead(w.plan.layer, w.plan.fields, w.ids)).join(''),
    )
    for (const { plan, ids } of written) {
      const ctx: WriteContext = {
        db: deps.db,
        query: queryOf(plan),
        timeZone: plan.timeZone,
        onRows: async () => undefined,
      }
      await writeKmlFolder(out, ctx, plan.layer, ids)
    }
    await writeText(out, KML_DOCUMENT_END)
    await closeFile(out)
    const kmz = path.join(dir, `${regulator}.kmz`)
    await zipFiles(kmz, [doc])
    const data = await readFile(kmz)
    return {
      stream: Readable.from([data]),
      filename: `${regulator}_${saoPauloDay(new Date())}.kmz`,
      contentType: 'application/vnd.google-earth.kmz',
      size: data.length,
    }
  } finally {
    discard(dir)
  }
}
