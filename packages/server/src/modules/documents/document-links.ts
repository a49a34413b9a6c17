import type { DocumentLink } from '@gis/shared'
import type { Queryable } from '../../db/types'
import { freshCatalogue } from '../../layer-data/catalogue'
import { featureLabels } from '../../layer-data/features.sql'
import * as sql from './documents.sql'

/**
 * A document's links to features of the layers the user may read, each named by its layer's
 * title and the feature's display value ('#id' without one).
 */
export async function documentLinks(
  db: Queryable,
  documentId: number,
  readableLayers: readonly string[],
): Promise<DocumentLink[]> {
  const links = (await sql.listLinks(db, documentId)).filter((l) =>
    readableLayers.includes(l.layer_name),
  )
  if (links.length === 0) return []
  const layers = new Map((await freshCatalogue(db)).map((l) => [l.name, l]))
  const targets = [...new Set(links.map((l) => l.layer_name))].flatMap((name) => {
    const layer = layers.get(name)
    const ids = links.filter((l) => l.layer_name === name).map((l) => l.feature_id)
    return layer ? [{ layer, ids }] : []
  })
  const labels = new Map(
    (await featureLabels(db, targets)).map((r) => [`${r.layer}/${r.id}`, r.label]),
  )
  return links.map((l) => ({
    layer: l.layer_name,
    layerTitle: layers.get(l.layer_name)?.title ?? l.layer_name,
    featureId: l.feature_id,
    label: labels.get(`${l.layer_name}/${l.feature_id}`) ?? `#${l.feature_id}`,
  }))
}
