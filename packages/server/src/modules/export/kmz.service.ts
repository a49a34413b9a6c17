import { mkdtempSync } from 'node:fs'
import { copyFile, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { t, type SessionUser } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { badRequest, notFound } from '../../http/errors'
import { readableLayers } from '../../layer-data/catalogue'
import type { CatalogueLayer } from '../../layer-data/model'
import { searchFields } from '../../layer-data/search'
import { readAppConfig } from '../config/config.service'
import { discard, planExport, produceExport } from './export-file'
import type { Download } from './export.service'
import { zipFiles } from './zip'

type User = Pick<SessionUser, 'id' | 'admin'>

/** Regulators with a KMZ export, and the module that switches each on (spec 1 §1). */
const REGULATORS: Record<string, string> = { artesp: 'artespKmz' }

/** The live features only (the deleted ones stay out of the regulator's file). */
const LIVE = {
  type: 'group',
  operator: 'and',
  rules: [{ type: 'rule', field: 'd_e_l_e_t_', operator: 'eq', value: false }],
}

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

/**
 * `GET /api/integration/{regulator}/kmz?items=`: one KMZ whose doc.kml links each chosen
 * item's KML (every live feature of the layer, its fields as ExtendedData), inside the file.
 */
export async function kmzExport(
  deps: AppDeps,
  user: User,
  regulator: string,
  items: string[],
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
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gis-kmz-'))
  const produced: string[] = []
  try {
    const files: string[] = []
    for (const layer of layers) {
      const fields = searchFields(layer)
        .filter((f) => f.type !== 'geometry' && f.name !== 'd_e_l_e_t_' && f.name !== 'foto')
        .map((f) => f.name)
      const plan = planExport(layer, { fields, filter: LIVE }, 'kml')
      const out = await produceExport(plan, { db: deps.db, config: deps.config })
      produced.push(out.dir)
      const target = path.join(dir, `${layer.name}.kml`)
      await copyFile(out.file, target)
      files.push(target)
    }
    const doc = path.join(dir, 'doc.kml')
    await writeFile(doc, docKml(regulator, layers))
    const kmz = path.join(dir, `${regulator}.kmz`)
    await zipFiles(kmz, [doc, ...files])
    const data = await readFile(kmz)
    return {
      stream: Readable.from([data]),
      filename: `${regulator}_${new Date().toISOString().slice(0, 10).replaceAll('-', '')}.kmz`,
      contentType: 'application/vnd.google-earth.kmz',
      size: data.length,
    }
  } finally {
    for (const d of produced) discard(d)
    discard(dir)
  }
}

function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

function docKml(regulator: string, layers: CatalogueLayer[]): string {
  const links = layers
    .map(
      (l) =>
        `<NetworkLink><name>${xml(l.title)}</name><Link><href>${xml(l.name)}.kml</href></Link></NetworkLink>`,
    )
    .join('')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>${xml(
    regulator.toUpperCase(),
  )}</name>${links}</Document></kml>\n`
}
