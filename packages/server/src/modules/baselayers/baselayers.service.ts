import { t, type BaseLayer, type BaseLayerInput, type PagingQuery } from '@gis/shared'
import type { Db, Queryable } from '../../db/types'
import { HttpError } from '../../http/errors'
import {
  appendBaseLayerNode,
  retitleNodes,
  showOnlyBaseLayer,
} from '../../layer-data/layer-tree.sql'
import { toSqlPaging } from '../../http/paging'
import * as sql from './baselayers.sql'

const SORT_COLUMNS = {
  id: 'b.id',
  name: 'lower(b.name)',
  type: 'b.type',
  zindex: 'b.zindex',
  group: 'b."group"',
}

/** Base layers offered on the map, by z-index. */
export function activeBaseLayers(db: Queryable): Promise<BaseLayer[]> {
  return sql.activeBaseLayers(db)
}

export async function listBaseLayers(
  db: Queryable,
  q: PagingQuery,
): Promise<{ rows: BaseLayer[]; total: number }> {
  const p = toSqlPaging(q, SORT_COLUMNS, 'zindex')
  return sql.listBaseLayers(db, p.orderBy, p.limit, p.offset)
}

export async function getBaseLayer(db: Queryable, id: number): Promise<BaseLayer> {
  const layer = await sql.getBaseLayer(db, id)
  if (!layer) throw new HttpError(404, t('baseLayers.notFound'))
  return layer
}

export function allBaseLayers(db: Queryable): Promise<BaseLayer[]> {
  return sql.allBaseLayers(db)
}

const toWrite = (b: BaseLayerInput): sql.BaseLayerWrite => ({
  type: b.type,
  name: b.name,
  description: b.description,
  url: b.url,
  visible: b.visible,
  active: b.active,
  group: b.group,
  zmin: b.zmin,
  zmax: b.zmax,
  zindex: b.zindex,
  options: b.options as Record<string, unknown>,
})

/**
 * POST /api/base-layers: a new base layer, placed in the layer tree beside the others (their
 * folder and radio group). A visible one becomes the one the map opens with.
 */
export async function createBaseLayer(db: Db, b: BaseLayerInput): Promise<BaseLayer> {
  const id = await db.transaction(async (tx) => {
    const id = await sql.insertBaseLayer(tx, toWrite(b))
    await appendBaseLayerNode(tx, { id, name: b.name, visible: b.visible })
    if (b.visible) {
      await sql.makeOnlyVisible(tx, id)
      await showOnlyBaseLayer(tx, id)
    }
    return id
  })
  return getBaseLayer(db, id)
}

/** PUT /api/base-layers/{id}: every field; the tree's title follows a new name. */
export async function updateBaseLayer(db: Db, id: number, b: BaseLayerInput): Promise<BaseLayer> {
  const before = await getBaseLayer(db, id)
  await db.transaction(async (tx) => {
    await sql.updateBaseLayer(tx, id, toWrite(b))
    await retitleNodes(tx, { baseLayerId: id }, before.name, b.name)
    if (b.visible && !before.visible) {
      await sql.makeOnlyVisible(tx, id)
      await showOnlyBaseLayer(tx, id)
    }
  })
  return getBaseLayer(db, id)
}

/** DELETE /api/base-layers/{id}: the base layer and its nodes in the tree. */
export async function deleteBaseLayer(db: Db, id: number): Promise<void> {
  if (!(await sql.deleteBaseLayer(db, id))) throw new HttpError(404, t('baseLayers.notFound'))
}
