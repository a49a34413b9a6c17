import { t } from '@gis/shared'
import type { Caller } from '../../auth/caller'
import type { Queryable } from '../../db/types'
import { HttpError } from '../../http/errors'
import { checkAttributes } from '../../layer-data/feature-values'
import { applyFeatureWrite } from '../../layer-data/feature-write'
import { featureColumns, readFeature } from '../../layer-data/features.sql'
import { fieldOf, type CatalogueLayer } from '../../layer-data/model'
import * as sql from './inspections.sql'

/**
 * The bridge's own fields that follow its latest accepted inspection (the map, the feature
 * window, the reports and the regulator's files read them there). Each change goes through
 * the feature write path, so the bridge's HISTÓRIA shows who changed them and when.
 */
export const BRIDGE_INSPECTION_FIELDS = {
  structural: 'nota_estrutural',
  functional: 'nota_funcional',
  durability: 'nota_durabilidade',
  date: 'ultima_inspecao',
} as const

/** Sets the bridge's note and date fields from its latest accepted inspection (none: empty). */
export async function syncBridge(
  tx: Queryable,
  caller: Caller,
  layer: CatalogueLayer,
  featureId: number,
): Promise<void> {
  const current = await readFeature(tx, layer, featureId, { lock: true })
  if (!current || current.deleted) return
  const [latest] = await sql.acceptedLatest(tx, layer.name, featureId)
  const wanted: Record<string, unknown> = {}
  for (const [key, name] of Object.entries(BRIDGE_INSPECTION_FIELDS)) {
    if (!fieldOf(layer, name)) continue
    const value = latest ? latest[key as keyof typeof BRIDGE_INSPECTION_FIELDS] : null
    const now = current.attributes[name]
    const same =
      value === null
        ? now === null || now === undefined
        : now !== null && now !== undefined && String(now).slice(0, 10) === String(value)
    if (!same) wanted[name] = value
  }
  if (Object.keys(wanted).length === 0) return
  const columns = await featureColumns(tx, layer)
  const checked = checkAttributes(layer, columns, wanted, {
    insert: false,
    current: current.attributes,
  })
  if (checked.errors.length) {
    throw new HttpError(400, t('inspectionApi.layerMissing', { layer: layer.name }), checked.errors)
  }
  await applyFeatureWrite(tx, caller, layer, {
    kind: 'update',
    id: featureId,
    values: checked.values,
    geom: undefined,
  })
}
