import type {
  LayerAttribute,
  LayerDescription,
  LayerRecord,
  LayerTreeNode,
  SessionUser,
} from '@gis/shared'
import type { Queryable } from '../../db/types'
import { t } from '@gis/shared'
import { HttpError } from '../../http/errors'
import { readableLayerNames } from './catalogue'
import * as sql from './layers.sql'
import type { CatalogueLayer } from './layers.sql'

type User = Pick<SessionUser, 'id' | 'admin'>

/** The system fields every layer table has, with the spec's labels. */
export function systemAttributes(layer: Pick<CatalogueLayer, 'geometryType'>): LayerAttribute[] {
  const a = (name: string, type: LayerAttribute['type'], title: string): LayerAttribute => ({
    name,
    type,
    maxLength: null,
    title,
    tooltip: '',
  })
  return [
    a('id', 'number', 'Id'),
    a('uuid', 'string', 'UUID'),
    ...(layer.geometryType === 'TABULAR' ? [] : [a('geom', 'geometry', 'Geometria')]),
    a('d_e_l_e_t_', 'boolean', 'Excluído?'),
    a('m_o_d_i_f_', 'datetime', 'Última modificação'),
  ]
}

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
  }
}

export function toRecord(l: CatalogueLayer): LayerRecord {
  return {
    ...toDescription(l),
    table: `${l.tableSchema}.${l.tableName}`,
    dataChangedAt: l.dataChangedAt.toISOString(),
  }
}

/** Fresh from the database (not the tile/WFS cache): what the caller may read. */
export async function readableCatalogue(db: Queryable, user: User): Promise<CatalogueLayer[]> {
  const [layers, names] = await Promise.all([sql.listLayers(db), readableLayerNames(db, user)])
  return layers.filter((l) => names.has(l.name))
}

/** One layer by numeric id or name: 404 when unknown, 403 without readFeature. */
export async function getLayer(db: Queryable, user: User, idOrName: string): Promise<LayerRecord> {
  const layers = await sql.listLayers(db)
  const layer = /^\d+$/.test(idOrName)
    ? layers.find((l) => l.id === Number(idOrName))
    : layers.find((l) => l.name === idOrName)
  if (!layer) throw new HttpError(404, t('layers.notFound'))
  const names = await readableLayerNames(db, user)
  if (!names.has(layer.name)) throw new HttpError(403, t('layers.noReadPermission'))
  return toRecord(layer)
}

/**
 * The layer tree for the caller: layers without readFeature and inactive base layers are
 * left out, and so are folders that end up empty.
 */
export async function layerTree(db: Queryable, user: User): Promise<LayerTreeNode[]> {
  const [rows, layers, names] = await Promise.all([
    sql.treeNodes(db),
    sql.listLayers(db),
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
      name: r.name,
      managedName: layer ? layer.name : null,
      title: r.title,
      type: r.type,
      managed: layer ? layer.managed : false,
      visibility: r.visible,
      opacity: r.opacity,
      extent: layer ? layer.extent : null,
      legendVersion: layer ? layer.legendVersion : 1,
      radioGroup: r.radio_group,
      geometryType: layer ? layer.geometryType : null,
      dataVersion: layer ? layer.dataVersion : null,
      baseLayerId: r.base_layer_id,
      children: [],
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
