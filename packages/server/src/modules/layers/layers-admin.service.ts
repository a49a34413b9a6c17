import {
  canNameFeatures,
  t,
  type AttributeEdit,
  type LayerAttribute,
  type LayerDomain,
  type LayerGeometryType,
  type LayerRecord,
  type LayerRegister,
  type LayerStyle,
  type LayerUpdate,
  type RemapResult,
  type UnregisteredTable,
} from '@gis/shared'
import { permissionsChanged } from '../../auth/permissions'
import type { Db } from '../../db/types'
import { HttpError, badRequest, type FieldError } from '../../http/errors'
import { freshCatalogue, invalidateCatalogue } from '../../layer-data/catalogue'
import {
  attributeOf,
  defaultStyle,
  fieldsFormatOf,
  validColumnName,
} from '../../layer-data/catalogue-entry'
import {
  deleteLayer as deleteCatalogueLayer,
  insertLayer,
  layerById,
  layerByName,
  refreshExtent,
  updateLayer as updateCatalogueLayer,
} from '../../layer-data/catalogue.sql'
import { appendLayerNode, isFolder, retitleNodes } from '../../layer-data/layer-tree.sql'
import * as tables from '../../layer-data/layer-tables'
import * as systemColumns from '../../layer-data/system-columns'
import type { CatalogueLayer } from '../../layer-data/model'
import { legendPng } from '../../ogc/legend'
import { toRecord } from './layers.service'

const notFound = () => new HttpError(404, t('layers.notFound'))

const GEOMETRY_TYPES: Record<string, LayerGeometryType> = {
  POINT: 'point',
  MULTIPOINT: 'multipoint',
  LINESTRING: 'linestring',
  MULTILINESTRING: 'multilinestring',
  POLYGON: 'polygon',
  MULTIPOLYGON: 'multipolygon',
}

/** Whether a table can become a layer as it is, and what registering it would add. */
function registrability(
  table: string,
  columns: readonly tables.ColumnInfo[],
): Omit<UnregisteredTable, 'table' | 'rows'> {
  const problems: string[] = []
  if (!validColumnName(table)) problems.push(t('admin.layers.problem.tableName'))
  const badNames = columns.filter((c) => !validColumnName(c.name)).map((c) => c.name)
  if (badNames.length) {
    problems.push(t('admin.layers.problem.columnNames', { names: badNames.join(', ') }))
  }
  const geometries = columns.filter((c) => c.type === 'geometry')
  let geometryType: LayerGeometryType | null = 'TABULAR'
  let srid: number | null = null
  if (geometries.length > 1) {
    problems.push(t('admin.layers.problem.manyGeometries'))
    geometryType = null
  } else if (geometries.length === 1) {
    const g = geometries[0]!
    srid = g.srid
    geometryType = GEOMETRY_TYPES[(g.geometryType ?? '').toUpperCase()] ?? null
    if (g.name !== 'geom') problems.push(t('admin.layers.problem.geometryName', { name: g.name }))
    if (g.srid !== 4326) problems.push(t('admin.layers.problem.srid', { srid: g.srid ?? 0 }))
    if (!geometryType) {
      problems.push(t('admin.layers.problem.geometryType', { type: g.geometryType ?? '' }))
    }
  }
  for (const [name, type, expected] of systemColumns.wrongSystemColumns(columns)) {
    problems.push(t('admin.layers.problem.systemColumn', { name, type, expected }))
  }
  return {
    geometryType,
    srid,
    fields: columns.map((c) => ({ name: c.name, type: c.type })),
    missing: systemColumns.missingSystemColumns(columns),
    problems,
  }
}

/** GET /api/layers/unregistered: tables of schema data no layer uses, and whether each can be one. */
export async function unregisteredTables(db: Db): Promise<UnregisteredTable[]> {
  const { rows } = await tables.listDataTables(db, {
    orderBy: 'ORDER BY c.relname',
    limit: 10_000,
    offset: 0,
    systemFields: [],
  })
  const result: UnregisteredTable[] = []
  for (const r of rows.filter((r) => r.layer_id === null)) {
    const columns = await tables.tableColumns(db, r.name)
    result.push({
      table: r.name,
      rows: validColumnName(r.name)
        ? await tables.tableRows(db, r.name, r.estimate)
        : Math.max(0, r.estimate),
      ...registrability(r.name, columns),
    })
  }
  return result
}

/**
 * POST /api/layers: the table becomes a layer of the same name. Missing system columns are
 * added (a table loaded by ogr2ogr), indexes and triggers ensured, the fields read from the
 * columns, a style chosen, and the layer placed at the end of a folder of the tree (or its
 * root): it is on the map, in WFS and tiles at once.
 */
export async function registerLayer(db: Db, body: LayerRegister): Promise<LayerRecord> {
  const table = body.table
  if (!validColumnName(table) || !(await tables.tableExists(db, table))) {
    throw badRequest([{ field: 'table', message: t('admin.schema.tableNotFound') }])
  }
  if (await layerByName(db, table)) {
    throw badRequest([{ field: 'table', message: t('admin.layers.alreadyRegistered', { table }) }])
  }
  const check = registrability(table, await tables.tableColumns(db, table))
  if (check.problems.length || !check.geometryType) {
    throw badRequest([
      {
        field: 'table',
        message: t('admin.layers.notRegistrable', { table, reason: check.problems.join('; ') }),
      },
    ])
  }
  if (body.folderId !== null && !(await isFolder(db, body.folderId))) {
    throw badRequest([
      { field: 'folderId', message: t('admin.tree.unknownNode', { id: body.folderId }) },
    ])
  }
  const geometryType = check.geometryType
  const id = await db.transaction(async (tx) => {
    await systemColumns.addSystemColumns(tx, table, check.missing)
    await tables.ensureLayerIndexes(tx, table, geometryType !== 'TABULAR')
    await tables.ensureLayerTriggers(tx, table)
    const attributes = (await tables.tableColumns(tx, table)).flatMap((c) => {
      const a = attributeOf(c)
      return a ? [a] : []
    })
    const id = await insertLayer(tx, table, geometryType, {
      title: body.title,
      queryable: body.queryable,
      attributes,
      fieldsFormat: fieldsFormatOf(attributes),
      layout: [],
      domains: {},
      style: defaultStyle(geometryType, table),
    })
    await appendLayerNode(tx, { id, name: table, title: body.title }, body.folderId)
    await refreshExtent(tx, table)
    return id
  })
  invalidateCatalogue(db)
  permissionsChanged()
  return toRecord((await layerById(db, id))!)
}

const isNumber = (v: unknown) =>
  typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)))

/** Whether a value of a domain's list suits the field's type. */
function suits(a: LayerAttribute, value: string | number): boolean {
  switch (a.type) {
    case 'number':
      return isNumber(value)
    case 'boolean':
      return ['true', 'false', 't', 'f'].includes(String(value))
    case 'string':
      return a.maxLength === null || String(value).length <= a.maxLength
    default:
      return typeof value === 'string'
  }
}

function checkUpdate(layer: CatalogueLayer, body: LayerUpdate): FieldError[] {
  const errors: FieldError[] = []
  const byName = new Map(layer.attributes.map((a) => [a.name, a]))
  const listed = body.attributes.map((a) => a.name)
  if (
    listed.length !== byName.size ||
    new Set(listed).size !== listed.length ||
    listed.some((n) => !byName.has(n))
  ) {
    errors.push({ field: 'attributes', message: t('admin.layers.attributesMismatch') })
  }
  const placed = new Set<string>()
  body.layout.forEach((g, i) =>
    g.fields.forEach((f, j) => {
      const field = `layout.${i}.fields.${j}.name`
      if (!byName.has(f.name)) {
        errors.push({ field, message: t('admin.layers.unknownField', { name: f.name }) })
      } else if (placed.has(f.name)) {
        errors.push({ field, message: t('admin.layers.fieldTwiceInLayout', { name: f.name }) })
      }
      placed.add(f.name)
    }),
  )
  for (const [name, domain] of Object.entries(body.domains) as [string, LayerDomain][]) {
    const a = byName.get(name)
    const field = `domains.${name}`
    if (!a) errors.push({ field, message: t('admin.layers.unknownField', { name }) })
    else if (domain.type !== 'selectable' && a.type !== 'string') {
      errors.push({ field, message: t('admin.layers.domainFileType') })
    } else {
      const bad = domain.values.find((v) => !suits(a, v))
      if (bad !== undefined) {
        errors.push({ field, message: t('admin.layers.domainValue', { value: bad, name }) })
      }
    }
  }
  const styleField = (name: string) => name === 'id' || byName.has(name)
  const style: LayerStyle = body.style
  if (style.categories && !styleField(style.categories.attribute)) {
    errors.push({
      field: 'style.categories.attribute',
      message: t('admin.layers.unknownField', { name: style.categories.attribute }),
    })
  }
  if (style.label && !styleField(style.label.attribute)) {
    errors.push({
      field: 'style.label.attribute',
      message: t('admin.layers.unknownField', { name: style.label.attribute }),
    })
  }
  if (body.displayField) {
    const a = byName.get(body.displayField)
    if (!a) {
      errors.push({
        field: 'displayField',
        message: t('admin.layers.displayFieldUnknown', { name: body.displayField }),
      })
    } else if (!canNameFeatures(a)) {
      errors.push({
        field: 'displayField',
        message: t('admin.layers.displayFieldNotText', { name: body.displayField }),
      })
    }
  }
  return errors
}

/**
 * PUT /api/layers/{id}: title, queryable, the fields' order, titles and tooltips, the form's
 * layout groups, domains, style and the field that names the features in lists. A new title or style moves the legend version.
 */
export async function updateLayer(db: Db, id: number, body: LayerUpdate): Promise<LayerRecord> {
  const layer = await layerById(db, id)
  if (!layer) throw notFound()
  const errors = checkUpdate(layer, body)
  if (errors.length) throw badRequest(errors)
  const byName = new Map(layer.attributes.map((a) => [a.name, a]))
  const attributes = body.attributes.map((e: AttributeEdit) => ({
    ...byName.get(e.name)!,
    title: e.title,
    tooltip: e.tooltip,
  }))
  const legendChanged =
    body.title !== layer.title || JSON.stringify(body.style) !== JSON.stringify(layer.style)
  await db.transaction(async (tx) => {
    await updateCatalogueLayer(
      tx,
      id,
      {
        title: body.title,
        queryable: body.queryable,
        attributes,
        fieldsFormat: fieldsFormatOf(attributes),
        layout: body.layout,
        domains: body.domains,
        style: body.style,
        displayField: body.displayField === undefined ? undefined : body.displayField || null,
        public: body.public,
      },
      legendChanged,
    )
    await retitleNodes(tx, { layerId: id }, layer.title, body.title)
  })
  invalidateCatalogue(db)
  return toRecord((await layerById(db, id))!)
}

/**
 * DELETE /api/layers/{id}: the layer leaves the catalogue, the tree and every group's
 * permissions; its table and data stay (the table can be registered again). A layer with data
 * is deleted only when `confirm` says the administrator was told (409 with the count before).
 */
export async function deleteLayer(db: Db, id: number, confirm: boolean): Promise<void> {
  const layer = await layerById(db, id)
  if (!layer) throw notFound()
  const exists = await tables.tableExists(db, layer.tableName)
  if (!confirm && exists && (await tables.tableHasRows(db, layer.tableName))) {
    const count = await tables.tableRows(db, layer.tableName, 0)
    throw new HttpError(
      409,
      t('admin.layers.deleteHasData', { title: layer.title, count, table: layer.tableName }),
    )
  }
  await deleteCatalogueLayer(db, id)
  invalidateCatalogue(db)
  permissionsChanged()
}

/** POST /api/layers/legend-preview: the legend a style draws, by WMS GetLegendGraphic's code. */
export async function legendPreview(body: {
  title: string
  geometryType: LayerGeometryType
  style: LayerStyle
}): Promise<{ image: string }> {
  const png = await legendPng({
    title: body.title,
    queryable: true,
    attributes: [],
    layout: [],
    fieldsFormat: [],
    domains: {},
    style: body.style,
    id: 0,
    name: 'preview',
    tableSchema: 'data',
    tableName: 'preview',
    geometryType: body.geometryType,
    managed: true,
    extent: null,
    dataVersion: 0,
    dataChangedAt: new Date(0),
    legendVersion: 0,
    displayField: null,
    public: false,
  })
  return { image: `data:image/png;base64,${png.toString('base64')}` }
}

/**
 * POST /api/features/remapindex[/{layer}]: the upkeep of layer tables. For each layer: the
 * indexes every layer table needs are created when missing (GiST of the geometry, live rows),
 * missing audit and data-version triggers attached, every index rebuilt (REINDEX), the
 * planner's statistics refreshed (ANALYZE) and the extent recomputed.
 */
export async function remapIndex(db: Db, name?: string): Promise<RemapResult[]> {
  const layers = (await freshCatalogue(db)).filter((l) => l.tableSchema === 'data')
  const chosen = name === undefined ? layers : layers.filter((l) => l.name === name)
  if (name !== undefined && chosen.length === 0) throw notFound()
  const results: RemapResult[] = []
  for (const layer of chosen) {
    if (!(await tables.tableExists(db, layer.tableName))) continue
    const started = performance.now()
    const created = await tables.ensureLayerIndexes(
      db,
      layer.tableName,
      layer.geometryType !== 'TABULAR',
    )
    const triggers = await tables.ensureLayerTriggers(db, layer.tableName)
    await tables.reindexAndAnalyze(db, layer.tableName)
    await refreshExtent(db, layer.name)
    const [indexes, fresh] = await Promise.all([
      tables.tableIndexes(db, layer.tableName),
      layerById(db, layer.id),
    ])
    results.push({
      layer: layer.name,
      indexes: indexes.map((i) => i.name),
      created,
      triggers,
      rows: await tables.tableRows(db, layer.tableName, 0),
      extent: fresh?.extent ?? null,
      ms: Math.round(performance.now() - started),
    })
  }
  invalidateCatalogue(db)
  return results
}
