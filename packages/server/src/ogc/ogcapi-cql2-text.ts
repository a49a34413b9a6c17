import {
  bboxPolygon,
  CQL2_LIMITS,
  filterError,
  GEOMETRY_DEPTH,
  GEOMETRY_TYPES,
  SPATIAL_FUNCTIONS,
  type Coordinates,
  type Cql2,
  type Cql2Comparison,
  type Cql2Geometry,
  type Cql2GeometryType,
  type Cql2Value,
  type SpatialFunction,
} from './ogcapi-cql2'

// CQL2 text (OGC 21-065 §8), the subset of ogcapi-cql2.ts, by recursive descent. No npm
// library parses CQL2 (the ones there read GeoServer's ECQL or the clinical CQL): this one
// bounds its input (length, depth, nodes), so no filter can exhaust the stack or the CPU.

interface Token {
  kind: 'str' | 'num' | 'word' | 'quoted' | 'punct'
  text: string
  at: number
}

const TOKEN =
  /\s*(?:('(?:[^']|'')*')|([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)|([A-Za-z_][A-Za-z0-9_.:]*)|("(?:[^"]|"")+")|(<=|>=|<>|[=<>(),]))/y

function tokenize(text: string): Token[] {
  const tokens: Token[] = []
  TOKEN.lastIndex = 0
  let pos = 0
  while (pos < text.length) {
    if (/^\s*$/.test(text.slice(pos))) break
    TOKEN.lastIndex = pos
    const m = TOKEN.exec(text)
    if (!m) throw syntax(pos, text.slice(pos, pos + 12))
    const at = m.index + m[0].length - m[0].trimStart().length
    const [, str, num, word, quoted, punct] = m
    if (str) tokens.push({ kind: 'str', text: str.slice(1, -1).replaceAll("''", "'"), at })
    else if (num) tokens.push({ kind: 'num', text: num, at })
    else if (word) tokens.push({ kind: 'word', text: word, at })
    else if (quoted) tokens.push({ kind: 'quoted', text: quoted.slice(1, -1), at })
    else tokens.push({ kind: 'punct', text: punct!, at })
    pos = TOKEN.lastIndex
  }
  return tokens
}

const syntax = (at: number, reason: string) =>
  filterError('ogcapi.filterSyntax', { at: at + 1, reason: reason.slice(0, 40) || 'fim' })

const KEYWORDS = new Set(
  'and or not like between in is null true false timestamp date interval'.split(' '),
)
const COMPARISONS = new Set(['=', '<>', '<', '>', '<=', '>='])
const FLIPPED: Record<Cql2Comparison, Cql2Comparison> = {
  '=': '=',
  '<>': '<>',
  '<': '>',
  '>': '<',
  '<=': '>=',
  '>=': '<=',
}

type Operand =
  | { kind: 'prop'; name: string }
  | { kind: 'value'; value: Cql2Value }
  | { kind: 'geom'; geometry: Cql2Geometry }

/** Reads a CQL2 text filter, or a 400 saying where it went wrong. */
export function parseCql2Text(text: string): Cql2 {
  if (text.length > CQL2_LIMITS.maxChars) {
    throw filterError('ogcapi.filterTooLong', { max: CQL2_LIMITS.maxChars })
  }
  const parser = new TextParser(tokenize(text), text.length)
  const tree = parser.expression(0)
  parser.end()
  return tree
}

class TextParser {
  private i = 0
  private nodes = 0
  constructor(
    private readonly tokens: Token[],
    private readonly length: number,
  ) {}

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.i + offset]
  }
  private at(): number {
    return this.peek()?.at ?? this.length
  }
  private isWord(word: string, offset = 0): boolean {
    const t = this.peek(offset)
    return t?.kind === 'word' && t.text.toLowerCase() === word
  }
  private take(): Token {
    const t = this.tokens[this.i++]
    if (!t) throw syntax(this.length, '')
    return t
  }
  private expect(punct: string): void {
    const t = this.take()
    if (t.kind !== 'punct' || t.text !== punct) throw syntax(t.at, t.text)
  }
  private acceptWord(word: string): boolean {
    if (!this.isWord(word)) return false
    this.i++
    return true
  }
  private node<T extends Cql2>(n: T): T {
    if (++this.nodes > CQL2_LIMITS.maxNodes) {
      throw filterError('filters.tooManyNodes', { max: CQL2_LIMITS.maxNodes })
    }
    return n
  }

  end(): void {
    if (this.peek()) throw syntax(this.at(), this.peek()!.text)
  }

  expression(depth: number): Cql2 {
    if (depth > CQL2_LIMITS.maxDepth) {
      throw filterError('filters.tooDeep', { max: CQL2_LIMITS.maxDepth })
    }
    return this.junction('or', depth)
  }

  private junction(op: 'and' | 'or', depth: number): Cql2 {
    const part = () => (op === 'or' ? this.junction('and', depth) : this.negation(depth))
    const args = [part()]
    while (this.acceptWord(op)) args.push(part())
    return args.length === 1 ? args[0]! : this.node({ op, args })
  }

  private negation(depth: number): Cql2 {
    if (this.acceptWord('not')) return this.node({ op: 'not', arg: this.negation(depth + 1) })
    return this.primary(depth)
  }

  private primary(depth: number): Cql2 {
    const t = this.peek()
    if (t?.kind === 'punct' && t.text === '(') {
      this.i++
      const inner = this.expression(depth + 1)
      this.expect(')')
      return inner
    }
    const word = t?.kind === 'word' ? t.text.toLowerCase() : ''
    if (SPATIAL_FUNCTIONS.includes(word as SpatialFunction)) return this.spatial(word)
    if (/^(t|a)_/.test(word)) throw filterError('ogcapi.filterUnsupported', { name: t!.text })
    if ((word === 'true' || word === 'false') && !this.predicateFollows(1)) {
      this.i++
      return this.node({ op: 'bool', value: word === 'true' })
    }
    return this.predicate()
  }

  /** Whether the token at `offset` starts a predicate's operator (so TRUE is an operand). */
  private predicateFollows(offset: number): boolean {
    const t = this.peek(offset)
    if (!t) return false
    if (t.kind === 'punct') return COMPARISONS.has(t.text)
    return ['like', 'between', 'in', 'is', 'not'].some((w) => this.isWord(w, offset))
  }

  private spatial(fn: string): Cql2 {
    this.i++
    this.expect('(')
    const a = this.operand()
    this.expect(',')
    const b = this.operand()
    this.expect(')')
    const prop = a.kind === 'prop' ? a : b.kind === 'prop' ? b : undefined
    const geom = a.kind === 'geom' ? a : b.kind === 'geom' ? b : undefined
    if (!prop || !geom) throw filterError('ogcapi.filterUnsupported', { name: fn.toUpperCase() })
    // A geometry first reads the relation the other way round (within ↔ contains).
    const turned =
      a.kind === 'geom' ? ({ s_within: 's_contains', s_contains: 's_within' } as const) : {}
    const name = (turned as Record<string, SpatialFunction>)[fn] ?? (fn as SpatialFunction)
    return this.node({ op: 'spatial', fn: name, prop: prop.name, geometry: geom.geometry })
  }

  private predicate(): Cql2 {
    const start = this.at()
    const left = this.operand()
    const negated = this.acceptWord('not')
    const t = this.peek()
    if (!negated && t?.kind === 'punct' && COMPARISONS.has(t.text)) {
      this.i++
      return this.comparison(t.text as Cql2Comparison, left, this.operand(), start)
    }
    const prop = this.propertyOf(left, start)
    let pred: Cql2
    if (this.acceptWord('like')) {
      const pattern = this.take()
      if (pattern.kind !== 'str') throw syntax(pattern.at, pattern.text)
      pred = this.node({ op: 'like', prop, pattern: pattern.text })
    } else if (this.acceptWord('between')) {
      const lower = this.literal()
      if (!this.acceptWord('and')) throw syntax(this.at(), this.peek()?.text ?? '')
      pred = this.node({ op: 'between', prop, lower, upper: this.literal() })
    } else if (this.acceptWord('in')) {
      pred = this.node({ op: 'in', prop, values: this.list() })
    } else if (!negated && this.acceptWord('is')) {
      const not = this.acceptWord('not')
      if (!this.acceptWord('null')) throw syntax(this.at(), this.peek()?.text ?? '')
      pred = this.node({ op: 'isNull', prop })
      return not ? this.node({ op: 'not', arg: pred }) : pred
    } else throw syntax(this.at(), this.peek()?.text ?? '')
    return negated ? this.node({ op: 'not', arg: pred }) : pred
  }

  private comparison(cmp: Cql2Comparison, left: Operand, right: Operand, at: number): Cql2 {
    if (left.kind === 'prop' && right.kind === 'value') {
      return this.node({ op: 'cmp', cmp, prop: left.name, value: right.value })
    }
    if (left.kind === 'value' && right.kind === 'prop') {
      return this.node({ op: 'cmp', cmp: FLIPPED[cmp], prop: right.name, value: left.value })
    }
    throw filterError('ogcapi.filterUnsupported', {
      name: left.kind === 'prop' && right.kind === 'prop' ? 'propriedade com propriedade' : `${at}`,
    })
  }

  private propertyOf(o: Operand, at: number): string {
    if (o.kind !== 'prop') throw syntax(at, this.peek()?.text ?? '')
    return o.name
  }

  private list(): Cql2Value[] {
    this.expect('(')
    const values = [this.literal()]
    while (this.peek()?.text === ',') {
      this.i++
      values.push(this.literal())
    }
    this.expect(')')
    return values
  }

  private literal(): Cql2Value {
    const at = this.at()
    const o = this.operand()
    if (o.kind !== 'value') throw syntax(at, 'literal')
    return o.value
  }

  private operand(): Operand {
    const t = this.take()
    if (t.kind === 'str') return { kind: 'value', value: t.text }
    if (t.kind === 'num') return { kind: 'value', value: Number(t.text) }
    if (t.kind === 'quoted') return { kind: 'prop', name: t.text }
    if (t.kind !== 'word') throw syntax(t.at, t.text)
    const word = t.text.toLowerCase()
    if (word === 'true' || word === 'false') return { kind: 'value', value: word === 'true' }
    if (word === 'timestamp' || word === 'date') {
      this.expect('(')
      const s = this.take()
      if (s.kind !== 'str') throw syntax(s.at, s.text)
      this.expect(')')
      return { kind: 'value', value: s.text }
    }
    if (word === 'bbox') return { kind: 'geom', geometry: this.bbox(t.at) }
    const type = GEOMETRY_TYPES.find((g) => g.toLowerCase() === word)
    if (type) return { kind: 'geom', geometry: this.geometry(type) }
    if (KEYWORDS.has(word) || word === 'geometrycollection') throw syntax(t.at, t.text)
    return { kind: 'prop', name: t.text }
  }

  private number(): number {
    const t = this.take()
    if (t.kind !== 'num') throw syntax(t.at, t.text)
    return Number(t.text)
  }

  private bbox(at: number): Cql2Geometry {
    this.expect('(')
    const box = [this.number()]
    while (this.peek()?.text === ',') {
      this.i++
      box.push(this.number())
    }
    this.expect(')')
    return bboxPolygon(box, `${at + 1}`)
  }

  private geometry(type: Cql2GeometryType): Cql2Geometry {
    if (this.isWord('z')) this.i++
    const depth = GEOMETRY_DEPTH[type]
    if (depth > 0) return { type, coordinates: this.coordinates(depth, type === 'MultiPoint') }
    this.expect('(')
    const point = this.coordinates(0)
    this.expect(')')
    return { type, coordinates: point }
  }

  /** Positions nested `depth` deep; MultiPoint's may stand bare or each in parentheses. */
  private coordinates(depth: number, multiPoint = false): Coordinates {
    if (depth === 0) {
      const p = [this.number(), this.number()]
      if (this.peek()?.kind === 'num') p.push(this.number())
      return p
    }
    this.expect('(')
    const item = () => {
      if (multiPoint && this.peek()?.text === '(') {
        this.i++
        const p = this.coordinates(0)
        this.expect(')')
        return p
      }
      return this.coordinates(depth - 1)
    }
    const items = [item()]
    while (this.peek()?.text === ',') {
      this.i++
      items.push(item())
    }
    this.expect(')')
    return items as Coordinates
  }
}
