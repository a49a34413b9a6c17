import {
  bboxPolygon,
  checkCoordinates,
  CQL2_LIMITS,
  filterError,
  GEOMETRY_TYPES,
  SPATIAL_FUNCTIONS,
  type Cql2,
  type Cql2Comparison,
  type Cql2Geometry,
  type Cql2GeometryType,
  type Cql2Value,
  type SpatialFunction,
} from './ogcapi-cql2'

// CQL2 JSON (OGC 21-065 §8.2, `{ "op": …, "args": […] }`), read from untrusted JSON into
// the same tree as the text encoding, within the same bounds.

type Json = unknown

const COMPARISONS = new Set<string>(['=', '<>', '<', '>', '<=', '>='])

const invalid = (at: string, reason: string) => filterError('ogcapi.filterJson', { at, reason })

const isObject = (v: Json): v is Record<string, Json> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Reads a CQL2 JSON filter given as text (the `filter` parameter), or a 400. */
export function parseCql2Json(text: string): Cql2 {
  if (text.length > CQL2_LIMITS.maxChars) {
    throw filterError('ogcapi.filterTooLong', { max: CQL2_LIMITS.maxChars })
  }
  let json: Json
  try {
    json = JSON.parse(text)
  } catch {
    throw invalid('filter', 'JSON')
  }
  return new JsonReader().expression(json, 'filter', 0)
}

class JsonReader {
  private nodes = 0

  private node<T extends Cql2>(n: T): T {
    if (++this.nodes > CQL2_LIMITS.maxNodes) {
      throw filterError('filters.tooManyNodes', { max: CQL2_LIMITS.maxNodes })
    }
    return n
  }

  expression(v: Json, at: string, depth: number): Cql2 {
    if (depth > CQL2_LIMITS.maxDepth) {
      throw filterError('filters.tooDeep', { max: CQL2_LIMITS.maxDepth })
    }
    if (typeof v === 'boolean') return this.node({ op: 'bool', value: v })
    if (!isObject(v) || typeof v.op !== 'string' || !Array.isArray(v.args)) {
      throw invalid(at, '{ "op", "args" }')
    }
    const op = v.op.toLowerCase()
    const args = v.args as Json[]
    if (op === 'and' || op === 'or') {
      if (args.length < 2) throw invalid(`${at}.args`, op)
      return this.node({
        op,
        args: args.map((a, i) => this.expression(a, `${at}.args.${i}`, depth + 1)),
      })
    }
    if (op === 'not') {
      if (args.length !== 1) throw invalid(`${at}.args`, 'not')
      return this.node({ op: 'not', arg: this.expression(args[0], `${at}.args.0`, depth + 1) })
    }
    return this.predicate(op, args, at)
  }

  private predicate(op: string, args: Json[], at: string): Cql2 {
    const arity = (n: number) => {
      if (args.length !== n) throw invalid(`${at}.args`, op)
    }
    if (COMPARISONS.has(op)) {
      arity(2)
      return this.comparison(op as Cql2Comparison, args, at)
    }
    if (op === 'like') {
      arity(2)
      if (typeof args[1] !== 'string') throw invalid(`${at}.args.1`, 'like')
      return this.node({ op, prop: this.property(args[0], at), pattern: args[1] })
    }
    if (op === 'between') {
      arity(3)
      const [lower, upper] = [this.literal(args[1], at), this.literal(args[2], at)]
      return this.node({ op, prop: this.property(args[0], at), lower, upper })
    }
    if (op === 'in') {
      arity(2)
      const list = args[1]
      if (!Array.isArray(list) || list.length === 0) throw invalid(`${at}.args.1`, 'in')
      const values = list.map((x) => this.literal(x, at))
      return this.node({ op, prop: this.property(args[0], at), values })
    }
    if (op === 'isnull') {
      arity(1)
      return this.node({ op: 'isNull', prop: this.property(args[0], at) })
    }
    if (SPATIAL_FUNCTIONS.includes(op as SpatialFunction)) {
      arity(2)
      return this.spatial(op as SpatialFunction, args, at)
    }
    throw filterError('ogcapi.filterUnsupported', { name: op.slice(0, 40) })
  }

  private comparison(cmp: Cql2Comparison, args: Json[], at: string): Cql2 {
    const flipped: Record<Cql2Comparison, Cql2Comparison> = {
      '=': '=',
      '<>': '<>',
      '<': '>',
      '>': '<',
      '<=': '>=',
      '>=': '<=',
    }
    const [a, b] = args
    if (isObject(a) && 'property' in a) {
      return this.node({ op: 'cmp', cmp, prop: this.property(a, at), value: this.literal(b, at) })
    }
    if (isObject(b) && 'property' in b) {
      const value = this.literal(a, at)
      return this.node({ op: 'cmp', cmp: flipped[cmp], prop: this.property(b, at), value })
    }
    throw invalid(`${at}.args`, cmp)
  }

  private property(v: Json, at: string): string {
    if (!isObject(v) || typeof v.property !== 'string' || !v.property) {
      throw invalid(`${at}.args`, '{ "property" }')
    }
    return v.property
  }

  private literal(v: Json, at: string): Cql2Value {
    if (typeof v === 'string' || typeof v === 'boolean') return v
    if (typeof v === 'number' && Number.isFinite(v)) return v
    if (isObject(v) && typeof v.timestamp === 'string') return v.timestamp
    if (isObject(v) && typeof v.date === 'string') return v.date
    if (isObject(v) && 'property' in v) {
      throw filterError('ogcapi.filterUnsupported', { name: 'propriedade com propriedade' })
    }
    throw invalid(`${at}.args`, 'literal')
  }

  private spatial(fn: SpatialFunction, args: Json[], at: string): Cql2 {
    const [a, b] = args
    const first = isObject(a) && 'property' in a
    const prop = this.property(first ? a : b, at)
    const geometry = this.geometry(first ? b : a, `${at}.args.${first ? 1 : 0}`)
    const turned: Partial<Record<SpatialFunction, SpatialFunction>> = first
      ? {}
      : { s_within: 's_contains', s_contains: 's_within' }
    return this.node({ op: 'spatial', fn: turned[fn] ?? fn, prop, geometry })
  }

  private geometry(v: Json, at: string): Cql2Geometry {
    if (isObject(v) && Array.isArray(v.bbox)) {
      const box = v.bbox as Json[]
      if (!box.every((n) => typeof n === 'number' && Number.isFinite(n))) throw invalid(at, 'bbox')
      return bboxPolygon(box as number[], at)
    }
    if (!isObject(v) || !GEOMETRY_TYPES.includes(v.type as Cql2GeometryType)) {
      throw invalid(at, 'GeoJSON')
    }
    const type = v.type as Cql2GeometryType
    return { type, coordinates: checkCoordinates(type, v.coordinates, at) }
  }
}
