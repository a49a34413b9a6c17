// The SQL of an import's execution (issue 43): each batch of staged rows converted, checked by
// the layer's rules, matched by key and turned into one change per feature, set-based.
import {
  MIN_ATTRIBUTE_YEAR,
  t,
  type ImportExecuteBody,
  type LayerDomain,
  type MessageKey,
} from '@gis/shared'
import type { ColumnInfo } from '../../layer-data/feature-values'
import { COMPATIBLE } from '../../layer-data/feature-write'
import { ident, literal } from '../../layer-data/bulk-write'
import { layerRead } from '../../layer-data/layer-read'
import { layerFields, type CatalogueLayer, type LayerField } from '../../layer-data/model'
import type { NumberStyle } from './dataloader-values'
import type { ImportJob } from './dataloader-job'

/*
 * The rules are those of a single edit (feature-values.ts checkAttributes, feature-write.ts
 * checkGeometry) and of the file's values (dataloader-values.ts, decision 90), written once
 * more in SQL so that a million rows are checked by the database in a few statements; the
 * import's tests hold the two to the same outcomes. Each rule that fails is one error of its
 * row, `campo: mensagem`, all of them joined by `; `.
 */

/** A mapped column: the file's column, the layer field and column it is written to. */
interface Mapped {
  index: number
  field: LayerField
  column: ColumnInfo | undefined
  style: NumberStyle
  domain: LayerDomain | undefined
}

export interface ConversionInput {
  layer: CatalogueLayer
  columns: readonly ColumnInfo[]
  job: ImportJob
  config: ImportExecuteBody
  /** The coordinates' system (EPSG code). */
  sourceSrid: number
  perms: { createFeature: boolean; updateFeature: boolean }
}

/** The statements of one batch, run in order in its transaction. */
export interface ConversionPlan {
  /**
   * Create `import_batch` (the rows after `after` up to `upto`, read) and `import_rows` (each
   * row's values, key, geometry, action and errors).
   */
  rows: (importId: number, after: number, upto: number) => string[]
  /** Create `import_changes` (the BulkChanges of bulk-write.ts), one per feature; ids from `seq`. */
  changes: (seq: string | null) => string[]
  /** The layer columns the changes write. */
  written: string[]
  /** Whether the changes may set the geometry. */
  geometry: boolean
  /** Whether rows are matched by a key (batches must then follow the file's order). */
  keyed: boolean
}

const VALUE = '\u0001'

/** A message of the catalogue as SQL text, its {value} the row's value (`raw`, 40 characters). */
function message(
  field: string,
  key: MessageKey,
  raw: string,
  params: Record<string, string | number> = {},
) {
  const text = `${field}: ${t(key, { ...params, value: VALUE })}`
  return text.includes(VALUE)
    ? `replace(${literal(text)}, chr(1), left(app.import_trim(${raw}), 40))`
    : literal(text)
}

const fixed = (field: string, key: MessageKey, params?: Record<string, string | number>) =>
  literal(`${field}: ${t(key, params)}`)

const INTEGER_RANGES: Record<string, number> = {
  smallint: 32_767,
  integer: 2_147_483_647,
  bigint: Number.MAX_SAFE_INTEGER,
}

/** The text of the cell at `index` (`->>`) and its JSON (`->`). */
const cell = (index: number) => `r.data->>${index}`
const json = (index: number) => `r.data->${index}`
const present = (raw: string) => `coalesce(app.import_trim(${raw}), '') <> ''`

/** The cell as a value of the field's type (NULL when blank or unreadable). */
function valueSql(m: Mapped, index = m.index): string {
  const raw = cell(index)
  switch (m.field.type) {
    case 'number':
      return `CASE WHEN jsonb_typeof(${json(index)}) = 'number' THEN (${raw})::numeric
                   ELSE app.import_number(${raw}, ${literal(m.style)}) END`
    case 'boolean':
      return `CASE jsonb_typeof(${json(index)}) WHEN 'boolean' THEN (${raw})::boolean
                   WHEN 'number' THEN CASE ${raw} WHEN '1' THEN true WHEN '0' THEN false END
                   ELSE app.import_boolean(${raw}) END`
    case 'date':
      return `app.import_dateof(${raw})`
    case 'datetime':
      return `app.import_timestamptz(${raw})`
    case 'time':
      return `app.import_time(${raw})`
    default:
      return `nullif(${raw}, '')`
  }
}

/** The error of a cell (its text `raw`) that is not blank and does not read as the field's type. */
function conversionError(m: Mapped, value: string, raw: string): string | null {
  const key: MessageKey | null =
    m.field.type === 'number'
      ? m.style === 'br'
        ? 'dataloader.badBrNumber'
        : 'dataloader.badPointNumber'
      : m.field.type === 'boolean'
        ? 'dataloader.badBoolean'
        : m.field.type === 'date'
          ? 'dataloader.badDate'
          : m.field.type === 'datetime'
            ? 'dataloader.badDateTime'
            : m.field.type === 'time'
              ? 'values.time'
              : null
  if (!key) return null
  return `CASE WHEN ${value} IS NULL AND ${present(raw)} THEN ${message(m.field.name, key, raw)} END`
}

/** The column's and the field's limits on a value read (feature-values.ts columnProblem & co). */
function valueRules(
  m: Mapped,
  v: string,
  action: string,
  fid: string,
  layer: CatalogueLayer,
): string[] {
  const name = m.field.name
  const rules: string[] = []
  const sqlType = m.column?.sqlType ?? ''
  if (m.field.type === 'string') {
    const varchar = /^character varying\((\d+)\)$/.exec(sqlType)
    const max = Math.min(m.field.maxLength ?? Infinity, varchar ? Number(varchar[1]) : Infinity)
    if (Number.isFinite(max)) {
      rules.push(
        `CASE WHEN char_length(${v}) > ${max} THEN ${fixed(name, 'values.tooLong', { max })} END`,
      )
    }
  }
  if (m.field.type === 'number') {
    const range = INTEGER_RANGES[sqlType]
    if (range !== undefined) {
      rules.push(`CASE WHEN ${v} <> trunc(${v}) THEN ${fixed(name, 'features.value.integer')}
                       WHEN abs(${v}) > ${range} THEN ${fixed(name, 'features.value.outOfRange')} END`)
    }
    const numeric = /^numeric\((\d+),(\d+)\)$/.exec(sqlType)
    if (numeric) {
      const [precision, scale] = [Number(numeric[1]), Number(numeric[2])]
      rules.push(
        `CASE WHEN round(abs(${v}), ${scale}) >= 1e${precision - scale} THEN ${fixed(name, 'features.value.outOfRange')} END`,
      )
    }
    const float = sqlType === 'real' ? '3.4e38' : sqlType === 'double precision' ? '1.7e308' : null
    if (float) {
      rules.push(
        `CASE WHEN abs(${v}) > ${float} THEN ${fixed(name, 'features.value.outOfRange')} END`,
      )
    }
  }
  if (m.field.type === 'date') {
    rules.push(
      `CASE WHEN extract(year FROM ${v}) < ${MIN_ATTRIBUTE_YEAR} THEN ${fixed(name, 'features.value.yearMin')} END`,
    )
  }
  if (m.field.type === 'datetime') {
    rules.push(
      `CASE WHEN extract(year FROM ${v} AT TIME ZONE 'America/Sao_Paulo') < ${MIN_ATTRIBUTE_YEAR} THEN ${fixed(name, 'features.value.yearMin')} END`,
    )
  }
  const domain = m.domain
  if (domain?.type === 'selectable' && domain.values.length > 0) {
    const numbers = m.field.type === 'number'
    const list = domain.values
      .filter((x) => !numbers || Number.isFinite(Number(x)))
      .map((x) => (numbers ? `${Number(x)}` : literal(String(x))))
    const test = list.length ? `${numbers ? v : `${v}::text`} NOT IN (${list.join(', ')})` : 'true'
    rules.push(`CASE WHEN ${test} THEN ${fixed(name, 'features.value.selectOption')} END`)
  }
  if (domain?.type === 'file' || domain?.type === 'photo') {
    rules.push(`CASE WHEN ${action} = 'I' THEN ${fixed(name, 'features.createFirst')}
      WHEN NOT EXISTS (SELECT 1 FROM app.attachments a WHERE a.layer_name = ${literal(layer.name)}
                         AND a.feature_id = ${fid} AND a.id::text = ${v}::text)
      THEN ${fixed(name, 'features.value.attachment')} END`)
  }
  // (each rule above only runs for a value: NULL compares to nothing)
  return rules.map((r) => `CASE WHEN ${v} IS NOT NULL THEN ${r} END`)
}

/** A coordinate: a number with a point, or a comma before its decimals. */
function coordinateSql(index: number): string {
  return `CASE WHEN jsonb_typeof(${json(index)}) = 'number' THEN (${cell(index)})::float8
               ELSE app.import_number(replace(app.import_trim(${cell(index)}), ',', '.'), 'point')::float8 END`
}

interface GeometryPlan {
  /** Columns read from the row (stage 1): the coordinates, or the WKT's text. */
  inner: string[]
  /** Columns of stage 2 from those: the source's geometry (g0) and the coordinates' error (gce). */
  middle: string[]
}

/**
 * How each row's geometry is read: a WKT column, or built from coordinate columns (each read
 * once, in stage 1).
 */
function geometryPlan(input: ConversionInput): GeometryPlan | null {
  const { config, job, layer, sourceSrid } = input
  if (config.spatializeMode === 'none' || config.spatializeType === 'none') return null
  const index = job.metadata.columnIndexes
  if (config.spatializeType === 'source-attribute' && config.spatializeSourceAttribute) {
    const raw = cell(index[config.spatializeSourceAttribute]!)
    return {
      inner: [`app.import_trim(${raw}) AS wkt`],
      middle: [
        `app.import_geometry(s0.wkt) AS g0`,
        `coalesce(s0.wkt, '') <> '' AS gp`,
        'NULL::text AS gce',
      ],
    }
  }
  if (config.spatializeType !== 'generate') return null
  const vertices = config.spatializeVertices
  const coords = vertices.flatMap((v) => [v.x, v.y])
  const points = vertices.map((_, j) => `ST_MakePoint(s0.c${2 * j}, s0.c${2 * j + 1})`)
  const line = `ST_MakeLine(ARRAY[${points.join(', ')}])`
  const type = layer.geometryType
  const built =
    type === 'point'
      ? points[0]!
      : type === 'multipoint'
        ? `ST_Multi(ST_Collect(ARRAY[${points.join(', ')}]))`
        : type === 'linestring' || type === 'multilinestring'
          ? line
          : // A ring closes on its first point (generatedWkt's rule); fewer than 4 points: none.
            `(SELECT CASE WHEN ST_NPoints(ring) >= 4 THEN ST_MakePolygon(ring) END
                FROM (SELECT CASE WHEN ST_StartPoint(l) ~= ST_EndPoint(l) THEN l
                                  ELSE ST_AddPoint(l, ST_StartPoint(l)) END AS ring
                        FROM (SELECT ${line} AS l) x) y)`
  const errors = coords.map(
    (name, j) => `WHEN s0.c${j} IS NULL THEN ${literal(t('dataloader.badCoordinate', { name }))}`,
  )
  return {
    inner: coords.map((name, j) => `${coordinateSql(index[name]!)} AS c${j}`),
    middle: [
      `CASE WHEN ${coords.map((_, j) => `s0.c${j} IS NOT NULL`).join(' AND ')}
            THEN ST_SetSRID(${built}, ${sourceSrid}) END AS g0`,
      'true AS gp',
      `CASE ${errors.join(' ')} END AS gce`,
    ],
  }
}

/**
 * The plan of the batches: the mapped columns read as their fields' types, the key looked up
 * among the layer's live features, the rules of a single insert or update checked, the
 * geometry read or built, moved into EPSG:4326 and checked; then one change per feature (a
 * key given twice: the last row wins, the first one creates).
 */
export function conversionPlan(input: ConversionInput): ConversionPlan {
  const { layer, columns, job, config, sourceSrid, perms } = input
  const byColumn = new Map(columns.map((c) => [c.name, c]))
  const fields = new Map(layerFields(layer).map((f) => [f.name, f]))
  const index = job.metadata.columnIndexes
  const mappedConfig = config.mappings.filter((m) => m.destiny)
  const key = mappedConfig.find((m) => m.primaryKey)
  const mapped: Mapped[] = mappedConfig
    .filter((m) => m.destiny !== 'id')
    .map((m) => ({
      index: index[m.source]!,
      field: fields.get(m.destiny!)!,
      column: byColumn.get(m.destiny!),
      style: job.metadata.numberStyles?.[m.source] ?? 'point',
      domain: layer.domains[m.destiny!],
    }))

  // Stage 1: values, key, geometry source.
  const first: string[] = ['r.row_no']
  const conv: string[] = []
  mapped.forEach((m, i) => {
    first.push(`${valueSql(m)} AS v${i}`, `${cell(m.index)} AS t${i}`)
    conv.push(conversionError(m, `s.v${i}`, `s.t${i}`) ?? 'NULL::text')
  })
  let keySql = 'NULL::text'
  let keyError = 'NULL'
  let keyColumn: string | null = null
  if (key) {
    const lookup = index[key.oldPrimaryKeySource ?? key.source]!
    const raw = cell(lookup)
    if (key.destiny === 'id') {
      keyColumn = 'id'
      keySql = `CASE WHEN jsonb_typeof(${json(lookup)}) = 'number' AND (${raw}) ~ '^[0-9]{1,15}$' THEN (${raw})::bigint
                     WHEN app.import_trim(${raw}) ~ '^[0-9]{1,15}$' THEN app.import_trim(${raw})::bigint END`
      keyError = `CASE WHEN s.k IS NULL AND ${present('s.kraw')} THEN replace(${literal(
        t('dataloader.keyNotFound', { field: 'id', value: VALUE }),
      )}, chr(1), s.kraw) END`
    } else {
      const field = fields.get(key.destiny!)!
      const m: Mapped = {
        index: lookup,
        field,
        column: byColumn.get(field.name),
        style: job.metadata.numberStyles?.[key.oldPrimaryKeySource ?? key.source] ?? 'point',
        domain: undefined,
      }
      keyColumn = field.name
      keySql = valueSql(m, lookup)
      keyError = conversionError(m, 's.k', 's.kraw') ?? 'NULL'
    }
    first.push(`${keySql} AS k`, `${raw} AS kraw`)
  } else {
    first.push('NULL::text AS k', 'NULL::text AS kraw')
  }
  const geometry = geometryPlan(input)
  if (geometry) first.push(...geometry.inner)
  const middle = geometry?.middle ?? ['NULL::geometry AS g0', 'false AS gp', 'NULL::text AS gce']

  // Stage 2: the geometry in EPSG:4326, as the layer holds it, with its error.
  const tabular = layer.geometryType === 'TABULAR'
  const compatible = tabular ? [] : COMPATIBLE[layer.geometryType]!
  const declared = `ST_SRID(s.g0)`
  const moved = `CASE WHEN ${declared} = 4326 OR (${declared} = 0 AND ${sourceSrid} = 4326) THEN ST_SetSRID(s.g0, 4326)
          ELSE app.import_transform(CASE WHEN ${declared} = 0 THEN ST_SetSRID(s.g0, ${sourceSrid}) ELSE s.g0 END, 4326) END`
  const geomError = tabular
    ? `CASE WHEN s.gp THEN ${fixed('geom', 'features.geometry.tabular')} END`
    : `CASE WHEN NOT s.gp THEN NULL
            WHEN s.gce IS NOT NULL THEN s.gce
            WHEN s.g0 IS NULL OR ST_IsEmpty(s.g0) OR ${declared} NOT IN (0, 4326, ${sourceSrid})
              THEN ${fixed('geom', 'features.geometry.invalid')}
            WHEN lower(replace(ST_GeometryType(s.g0), 'ST_', '')) NOT IN (${compatible.map(literal).join(', ')})
              THEN ${fixed('geom', 'features.geometry.wrongType', { type: layer.geometryType })}
            WHEN s.g1 IS NULL OR ST_XMin(s.g1) < -180 OR ST_XMax(s.g1) > 180 OR ST_YMin(s.g1) < -90
                 OR ST_YMax(s.g1) > 90 OR NOT (ST_XMin(s.g1) + ST_XMax(s.g1) + ST_YMin(s.g1) + ST_YMax(s.g1)) BETWEEN -1e300 AND 1e300
              THEN ${fixed('geom', 'features.geometry.outOfRange')} END`
  const finalGeom = tabular
    ? 'NULL::geometry'
    : layer.geometryType.startsWith('multi')
      ? 'ST_Multi(ST_Force2D(s.g1))'
      : 'ST_Force2D(s.g1)'

  // Stage 3: the key looked up, the action, the rules of the action.
  const action = `CASE WHEN m.fid IS NULL THEN 'I' ELSE 'U' END`
  const rules: string[] = []
  mapped.forEach((m, i) => {
    rules.push(...valueRules(m, `b.v${i}`, action, 'm.fid', layer))
    if (m.column?.notNull) {
      rules.push(
        `CASE WHEN b.v${i} IS NULL AND b.e${i} IS NULL THEN ${fixed(m.field.name, 'features.value.required')} END`,
      )
    }
  })
  const mappedNames = new Set(mapped.map((m) => m.field.name))
  const required = columns.filter((c) => {
    const f = fields.get(c.name)
    return f && !f.system && c.notNull && !c.hasDefault && !mappedNames.has(c.name)
  })
  for (const c of required) {
    rules.push(`CASE WHEN m.fid IS NULL THEN ${fixed(c.name, 'features.value.required')} END`)
  }
  if (!perms.createFeature) {
    rules.push(`CASE WHEN m.fid IS NULL THEN ${literal(t('features.noCreatePermission'))} END`)
  }
  if (!perms.updateFeature) {
    rules.push(`CASE WHEN m.fid IS NOT NULL THEN ${literal(t('features.noEditPermission'))} END`)
  }
  // A geometry is checked where it is written: an insert, or an update under 'all'.
  const geometryUsed = `(m.fid IS NULL OR ${literal(config.spatializeMode)} = 'all')`
  const lookupErrors = keyColumn
    ? [
        `CASE WHEN m.n > 1 THEN replace(${literal(
          t('dataloader.keyAmbiguous', { field: keyColumn, value: VALUE }),
        )}, chr(1), b.kraw) END`,
        ...(keyColumn === 'id'
          ? [
              `CASE WHEN b.k IS NOT NULL AND m.fid IS NULL THEN replace(${literal(
                t('dataloader.keyNotFound', { field: 'id', value: VALUE }),
              )}, chr(1), b.kraw) END`,
            ]
          : []),
      ]
    : []
  const lookup = keyColumn
    ? `LEFT JOIN (SELECT t.${ident(keyColumn)} AS k, min(t.id) AS fid, count(*) AS n
                    FROM ${layerRead(layer).from}
                   WHERE ${layerRead(layer).live}
                     AND t.${ident(keyColumn)} IN (SELECT k FROM import_batch WHERE k IS NOT NULL AND ke IS NULL)
                   GROUP BY 1) m ON m.k = b.k`
    : `LEFT JOIN (SELECT NULL::bigint AS fid, 0 AS n) m ON false`

  const errorColumns = mapped.map((_, i) => `e${i}`)
  const batch = (importId: number, after: number, upto: number) => `
    CREATE TEMP TABLE import_batch ON COMMIT DROP AS
    SELECT s.row_no, ${mapped.map((_, i) => `s.v${i}`).join(', ')}${mapped.length ? ',' : ''}
           s.k, s.kraw, ${keyError === 'NULL' ? 'NULL::text' : keyError} AS ke,
           ${finalGeom} AS g, s.gp, ${geomError} AS ge
           ${conv.map((e, i) => `, ${e} AS e${i}`).join('')}
      FROM (SELECT s1.*, ${tabular ? 'NULL::geometry' : moved.replace(/s\.g0/g, 's1.g0')} AS g1
              FROM (SELECT s0.*, ${middle.join(', ')}
                      FROM (SELECT ${first.join(', ')}
                              FROM app.dataloader_rows r
                             WHERE r.import_id = ${Math.trunc(importId)}
                               AND r.row_no > ${Math.trunc(after)} AND r.row_no <= ${Math.trunc(upto)}
                            OFFSET 0) s0
                    OFFSET 0) s1
            OFFSET 0) s`

  const rowsSql = `
    CREATE TEMP TABLE import_rows ON COMMIT DROP AS
    SELECT x.*,
           CASE WHEN x.err IS NULL THEN min(x.row_no) OVER w END AS grp,
           CASE WHEN x.err IS NULL THEN row_number() OVER (w ORDER BY x.row_no DESC) END AS rn
      FROM (SELECT b.*, m.fid, ${action} AS action,
                   nullif(concat_ws('; ', ${[
                     ...errorColumns.map((e) => `b.${e}`),
                     'b.ke',
                     ...lookupErrors,
                     ...rules,
                     `CASE WHEN ${geometryUsed} THEN b.ge END`,
                   ].join(', ')}), '') AS err
              FROM import_batch b ${lookup}) x
    WINDOW w AS (PARTITION BY x.err IS NULL, x.k, CASE WHEN x.k IS NULL THEN x.row_no END)`

  const written = mapped.map((m) => m.field.name)
  const casts = mapped.map((m, i) => {
    const type = m.column?.sqlType
    return `${type ? `CAST(r.v${i} AS ${type})` : `r.v${i}`} AS ${ident(m.field.name)}`
  })
  const changes = (seq: string | null) => `
    CREATE TEMP TABLE import_changes ON COMMIT DROP AS
    SELECT c.*, coalesce(c.fid, ${seq ? `nextval(${literal(seq)})` : 'NULL::bigint'}) AS feature_id
      FROM (SELECT r.grp, r.grp AS ord, r.action, r.fid,
                   ${casts.join(', ')}${casts.length ? ',' : ''}
                   r.g AS geom,
                   (r.gp AND r.g IS NOT NULL AND (r.action = 'I' OR ${literal(config.spatializeMode)} = 'all')) AS with_geom
              FROM import_rows r WHERE r.rn = 1 ORDER BY r.grp) c`

  return {
    // The temporary tables analysed: without statistics the planner takes them for empty and
    // joins them row by row.
    rows: (importId, after, upto) => [
      batch(importId, after, upto),
      'ANALYZE import_batch',
      rowsSql,
      'ANALYZE import_rows',
    ],
    changes: (seq) => [changes(seq), 'ANALYZE import_changes'],
    written,
    geometry: !tabular && !!geometry,
    keyed: !!keyColumn,
  }
}
