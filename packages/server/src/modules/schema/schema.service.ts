import {
  LAYER_GEOMETRY_OF,
  SYSTEM_FIELD_NAMES,
  TABLE_GEOMETRY_OF,
  fieldNameProblem,
  t,
  tableNameProblem,
  type FieldDefinition,
  type FieldRecord,
  type LayerGeometryType,
  type NameProblem,
  type PagingQuery,
  type SchemaRefresh,
  type TableCreate,
  type TableGeometry,
  type TableRecord,
} from '@gis/shared'
import { permissionsChanged } from '../../auth/permissions'
import type { Db } from '../../db/types'
import { HttpError, badRequest, fieldError, type FieldError } from '../../http/errors'
import { toSqlPaging } from '../../http/paging'
import { freshCatalogue, invalidateCatalogue } from '../../layer-data/catalogue'
import {
  attributeOf,
  entryOf,
  fieldsFormatOf,
  syncedWithColumns,
  validColumnName,
  withoutFields,
} from '../../layer-data/catalogue-entry'
import { layerByName, refreshExtent, updateLayer } from '../../layer-data/catalogue.sql'
import * as tables from '../../layer-data/layer-tables'

const problemText = (p: NameProblem) => t(p.key, p.params)

/** The table's geometry as the dialog names it: Tabular without one, null when unsupported. */
export function tableGeometry(
  geometryType: string | null,
  column: string | null,
): TableGeometry | null {
  if (!geometryType) return 'Tabular'
  if (column !== 'geom') return null
  const lower = geometryType.toLowerCase() as LayerGeometryType
  return TABLE_GEOMETRY_OF[lower] ?? null
}

// Rows are counted (or estimated) per page, so a list cannot be sorted by them.
const SORT = { name: 'c.relname' }

export async function listTables(
  db: Db,
  q: PagingQuery & { query?: string },
): Promise<{ rows: TableRecord[]; total: number }> {
  const p = toSqlPaging(q, SORT, 'name')
  const { rows, total } = await tables.listDataTables(db, {
    query: q.query,
    orderBy: p.orderBy,
    limit: p.limit,
    offset: p.offset,
    systemFields: [...SYSTEM_FIELD_NAMES],
  })
  return {
    total,
    rows: await Promise.all(
      rows.map(async (r) => ({
        name: r.name,
        geometry: tableGeometry(r.geometry_type, r.geometry_column),
        srid: r.srid,
        fields: r.fields,
        rows: validColumnName(r.name)
          ? await tables.tableRows(db, r.name, r.estimate)
          : Math.max(0, Math.round(r.estimate)),
        layer:
          r.layer_id !== null
            ? { id: r.layer_id, name: r.layer_name ?? r.name, title: r.layer_title ?? r.name }
            : null,
      })),
    ),
  }
}

/** Problems of the numbers of a field definition (length, precision and scale). */
function sizeProblems(f: FieldDefinition, at: string): FieldError[] {
  if (f.type === 'numeric' && f.scale !== undefined && f.scale > (f.precision ?? 12)) {
    return [{ field: `${at}scale`, message: t('admin.schema.scaleInvalid') }]
  }
  return []
}

const PG_DUPLICATE_TABLE = '42P07'
const PG_DUPLICATE_COLUMN = '42701'
const PG_DEPENDENT_OBJECTS = '2BP01'
const pgCode = (err: unknown) =>
  err instanceof Error && 'code' in err ? String((err as { code: unknown }).code) : undefined

/**
 * POST /api/schema/tables: a table in schema data with the system fields, the user's fields,
 * indexes and the audit and data-version triggers. Every name is checked first (spec 3 §5):
 * a failure names each field in error, and nothing is created.
 */
export async function createTable(db: Db, body: TableCreate): Promise<string> {
  const existing = [
    ...(await tables.dataRelationNames(db)),
    ...(await freshCatalogue(db)).map((l) => l.name),
  ]
  const errors: FieldError[] = []
  const tableProblem = tableNameProblem(body.name, existing)
  if (tableProblem) errors.push({ field: 'name', message: problemText(tableProblem) })
  body.fields.forEach((f, i) => {
    const before = body.fields.slice(0, i).map((o) => o.name)
    const problem = fieldNameProblem(f.name, before)
    if (problem) errors.push({ field: `fields.${i}.name`, message: problemText(problem) })
    errors.push(...sizeProblems(f, `fields.${i}.`))
  })
  if (errors.length) throw new HttpError(400, t('admin.schema.createFailed'), errors)
  try {
    await db.transaction(async (tx) => {
      await tables.createLayerTable(
        tx,
        body.name,
        LAYER_GEOMETRY_OF[body.geometry],
        body.fields.map(tables.fieldDef),
      )
      await tables.attachLayerTriggers(tx, body.name)
    })
  } catch (err) {
    // Another administrator created the same name a moment ago.
    if (pgCode(err) === PG_DUPLICATE_TABLE) {
      throw new HttpError(400, t('admin.schema.createFailed'), [
        { field: 'name', message: t('admin.schema.tableNameExists') },
      ])
    }
    throw err
  }
  return body.name
}

/** A table name from a path: one of schema data that follows the name rules, else 404. */
async function existingTable(db: Db, table: string): Promise<string> {
  if (!validColumnName(table) || !(await tables.tableExists(db, table))) {
    throw new HttpError(404, t('admin.schema.tableNotFound'))
  }
  return table
}

/** POST /api/schema/tables/delete/{name}: drops a table no layer uses. */
export async function deleteTable(db: Db, name: string): Promise<void> {
  const table = await existingTable(db, name)
  const layer = await layerByName(db, table)
  if (layer) {
    throw new HttpError(409, t('admin.schema.tableUsedByLayer', { table, title: layer.title }))
  }
  try {
    await tables.dropTable(db, table)
  } catch (err) {
    if (pgCode(err) === PG_DEPENDENT_OBJECTS) {
      throw new HttpError(409, t('admin.schema.tableHasDependents'))
    }
    throw err
  }
}

function toFieldRecord(c: tables.ColumnInfo): FieldRecord {
  const { name, type, sqlType, notNull, length, precision, scale } = c
  const system = SYSTEM_FIELD_NAMES.includes(name)
  return { name, type, sqlType, notNull, length, precision, scale, system }
}

/** GET /api/schema/fields/{table}: every column, system fields flagged. */
export async function listFields(db: Db, name: string): Promise<FieldRecord[]> {
  if (!(await tables.tableExists(db, name))) {
    throw new HttpError(404, t('admin.schema.tableNotFound'))
  }
  return (await tables.tableColumns(db, name)).map(toFieldRecord)
}

/**
 * POST /api/schema/fields/{table}: a new column; when the table is a layer, the field joins
 * its catalogue entry at once (forms, WFS, tiles).
 */
export async function addField(db: Db, name: string, f: FieldDefinition): Promise<FieldRecord> {
  const table = await existingTable(db, name)
  const columns = await tables.tableColumns(db, table)
  const problem = fieldNameProblem(
    f.name,
    columns.map((c) => c.name),
  )
  if (problem) throw badRequest([{ field: 'name', message: problemText(problem) }])
  const sizes = sizeProblems(f, '')
  if (sizes.length) throw badRequest(sizes)
  if (f.notNull && (await tables.tableHasRows(db, table))) {
    throw fieldError('notNull', 'admin.schema.notNullWithRows')
  }
  try {
    await db.transaction(async (tx) => {
      const def = tables.fieldDef(f)
      await tables.addColumn(tx, table, def)
      const layer = await layerByName(tx, table)
      const column = (await tables.tableColumns(tx, table)).find((c) => c.name === f.name)
      const attribute = column && attributeOf(column)
      if (layer && attribute) {
        const entry = entryOf(layer)
        const attributes = [...entry.attributes, attribute]
        await updateLayer(
          tx,
          layer.id,
          { ...entry, attributes, fieldsFormat: fieldsFormatOf(attributes) },
          false,
        )
      }
    })
  } catch (err) {
    if (pgCode(err) === PG_DUPLICATE_COLUMN) {
      throw badRequest([{ field: 'name', message: t('admin.schema.fieldNameExists') }])
    }
    throw err
  }
  invalidateCatalogue(db)
  const column = (await tables.tableColumns(db, table)).find((c) => c.name === f.name)
  return toFieldRecord(column!)
}

/**
 * DELETE /api/schema/fields/{table}/{field}: drops a column (never a system field); a layer's
 * entry forgets it everywhere (attributes, layout, domains, style).
 */
export async function deleteField(db: Db, name: string, field: string): Promise<void> {
  const table = await existingTable(db, name)
  if (SYSTEM_FIELD_NAMES.includes(field)) throw fieldError('field', 'admin.schema.systemField')
  const columns = await tables.tableColumns(db, table)
  if (!validColumnName(field) || !columns.some((c) => c.name === field)) {
    throw new HttpError(404, t('admin.schema.fieldNotFound'))
  }
  await db.transaction(async (tx) => {
    const layer = await layerByName(tx, table)
    if (layer) {
      const { entry, legendChanged } = withoutFields(entryOf(layer), new Set([field]))
      await updateLayer(tx, layer.id, entry, legendChanged)
    }
    await tables.dropColumn(tx, table, field)
  })
  invalidateCatalogue(db)
}

/**
 * POST /api/schema/refresh: every registered layer's entry re-read from its table (columns
 * added or dropped outside the application, a changed type or length), its missing triggers
 * attached and its extent recomputed.
 */
export async function refresh(db: Db): Promise<SchemaRefresh> {
  const result: SchemaRefresh = { layers: [] }
  for (const layer of await freshCatalogue(db)) {
    if (layer.tableSchema !== 'data' || !(await tables.tableExists(db, layer.tableName))) continue
    const columns = await tables.tableColumns(db, layer.tableName)
    const synced = syncedWithColumns(entryOf(layer), columns)
    await db.transaction(async (tx) => {
      if (synced.added.length || synced.removed.length || synced.changed.length) {
        await updateLayer(tx, layer.id, synced.entry, synced.legendChanged)
      }
      await tables.ensureLayerTriggers(tx, layer.tableName)
      await refreshExtent(tx, layer.name)
    })
    result.layers.push({
      name: layer.name,
      added: synced.added,
      removed: synced.removed,
      changed: synced.changed,
    })
  }
  invalidateCatalogue(db)
  permissionsChanged()
  return result
}
