import {
  NAME_PATTERN,
  SYSTEM_FIELD_NAMES,
  nameBytes,
  MAX_NAME_BYTES,
  type AttributeType,
  type ColumnType,
  type LayerAttribute,
  type LayerGeometryType,
  type LayerStyle,
} from '@gis/shared'
import type { LayerEntry } from './catalogue.sql'
import type { ColumnInfo } from './layer-tables'
import type { CatalogueLayer } from './model'

/**
 * A layer's catalogue entry kept in step with its table: the attributes a column gives, a
 * field removed from everything that names it, the entry re-read from the columns.
 */

const ATTRIBUTE_TYPES: Partial<Record<ColumnType, AttributeType>> = {
  string: 'string',
  integer: 'number',
  double: 'number',
  numeric: 'number',
  datetime: 'datetime',
  date: 'date',
  time: 'time',
  boolean: 'boolean',
}

/** A column name every client can use unquoted (the catalogue's identifiers). */
export const validColumnName = (name: string) =>
  NAME_PATTERN.test(name) && nameBytes(name) <= MAX_NAME_BYTES

/**
 * The catalogue attribute of a user column, or undefined for system columns and for columns
 * whose type the forms and services do not handle (arrays, JSON, uuid, other geometries).
 */
export function attributeOf(
  c: ColumnInfo,
  title = c.name,
  tooltip = '',
): LayerAttribute | undefined {
  if (SYSTEM_FIELD_NAMES.includes(c.name) || !validColumnName(c.name)) return undefined
  const type = ATTRIBUTE_TYPES[c.type]
  if (!type) return undefined
  return { name: c.name, type, maxLength: type === 'string' ? c.length : null, title, tooltip }
}

/** The editable entry of a catalogue layer. */
export function entryOf(l: CatalogueLayer): LayerEntry {
  return {
    title: l.title,
    queryable: l.queryable,
    attributes: l.attributes,
    layout: l.layout,
    fieldsFormat: l.fieldsFormat,
    domains: l.domains,
    style: l.style,
  }
}

/** Field formats follow the attributes (titles and tooltips). */
export const fieldsFormatOf = (attributes: readonly LayerAttribute[]) =>
  attributes.map((a) => ({ name: a.name, title: a.title, tooltip: a.tooltip }))

/** A style without the parts that name fields not in `keep`. */
function styleKeeping(style: LayerStyle, keep: (name: string) => boolean): LayerStyle {
  const next: LayerStyle = { ...style }
  if (next.categories && !keep(next.categories.attribute)) delete next.categories
  if (next.label && !keep(next.label.attribute)) delete next.label
  return next
}

/** The entry without the fields `gone` names: attributes, layout, domains and style. */
export function withoutFields(
  entry: LayerEntry,
  gone: ReadonlySet<string>,
): { entry: LayerEntry; legendChanged: boolean } {
  const keep = (name: string) => !gone.has(name)
  const attributes = entry.attributes.filter((a) => keep(a.name))
  const style = styleKeeping(entry.style, (n) => keep(n))
  return {
    legendChanged: JSON.stringify(style) !== JSON.stringify(entry.style),
    entry: {
      ...entry,
      attributes,
      fieldsFormat: fieldsFormatOf(attributes),
      layout: entry.layout.map((g) => ({ ...g, fields: g.fields.filter((f) => keep(f.name)) })),
      domains: Object.fromEntries(Object.entries(entry.domains).filter(([k]) => keep(k))),
      style,
    },
  }
}

/**
 * The entry re-read from the table's columns: new columns become attributes (at the end),
 * vanished ones leave everything that named them, and a changed type or length is taken;
 * titles and tooltips are kept.
 */
export function syncedWithColumns(
  entry: LayerEntry,
  columns: readonly ColumnInfo[],
): {
  entry: LayerEntry
  added: string[]
  removed: string[]
  changed: string[]
  legendChanged: boolean
} {
  const fromColumns = new Map(
    columns.flatMap((c) => {
      const a = attributeOf(c)
      return a ? [[a.name, a] as const] : []
    }),
  )
  const removed = entry.attributes.filter((a) => !fromColumns.has(a.name)).map((a) => a.name)
  const { entry: kept, legendChanged } = withoutFields(entry, new Set(removed))
  const changed: string[] = []
  const attributes = kept.attributes.map((a) => {
    const c = fromColumns.get(a.name)!
    if (c.type === a.type && c.maxLength === a.maxLength) return a
    changed.push(a.name)
    return { ...a, type: c.type, maxLength: c.maxLength }
  })
  const known = new Set(attributes.map((a) => a.name))
  const added = [...fromColumns.values()].filter((a) => !known.has(a.name))
  const all = [...attributes, ...added]
  return {
    entry: { ...kept, attributes: all, fieldsFormat: fieldsFormatOf(all) },
    added: added.map((a) => a.name),
    removed,
    changed,
    legendChanged,
  }
}

const PALETTE = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f', '#ad1457', '#4e342e']

/** The style a newly registered layer gets: one colour, drawn as its geometry suggests. */
export function defaultStyle(geometryType: LayerGeometryType, seed: string): LayerStyle {
  let h = 0
  for (const ch of seed) h = (h * 31 + ch.charCodeAt(0)) >>> 0
  const color = PALETTE[h % PALETTE.length]!
  switch (geometryType) {
    case 'point':
    case 'multipoint':
      return {
        fill: color,
        stroke: { color: '#ffffff', width: 1 },
        point: { shape: 'circle', radius: 5 },
      }
    case 'linestring':
    case 'multilinestring':
      return { stroke: { color, width: 2 } }
    case 'polygon':
    case 'multipolygon':
      return { fill: `${color}55`, stroke: { color, width: 1.5 } }
    case 'TABULAR':
      return {}
  }
}
