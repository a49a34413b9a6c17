import {
  t,
  type FeatureGeometry,
  type FeatureLabel,
  type GeometriesSearch,
  type SearchCoord,
  type SearchCoordResult,
  type SessionUser,
} from '@gis/shared'
import type { Db } from '../../db/types'
import { badRequest, HttpError } from '../../http/errors'
import * as sql from '../../layer-data/features.sql'
import type { CatalogueLayer } from '../../layer-data/model'
import { compileFilter, FilterError, SqlParams } from '../../layer-data/where'
import { layerAccess, readableLayerAccess } from '../../layer-data/layer-access'

// The geometry reads of the feature API (the map's locate, the geometry editor's features in
// view and its pick) and the names of features in lists: read-only, checked against readFeature like every read.

type User = Pick<SessionUser, 'id' | 'username' | 'admin'>

/** Geometries (EPSG:4326) of the given ids that exist in the layer, by id. */
export async function geometries(
  db: Db,
  user: User,
  layerName: string,
  ids: readonly number[],
): Promise<FeatureGeometry[]> {
  const { layer } = await layerAccess(db, user, layerName)
  return sql.geometriesByIds(db, layer, [...new Set(ids)])
}

/** Geometries of the live features matching a filter tree and a box, by id. */
export async function searchGeometries(
  db: Db,
  user: User,
  layerName: string,
  body: GeometriesSearch & { limit: number },
): Promise<FeatureGeometry[]> {
  const { layer } = await layerAccess(db, user, layerName)
  const params = new SqlParams()
  const parts: string[] = []
  if (body.query !== undefined && body.query !== null) {
    try {
      parts.push(compileFilter(layer, body.query, params, { path: 'query' }))
    } catch (err) {
      if (err instanceof FilterError) throw err.toHttpError()
      throw err
    }
  }
  if (body.bbox) {
    if (layer.geometryType === 'TABULAR') {
      throw badRequest([{ field: 'bbox', message: t('features.geometry.tabular') }])
    }
    parts.push(sql.bboxSql(params, body.bbox))
  }
  return sql.geometriesWhere(
    db,
    layer,
    parts.length ? parts.join(' AND ') : 'true',
    params,
    body.limit,
  )
}

/** Features near a point in the given (or every readable) layers with geometry, nearest first. */
export async function searchCoord(
  db: Db,
  user: User,
  body: Required<Omit<SearchCoord, 'layers'>> & { layers?: string[] },
): Promise<SearchCoordResult[]> {
  const readable = (await readableLayerAccess(db, user)).map((a) => a.layer)
  let targets: CatalogueLayer[]
  if (body.layers) {
    targets = body.layers.map((name) => {
      const layer = readable.find((l) => l.name === name)
      if (!layer) throw new HttpError(404, t('layers.notFoundOrDenied'))
      return layer
    })
  } else {
    targets = readable
  }
  targets = [...new Set(targets)].filter((l) => l.geometryType !== 'TABULAR')
  const found: SearchCoordResult[] = []
  for (const layer of targets) {
    const rows = await sql.featuresNear(
      db,
      layer,
      body,
      body.tolerance,
      body.limit,
      body.includeDeleted,
    )
    found.push(...rows.map((r) => ({ layer: layer.name, ...r })))
  }
  found.sort((a, b) => a.distance - b.distance || a.layer.localeCompare(b.layer) || a.id - b.id)
  return found.slice(0, body.limit)
}

/**
 * POST /api/features/labels: the names of features in lists (the selection, ITENS), one
 * statement for all. Features of layers the caller may not read, or that do not exist, are
 * left out, like unknown ids: the answer tells nothing about them.
 */
export async function labels(
  db: Db,
  user: User,
  items: readonly { layer: string; id: number }[],
): Promise<FeatureLabel[]> {
  const readable = new Map((await readableLayerAccess(db, user)).map((a) => [a.layer.name, a]))
  const byLayer = new Map<string, Set<number>>()
  for (const { layer, id } of items) {
    if (!readable.has(layer)) continue
    byLayer.set(layer, (byLayer.get(layer) ?? new Set()).add(id))
  }
  return sql.featureLabels(
    db,
    [...byLayer].map(([name, ids]) => ({ layer: readable.get(name)!.layer, ids: [...ids] })),
  )
}
