import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { OwsError } from './ows-errors'
import { parseFilter, WFS_FILTER_LIMITS, type Filter } from './wfs-filter'
import {
  kvp,
  defaultCount,
  MAX_FEATURES,
  MAX_QUERIES,
  parseKvp,
  parseXmlRequest,
  type OwsRequest,
} from './wfs-request'
import { child, parseUntrustedXml } from './xml'

/** Runs `fn`: it answers, or refuses with an OGC error, and never fails in any other way. */
function answersOrRefuses<T>(fn: () => T): T | OwsError {
  try {
    return fn()
  } catch (err) {
    expect(err).toBeInstanceOf(OwsError)
    return err as OwsError
  }
}

const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,11}$/)
const literal = fc.stringMatching(
  /^[A-Za-z0-9À-ú_.%*!-][A-Za-z0-9À-ú _.%*!-]{0,18}[A-Za-z0-9À-ú_.%*!-]$/,
)
const coordinate = fc
  .double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })
  .map((v) => (Object.is(v, -0) ? 0 : v))
const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const COMPARISONS = {
  '=': 'PropertyIsEqualTo',
  '<>': 'PropertyIsNotEqualTo',
  '<': 'PropertyIsLessThan',
  '>': 'PropertyIsGreaterThan',
  '<=': 'PropertyIsLessThanOrEqualTo',
  '>=': 'PropertyIsGreaterThanOrEqualTo',
} as const

const leaf: fc.Arbitrary<Filter> = fc.oneof(
  fc.record({
    op: fc.constant('cmp' as const),
    cmp: fc.constantFrom(...(Object.keys(COMPARISONS) as (keyof typeof COMPARISONS)[])),
    prop: name,
    value: literal,
    matchCase: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('like' as const),
    prop: name,
    pattern: literal,
    wild: fc.constant('*'),
    single: fc.constant('.'),
    escape: fc.constant('!'),
  }),
  fc.record({ op: fc.constant('null' as const), prop: name }),
  fc.record({ op: fc.constant('between' as const), prop: name, lower: literal, upper: literal }),
  fc.tuple(coordinate, coordinate, coordinate, coordinate).map(([a, b, c, d]): Filter => ({
    op: 'bbox',
    env: {
      minx: Math.min(a, c),
      miny: Math.min(b, d),
      maxx: Math.max(a, c),
      maxy: Math.max(b, d),
      srid: 4326,
    },
  })),
  fc
    .record({ layer: fc.option(name, { nil: undefined }), id: fc.integer({ min: 0, max: 1e12 }) })
    .map((ref): Filter => ({ op: 'ids', ids: [ref] })),
)

const filterTree = fc.letrec<{ f: Filter }>((tie) => ({
  f: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.record({
      op: fc.constantFrom('and' as const, 'or' as const),
      args: fc.array(tie('f'), { minLength: 2, maxLength: 3 }),
    }),
    fc.record({ op: fc.constant('not' as const), arg: tie('f') }),
  ),
})).f

/** A filter as FES 2.0 (WFS 2.0.0) or OGC Filter 1.1 (WFS 1.1.0) XML. */
function filterXml(f: Filter, v2: boolean): string {
  const ref = (p: string) =>
    v2 ? `<ValueReference>${p}</ValueReference>` : `<PropertyName>${p}</PropertyName>`
  switch (f.op) {
    case 'and':
    case 'or':
      return `<${f.op === 'and' ? 'And' : 'Or'}>${f.args.map((a) => filterXml(a, v2)).join('')}</${f.op === 'and' ? 'And' : 'Or'}>`
    case 'not':
      return `<Not>${filterXml(f.arg, v2)}</Not>`
    case 'cmp': {
      const el = COMPARISONS[f.cmp]
      return `<${el}${f.matchCase ? '' : ' matchCase="false"'}>${ref(f.prop)}<Literal>${escapeXml(f.value)}</Literal></${el}>`
    }
    case 'like':
      return `<PropertyIsLike wildCard="*" singleChar="." escapeChar="!">${ref(f.prop)}<Literal>${escapeXml(f.pattern)}</Literal></PropertyIsLike>`
    case 'null':
      return `<PropertyIsNull>${ref(f.prop)}</PropertyIsNull>`
    case 'between':
      return `<PropertyIsBetween>${ref(f.prop)}<LowerBoundary><Literal>${escapeXml(f.lower)}</Literal></LowerBoundary><UpperBoundary><Literal>${escapeXml(f.upper)}</Literal></UpperBoundary></PropertyIsBetween>`
    case 'bbox':
      return `<BBOX>${ref('geom')}<gml:Envelope srsName="EPSG:4326"><gml:lowerCorner>${f.env.minx} ${f.env.miny}</gml:lowerCorner><gml:upperCorner>${f.env.maxx} ${f.env.maxy}</gml:upperCorner></gml:Envelope></BBOX>`
    case 'ids': {
      const r = f.ids[0]!
      const id = r.layer ? `${r.layer}.${r.id}` : String(r.id)
      return v2 ? `<ResourceId rid="${id}"/>` : `<FeatureId fid="${id}"/>`
    }
    case 'intersects':
      throw new Error('not generated')
  }
}

const wrap = (inner: string, v2: boolean) =>
  v2
    ? `<fes:Filter xmlns:fes="http://www.opengis.net/fes/2.0" xmlns="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2">${inner}</fes:Filter>`
    : `<ogc:Filter xmlns:ogc="http://www.opengis.net/ogc" xmlns="http://www.opengis.net/ogc" xmlns:gml="http://www.opengis.net/gml">${inner}</ogc:Filter>`

/** And/Or are commutative, and XML groups children by name: compare them as sets. */
function normal(f: Filter): Filter {
  if (f.op === 'and' || f.op === 'or') {
    const args = f.args
      .map(normal)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))
    return { op: f.op, args }
  }
  if (f.op === 'not') return { op: 'not', arg: normal(f.arg) }
  return f
}

describe('filter parser (property)', () => {
  it('reads back every filter written as FES 2.0 or OGC 1.1 XML', () => {
    fc.assert(
      fc.property(filterTree, fc.boolean(), (f, v2) => {
        const doc = parseUntrustedXml(wrap(filterXml(f, v2), v2))
        expect(normal(parseFilter(child(doc, 'Filter')!))).toEqual(normal(f))
      }),
      { numRuns: 500 },
    )
  })

  it('refuses nesting past its limit, however deep, with an OGC error', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), (levels) => {
        const inner = '<PropertyIsNull><ValueReference>a</ValueReference></PropertyIsNull>'
        const xml = wrap(`${'<Not>'.repeat(levels)}${inner}${'</Not>'.repeat(levels)}`, true)
        const got = answersOrRefuses(() => parseFilter(child(parseUntrustedXml(xml), 'Filter')!))
        if (levels < WFS_FILTER_LIMITS.maxDepth) expect(got).not.toBeInstanceOf(OwsError)
        else expect(got).toBeInstanceOf(OwsError)
      }),
      { numRuns: 60 },
    )
  })

  it('answers or refuses (OGC) any XML-like text, never throws anything else', () => {
    const fragments = fc.constantFrom(
      '<And>',
      '</And>',
      '<Or>',
      '<Not>',
      '<PropertyIsEqualTo>',
      '</PropertyIsEqualTo>',
      '<ValueReference>a</ValueReference>',
      '<Literal>1</Literal>',
      '<BBOX>',
      '<gml:Envelope>',
      '<gml:lowerCorner>1 2</gml:lowerCorner>',
      '<gml:upperCorner>x</gml:upperCorner>',
      '<Intersects>',
      '<gml:Polygon><gml:exterior><gml:LinearRing><gml:posList>1 2 3</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon>',
      '<gml:Point><gml:pos>1</gml:pos></gml:Point>',
      '<ResourceId rid="x.y"/>',
      '<Function name="f"/>',
      '&amp;',
      '<!ENTITY x "y">',
    )
    fc.assert(
      fc.property(fc.array(fragments, { maxLength: 12 }), fc.boolean(), (parts, v2) => {
        answersOrRefuses(() => {
          const doc = parseUntrustedXml(wrap(parts.join(''), v2))
          return parseFilter(child(doc, 'Filter') ?? {})
        })
      }),
      { numRuns: 800 },
    )
  })
})

const FORMATS = {
  'application/json': 'geojson',
  json: 'geojson',
  'application/gml+xml; version=3.2': 'gml32',
  'text/xml; subtype=gml/3.1.1': 'gml31',
  GML3: 'gml31',
  GML32: 'gml32',
} as const

const getFeatureSpec = fc.record({
  version: fc.constantFrom('2.0.0', '1.1.0', '2.0.2', '1.1'),
  typeNames: fc.uniqueArray(name, { minLength: 1, maxLength: 4 }),
  count: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: undefined }),
  startIndex: fc.option(fc.integer({ min: 0, max: 1e8 }), { nil: undefined }),
  hits: fc.boolean(),
  format: fc.option(fc.constantFrom(...(Object.keys(FORMATS) as (keyof typeof FORMATS)[])), {
    nil: undefined,
  }),
  props: fc.option(fc.uniqueArray(name, { minLength: 1, maxLength: 4 }), { nil: undefined }),
  sort: fc.option(
    fc.array(fc.record({ prop: name, desc: fc.boolean() }), { minLength: 1, maxLength: 3 }),
    {
      nil: undefined,
    },
  ),
  filter: fc.option(filterTree, { nil: undefined }),
})

const versionOf = (v: string) => (v.startsWith('1') ? '1.1.0' : '2.0.0')

type Spec = typeof getFeatureSpec extends fc.Arbitrary<infer S> ? S : never

function checkGetFeature(req: OwsRequest, spec: Spec) {
  expect(req).toMatchObject({
    service: 'WFS',
    request: 'GetFeature',
    version: versionOf(spec.version),
  })
  if (req.request !== 'GetFeature' || req.service !== 'WFS') return
  const g = req.getFeature
  expect(g.queries.map((q) => q.typeName)).toEqual(spec.typeNames)
  expect(g.count).toBe(Math.min(spec.count ?? defaultCount(versionOf(spec.version)), MAX_FEATURES))
  expect(g.startIndex).toBe(spec.startIndex ?? 0)
  expect(g.resultType).toBe(spec.hits ? 'hits' : 'results')
  expect(g.outputFormat).toBe(
    spec.format ? FORMATS[spec.format] : versionOf(spec.version) === '1.1.0' ? 'gml31' : 'gml32',
  )
  for (const q of g.queries) {
    expect(q.propertyNames).toEqual(spec.props)
    expect(q.sortBy).toEqual(spec.sort)
    expect(q.filter && normal(q.filter)).toEqual(spec.filter && normal(spec.filter))
  }
}

describe('KVP request parser (property)', () => {
  it('reads back every GetFeature written as KVP', () => {
    fc.assert(
      fc.property(getFeatureSpec, (spec) => {
        const q = new Map<string, string>([
          ['SERVICE', 'WFS'],
          ['VERSION', spec.version],
          ['REQUEST', 'GetFeature'],
          ['TYPENAMES', spec.typeNames.map((n) => `gis:${n}`).join(',')],
        ])
        if (spec.count !== undefined) q.set('COUNT', String(spec.count))
        if (spec.startIndex !== undefined) q.set('STARTINDEX', String(spec.startIndex))
        if (spec.hits) q.set('RESULTTYPE', 'hits')
        if (spec.format) q.set('OUTPUTFORMAT', spec.format)
        if (spec.props) q.set('PROPERTYNAME', spec.props.join(','))
        if (spec.sort)
          q.set('SORTBY', spec.sort.map((s) => `${s.prop} ${s.desc ? 'DESC' : 'ASC'}`).join(','))
        if (spec.filter) q.set('FILTER', wrap(filterXml(spec.filter, true), true))
        checkGetFeature(parseKvp(q), spec)
      }),
      { numRuns: 400 },
    )
  })

  it('answers or refuses (OGC) any set of parameters, never throws anything else', () => {
    const key = fc.constantFrom(
      'SERVICE',
      'VERSION',
      'REQUEST',
      'TYPENAMES',
      'TYPENAME',
      'COUNT',
      'MAXFEATURES',
      'STARTINDEX',
      'RESULTTYPE',
      'OUTPUTFORMAT',
      'PROPERTYNAME',
      'SORTBY',
      'SRSNAME',
      'BBOX',
      'RESOURCEID',
      'FEATUREID',
      'FILTER',
      'CQL_FILTER',
      'ACCEPTVERSIONS',
      'LAYER',
      'WIDTH',
      'FORMAT',
    )
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.constantFrom(
        'WFS',
        'WMS',
        'GetFeature',
        'GetCapabilities',
        'DescribeFeatureType',
        'GetLegendGraphic',
      ),
      fc.constantFrom(
        '1,2,3,4',
        '1,2,3',
        'a,b,c,d,EPSG:3857',
        '-1',
        '1e9',
        'oae.1,oae.x',
        '(a)(b)',
        'km DESC,id A',
      ),
      fc.constantFrom('<Filter/>', '<Filter><And/></Filter>', '<x', '2.0.0', '1.0.0', '3.0'),
    )
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { maxLength: 10 }), (pairs) => {
        const params = kvp(Object.fromEntries(pairs))
        answersOrRefuses(() => parseKvp(params))
      }),
      { numRuns: 2000 },
    )
  })

  it('refuses more than 100 type names, and CQL_FILTER, with OGC errors', () => {
    fc.assert(
      fc.property(fc.integer({ min: MAX_QUERIES + 1, max: 5000 }), (n) => {
        const got = answersOrRefuses(() =>
          parseKvp(
            new Map([
              ['REQUEST', 'GetFeature'],
              ['TYPENAMES', Array(n).fill('oae').join(',')],
            ]),
          ),
        )
        expect(got).toBeInstanceOf(OwsError)
        expect((got as OwsError).message).toBe(
          'Tipos de feição demais em uma requisição (máximo de 100).',
        )
      }),
      { numRuns: 20 },
    )
    const cql = answersOrRefuses(() =>
      parseKvp(
        new Map([
          ['REQUEST', 'GetFeature'],
          ['TYPENAMES', 'oae'],
          ['CQL_FILTER', "tipo = 'ponte'"],
        ]),
      ),
    )
    expect(cql).toMatchObject({ code: 'InvalidParameterValue', locator: 'CQL_FILTER' })
  })
})

describe('XML request parser (property)', () => {
  it('reads back every GetFeature written as XML (WFS 2.0.0 and 1.1.0)', () => {
    fc.assert(
      fc.property(getFeatureSpec, (spec) => {
        const v2 = versionOf(spec.version) === '2.0.0'
        const attrs = [
          `service="WFS" version="${spec.version}"`,
          spec.count !== undefined ? `${v2 ? 'count' : 'maxFeatures'}="${spec.count}"` : '',
          spec.startIndex !== undefined ? `startIndex="${spec.startIndex}"` : '',
          spec.hits ? 'resultType="hits"' : '',
          spec.format ? `outputFormat="${spec.format}"` : '',
        ].join(' ')
        const ref = v2 ? 'fes:ValueReference' : 'ogc:PropertyName'
        const queries = spec.typeNames
          .map(
            (n) =>
              `<wfs:Query ${v2 ? 'typeNames' : 'typeName'}="gis:${n}">${(spec.props ?? [])
                .map((p) => `<wfs:PropertyName>gis:${p}</wfs:PropertyName>`)
                .join('')}${spec.filter ? wrap(filterXml(spec.filter, v2), v2) : ''}${
                spec.sort
                  ? `<fes:SortBy>${spec.sort
                      .map(
                        (s) =>
                          `<fes:SortProperty><${ref}>${s.prop}</${ref}><fes:SortOrder>${s.desc ? 'DESC' : 'ASC'}</fes:SortOrder></fes:SortProperty>`,
                      )
                      .join('')}</fes:SortBy>`
                  : ''
              }</wfs:Query>`,
          )
          .join('')
        const xml = `<wfs:GetFeature xmlns:wfs="http://www.opengis.net/wfs${v2 ? '/2.0' : ''}" xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:ogc="http://www.opengis.net/ogc" xmlns:gis="urn:x-gis-web:features" ${attrs}>${queries}</wfs:GetFeature>`
        checkGetFeature(parseXmlRequest(xml), spec)
      }),
      { numRuns: 400 },
    )
  })

  it('refuses more than 100 queries before reading them', () => {
    fc.assert(
      fc.property(fc.integer({ min: MAX_QUERIES + 1, max: 7000 }), fc.boolean(), (n, prefixed) => {
        const q = prefixed ? '<wfs:Query typeNames="oae"/>' : '<Query typeNames="oae"/>'
        const got = answersOrRefuses(() =>
          parseXmlRequest(
            `<wfs:GetFeature xmlns:wfs="http://www.opengis.net/wfs/2.0">${q.repeat(n)}</wfs:GetFeature>`,
          ),
        )
        expect(got).toMatchObject({ code: 'InvalidParameterValue', locator: 'Query' })
      }),
      { numRuns: 20 },
    )
  })

  it('answers or refuses (OGC) any XML-like body, never throws anything else', () => {
    const fragments = fc.constantFrom(
      '<GetFeature service="WFS" version="2.0.0">',
      '<GetFeature version="9">',
      '</GetFeature>',
      '<Query typeNames="oae">',
      '<Query typeNames="a b">',
      '<Query>',
      '</Query>',
      '<PropertyName>km</PropertyName>',
      '<Filter><BBOX><Envelope><lowerCorner>1 2</lowerCorner></Envelope></BBOX></Filter>',
      '<SortBy><SortProperty/></SortBy>',
      '<DescribeFeatureType><TypeName>oae</TypeName></DescribeFeatureType>',
      '<GetCapabilities><AcceptVersions><Version>3.0.0</Version></AcceptVersions></GetCapabilities>',
      '<StoredQuery id="x"/>',
      '<Transaction/>',
      '<!DOCTYPE x>',
      'count="abc"',
      '&lt;',
      '<',
    )
    fc.assert(
      fc.property(fc.array(fragments, { maxLength: 10 }), (parts) => {
        answersOrRefuses(() => parseXmlRequest(parts.join('')))
      }),
      { numRuns: 1500 },
    )
  })
})
