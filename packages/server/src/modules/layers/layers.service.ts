import type {
  LayerDescription,
  LayerRecord,
  LayerTreeNode,
  PagingQuery,
  SessionUser,
} from '@gis/shared'
import type { Queryable } from '../../db/types'
import { displayFieldOf, t } from '@gis/shared'
import { HttpError } from '../../http/errors'
import { toSqlPaging } from '../../http/paging'
import { freshCatalogue, readableLayerNames, readableLayers } from '../../layer-data/catalogue'
import { systemAttributes, type CatalogueLayer } from '../../layer-data/model'
import * as sql from './layers.sql'
import { treeNodeOf } from './tree-node'

type User = Pick<SessionUser, 'id' | 'admin'>

export function toDescription(l: CatalogueLayer): LayerDescription {
  return {
    id: l.id,
    name: l.name,
    title: l.title,
    layout: l.layout,
    attributes: [...systemAttributes(l), ...l.attributes],
    fieldsFormat: l.fieldsFormat,
    domains: l.domains,
    geometryType: l.geometryType,
    queryable: l.queryable,
    managed: l.managed,
    style: l.style,
    extent: l.extent,
    dataVersion: l.dataVersion,
    legendVersion: l.legendVersion,
    displayField: l.displayField,
    labelField: displayFieldOf(l.displayField, l.attributes),
    public: l.public,
  }
}

export function toRecord(l: CatalogueLayer): LayerRecord {
  return {
    ...toDescription(l),
    table: `${l.tableSchema}.${l.tableName}`,
    dataChangedAt: l.dataChangedAt.toISOString(),
  }
}

/** Descriptions of the layers the caller may read, fresh from the database. */
export async function readableDescriptions(db: Queryable, user: User): Promise<LayerDescription[]> {
  return (await readableLayers(db, user, { fresh: true })).map(toDescription)
}

export const SORT_FIELDS = ['id', 'name', 'title'] as const

/** Catalogue records the caller may read, filtered by `query`, sorted and paged: one page and the total. */
export async function listRecords(
  db: Queryable,
  user: User,
  q: Partial<PagingQuery> & { query?: string },
  pageSize: number,
): Promise<{ page: LayerRecord[]; total: number }> {
  const paging = toSqlPaging(
    { page: q.page ?? 0, limit: q.limit ?? pageSize, sort: q.sort },
    Object.fromEntries(SORT_FIELDS.map((f) => [f, f])),
    'title',
  )
  let layers = (await readableLayers(db, user, { fresh: true })).map(toRecord)
  if (q.query) {
    const needle = q.query.toLowerCase()
    layers = layers.filter((l) => l.name.includes(needle) || l.title.toLowerCase().includes(needle))
  }
  const [, column, direction] = /ORDER BY (\w+) (ASC|DESC)/.exec(paging.orderBy) ?? []
  const key = (column ?? 'title') as (typeof SORT_FIELDS)[number]
  const sign = direction === 'DESC' ? -1 : 1
  layers.sort((a, b) => {
    const x = a[key]
    const y = b[key]
    return (
      sign *
      (typeof x === 'number' && typeof y === 'number'
        ? x - y
        : String(x).localeCompare(String(y), 'pt-BR'))
    )
  })
  return { page: layers.slice(paging.offset, paging.offset + paging.limit), total: layers.length }
}

/**
 * One layer by numeric id or name. A layer that does not exist and one the caller may not
 * read get the same 404, so the answer never tells which layers exist.
 */
export async function getLayer(db: Queryable, user: User, idOrName: string): Promise<LayerRecord> {
  const layers = await readableLayers(db, user, { fresh: true })
  const layer = /^\d+$/.test(idOrName)
    ? layers.find((l) => l.id === Number(idOrName))
    : layers.find((l) => l.name === idOrName)
  if (!layer) throw new HttpError(404, t('layers.notFoundOrDenied'))
  return toRecord(layer)
}

/**
 * The layer tree for the caller: layers without readFeature and inactive base layers are
 * left out, and so are folders that end up empty.
 */
export async function layerTree(db: Queryable, user: User): Promise<LayerTreeNode[]> {
  const [rows, layers, names] = await Promise.all([
    sql.treeNodes(db),
    freshCatalogue(db),
    readableLayerNames(db, user),
  ])
  const byName = new Map(layers.map((l) => [l.name, l]))
  const nodes = new Map<number, LayerTreeNode & { parentId: number | null; keep: boolean }>()
  for (const r of rows) {
    const layer = r.layer_name ? byName.get(r.layer_name) : undefined
    const keep =
      r.type === 'folder' ||
      (r.type === 'layer' && !!layer && names.has(layer.name)) ||
      (r.type === 'layerBase' && r.base_active === true)
    nodes.set(r.id, {
      id: r.id,
      parentId: r.parent_id,
      keep,
      ...treeNodeOf(r, layer),
    })
  }
  const roots: (LayerTreeNode & { keep: boolean })[] = []
  for (const node of nodes.values()) {
    if (!node.keep) continue
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId)
    if (parent) parent.children.push(node)
    else if (node.parentId === null) roots.push(node)
  }
  const prune = (list: LayerTreeNode[]): LayerTreeNode[] =>
    list
      .map((n) => ({ ...n, children: prune(n.children) }))
      .filter((n) => n.type !== 'folder' || n.children.length > 0)
      .map((n) => {
        const {
          parentId: _p,
          keep: _k,
          ...rest
        } = n as LayerTreeNode & {
          parentId?: number | null
          keep?: boolean
        }
        return rest
      })
  return prune(roots)
}
