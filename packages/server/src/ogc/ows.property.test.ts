import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestApp, DEMO_LAYERS } from '../../test/harness'
import { defaultCount } from './wfs-request'

// Every combination a desktop client or the map may send (issue 18, point 3): output format ×
// layers with and without geometry × PROPERTYNAME (none, one field, the geometry only, all) ×
// SORTBY × paging × filters, on WFS 2.0.0 and 1.1.0, by KVP and by XML. Each answer is 200
// with exactly the members the data holds, or, for a request that is really invalid, an OGC
// exception report with status 400. Never a 500.

const t = useTestApp()
let fields: Record<string, { name: string; type: string }[]>
beforeAll(async () => {
  const layers = (await t.get('/api/config/layers', t.admin)).json<
    { name: string; attributes: { name: string; type: string }[] }[]
  >()
  fields = Object.fromEntries(
    layers.map((l) => [l.name, l.attributes.filter((a) => a.name !== 'd_e_l_e_t_')]),
  )
})

const LAYERS = DEMO_LAYERS
/** Layers small enough to answer whole when no COUNT is given. */
const SMALL = ['oae', 'pracas_pedagio', 'municipios', 'ocorrencias', 'marcos_km']
const TABULAR = ['ocorrencias']
const BOX = [-47.9, -23.6, -47.2, -23.2] as const

type Properties = 'none' | 'one' | 'geometry' | 'all' | 'unknown'
type Format =
  | undefined
  | 'application/json'
  | 'application/gml+xml; version=3.2'
  | 'text/xml; subtype=gml/3.1.1'
  | 'GML2'

interface Case {
  version: '2.0.0' | '1.1.0'
  encoding: 'kvp' | 'xml'
  layers: string[]
  format: Format
  properties: Properties
  /** Which field 'one' names (an index into the common fields). */
  pick: number
  sort: 'none' | 'asc' | 'desc' | 'geometry'
  count: number | undefined
  startIndex: number | undefined
  hits: boolean
  srs:
    | undefined
    | 'EPSG:4326'
    | 'urn:ogc:def:crs:EPSG::4326'
    | 'EPSG:3857'
    | 'EPSG:31983'
    | 'urn:ogc:def:crs:EPSG::4674'
    | 'EPSG:32723'
  bbox: boolean
  idFilter: undefined | { op: '>' | '<=' | '<>'; value: string }
}

/** One of the values, the first (an invalid one) in about one case of twelve. */
function rarely<T>(invalid: T, ...valid: T[]): fc.Arbitrary<T> {
  return fc.oneof(
    { arbitrary: fc.constant(invalid), weight: 1 },
    { arbitrary: fc.constantFrom(...valid), weight: 11 },
  )
}

const caseArb: fc.Arbitrary<Case> = fc
  .record({
    layers: fc.uniqueArray(fc.constantFrom(...LAYERS), { minLength: 1, maxLength: 3 }),
    version: fc.constantFrom('2.0.0' as const, '1.1.0' as const),
    encoding: fc.constantFrom('kvp' as const, 'xml' as const),
    format: rarely<Format>(
      'GML2',
      undefined,
      'application/json',
      'application/gml+xml; version=3.2',
      'text/xml; subtype=gml/3.1.1',
    ),
    properties: rarely<Properties>('unknown', 'none', 'one', 'geometry', 'all'),
    pick: fc.nat(20),
    sort: rarely('geometry' as const, 'none' as const, 'asc' as const, 'desc' as const),
    count: fc.option(fc.integer({ min: 0, max: 120 }), { nil: undefined }),
    startIndex: fc.option(fc.oneof(fc.integer({ min: 0, max: 150 }), fc.constant(5000)), {
      nil: undefined,
    }),
    hits: fc.boolean(),
    srs: rarely(
      'EPSG:32723' as const,
      undefined,
      'EPSG:4326' as const,
      'urn:ogc:def:crs:EPSG::4326' as const,
      'EPSG:3857' as const,
      'EPSG:31983' as const,
      'urn:ogc:def:crs:EPSG::4674' as const,
    ),
    bbox: fc.boolean(),
    idFilter: fc.option(
      fc.record({
        op: fc.constantFrom('>' as const, '<=' as const, '<>' as const),
        value: fc.oneof(
          { arbitrary: fc.integer({ min: 0, max: 900 }).map(String), weight: 9 },
          { arbitrary: fc.constant('dez'), weight: 1 },
        ),
      }),
      { nil: undefined },
    ),
  })
  .map((c) => ({
    ...c,
    // Big layers are always paged: a whole 21,000-sign answer per run would only cost time.
    count: c.count ?? (c.layers.every((l) => SMALL.includes(l)) ? undefined : 60),
  }))

/** Fields every chosen layer has, but the geometry. */
function commonFields(layers: string[]): { name: string; type: string }[] {
  return fields[layers[0]!]!.filter(
    (f) => f.type !== 'geometry' && layers.every((l) => fields[l]!.some((g) => g.name === f.name)),
  )
}

function propertyList(c: Case): string[] | undefined {
  const common = commonFields(c.layers)
  switch (c.properties) {
    case 'none':
      return undefined
    case 'one':
      return [common[c.pick % common.length]!.name]
    case 'geometry':
      return ['geom']
    case 'all':
      return ['geom', ...common.map((f) => f.name)]
    case 'unknown':
      return ['id', 'nao_existe']
  }
}

function sortField(c: Case): string | undefined {
  if (c.sort === 'none') return undefined
  if (c.sort === 'geometry') return 'geom'
  const common = commonFields(c.layers)
  return common[(c.pick + 1) % common.length]!.name
}

/** Why the server must refuse the case, or undefined when it must answer it. */
function invalidity(c: Case): string | undefined {
  if (c.format === 'GML2') return 'GML 2 is not written'
  if (c.srs === 'EPSG:32723') return 'CRS not served'
  if (c.properties === 'unknown') return 'unknown property'
  if (c.properties === 'geometry' && c.layers.some((l) => TABULAR.includes(l))) {
    return 'a TABULAR layer has no geometry to name'
  }
  if (c.properties === 'all' && c.layers.some((l) => TABULAR.includes(l))) {
    return 'a TABULAR layer has no geometry to name'
  }
  if (c.sort === 'geometry') return 'cannot sort by geometry'
  if (c.bbox && c.layers.some((l) => TABULAR.includes(l))) return 'BBOX on a TABULAR layer'
  if (c.idFilter?.value === 'dez') return 'a word for a number'
  return undefined
}

function kvpRequest(c: Case): string {
  const q = new URLSearchParams({ SERVICE: 'WFS', VERSION: c.version, REQUEST: 'GetFeature' })
  q.set(c.version === '1.1.0' ? 'TYPENAME' : 'TYPENAMES', c.layers.map((l) => `gis:${l}`).join(','))
  if (c.format) q.set('OUTPUTFORMAT', c.format)
  const props = propertyList(c)
  if (props) q.set('PROPERTYNAME', props.join(','))
  const sort = sortField(c)
  if (sort) q.set('SORTBY', `${sort} ${c.sort === 'desc' ? 'DESC' : 'ASC'}`)
  if (c.count !== undefined) q.set(c.version === '1.1.0' ? 'MAXFEATURES' : 'COUNT', String(c.count))
  if (c.startIndex !== undefined) q.set('STARTINDEX', String(c.startIndex))
  if (c.hits) q.set('RESULTTYPE', 'hits')
  if (c.srs) q.set('SRSNAME', c.srs)
  if (c.bbox) q.set('BBOX', `${BOX.join(',')},EPSG:4326`)
  if (c.idFilter) q.set('FILTER', filterXml(c, false))
  return `/ows?${q}`
}

function filterXml(c: Case, withBox: boolean): string {
  const v2 = c.version === '2.0.0'
  const ref = v2 ? 'ValueReference' : 'PropertyName'
  const ns = v2 ? 'http://www.opengis.net/fes/2.0' : 'http://www.opengis.net/ogc'
  const gml = v2 ? 'http://www.opengis.net/gml/3.2' : 'http://www.opengis.net/gml'
  const parts: string[] = []
  if (withBox) {
    parts.push(
      `<BBOX><${ref}>geom</${ref}><gml:Envelope srsName="EPSG:4326"><gml:lowerCorner>${BOX[0]} ${BOX[1]}</gml:lowerCorner><gml:upperCorner>${BOX[2]} ${BOX[3]}</gml:upperCorner></gml:Envelope></BBOX>`,
    )
  }
  if (c.idFilter) {
    const name = {
      '>': 'PropertyIsGreaterThan',
      '<=': 'PropertyIsLessThanOrEqualTo',
      '<>': 'PropertyIsNotEqualTo',
    }[c.idFilter.op]
    parts.push(`<${name}><${ref}>id</${ref}><Literal>${c.idFilter.value}</Literal></${name}>`)
  }
  const body = parts.length > 1 ? `<And>${parts.join('')}</And>` : parts.join('')
  return `<Filter xmlns="${ns}" xmlns:gml="${gml}">${body}</Filter>`
}

function xmlRequest(c: Case): string {
  const v2 = c.version === '2.0.0'
  const wfs = v2 ? 'http://www.opengis.net/wfs/2.0' : 'http://www.opengis.net/wfs'
  const attrs = [
    `service="WFS" version="${c.version}"`,
    c.format ? `outputFormat="${c.format}"` : '',
    c.count !== undefined ? `${v2 ? 'count' : 'maxFeatures'}="${c.count}"` : '',
    c.startIndex !== undefined ? `startIndex="${c.startIndex}"` : '',
    c.hits ? 'resultType="hits"' : '',
  ].join(' ')
  const props = (propertyList(c) ?? [])
    .map((p) =>
      v2
        ? `<wfs:PropertyName>${p}</wfs:PropertyName>`
        : `<wfs:PropertyName>${p}</wfs:PropertyName>`,
    )
    .join('')
  const sort = sortField(c)
  const ref = v2 ? 'fes:ValueReference' : 'ogc:PropertyName'
  const sortXml = sort
    ? `<fes:SortBy><fes:SortProperty><${ref}>${sort}</${ref}><fes:SortOrder>${c.sort === 'desc' ? 'DESC' : 'ASC'}</fes:SortOrder></fes:SortProperty></fes:SortBy>`
    : ''
  const filter = c.bbox || c.idFilter ? filterXml(c, c.bbox) : ''
  const queries = c.layers
    .map(
      (l) =>
        `<wfs:Query ${v2 ? 'typeNames' : 'typeName'}="gis:${l}"${c.srs ? ` srsName="${c.srs}"` : ''}>${props}${filter}${sortXml}</wfs:Query>`,
    )
    .join('')
  const fes = v2 ? 'http://www.opengis.net/fes/2.0' : 'http://www.opengis.net/ogc'
  return `<wfs:GetFeature xmlns:wfs="${wfs}" xmlns:fes="${fes}" xmlns:ogc="http://www.opengis.net/ogc" xmlns:gis="urn:x-gis-web:features" ${attrs}>${queries}</wfs:GetFeature>`
}

/** The rows a case selects in one layer, from the data directly. */
function whereOf(c: Case): string {
  const parts = ['NOT d_e_l_e_t_']
  if (c.bbox) parts.push(`ST_Intersects(geom, ST_MakeEnvelope(${BOX.join(', ')}, 4326))`)
  if (c.idFilter) parts.push(`id ${c.idFilter.op} ${Number(c.idFilter.value)}`)
  return parts.join(' AND ')
}

async function expectedIds(c: Case): Promise<{ total: number; page: string[] }> {
  let total = 0
  const all: string[] = []
  const sort = sortField(c)
  for (const layer of c.layers) {
    const { rows } = await t.db.query<{ id: number }>(
      `SELECT id FROM data.${layer} WHERE ${whereOf(c)}
        ORDER BY ${sort ? `"${sort}" ${c.sort === 'desc' ? 'DESC' : 'ASC'} NULLS LAST, ` : ''}id`,
    )
    total += rows.length
    all.push(...rows.map((r) => `${layer}.${r.id}`))
  }
  const start = c.startIndex ?? 0
  const count = c.count ?? defaultCount(c.version)
  return { total, page: all.slice(start, start + count) }
}

function members(body: string, json: boolean): { ids: string[]; geometries: number } {
  if (json) {
    const fc = JSON.parse(body) as { features: { id: string; geometry: unknown }[] }
    return {
      ids: fc.features.map((f) => f.id),
      geometries: fc.features.filter((f) => f.geometry !== null).length,
    }
  }
  return {
    ids: [...body.matchAll(/<gis:\w+ gml:id="([\w.]+)">/g)].map((m) => m[1]!),
    geometries: (body.match(/<gis:geom>/g) ?? []).length,
  }
}

async function send(c: Case) {
  return c.encoding === 'kvp'
    ? t.get(kvpRequest(c), t.admin)
    : t.post('/ows', xmlRequest(c), { token: t.admin, headers: { 'content-type': 'text/xml' } })
}

describe('WFS GetFeature over every request shape (property)', () => {
  it('answers 200 with exactly the members of the data, or an OGC 400 for an invalid request', async () => {
    const seen = { invalid: 0, hits: 0, pages: 0, members: 0 }
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const res = await send(c)
        const why = invalidity(c)
        expect(res.statusCode, `${res.body.slice(0, 400)}`).not.toBe(500)
        if (why) {
          seen.invalid++
          expect(res.statusCode, why).toBe(400)
          expect(res.headers['content-type']).toMatch(/^text\/xml/)
          expect(res.body).toMatch(
            /<ows:ExceptionReport[^>]*>\s*<ows:Exception exceptionCode="\w+"/,
          )
          return
        }
        expect(res.statusCode, res.body.slice(0, 400)).toBe(200)
        const expected = await expectedIds(c)
        const json = c.format === 'application/json'
        const gml31 =
          c.format === 'text/xml; subtype=gml/3.1.1' ||
          (c.format === undefined && c.version === '1.1.0')
        if (c.hits) {
          seen.hits++
          if (json) expect(res.json().numberMatched).toBe(expected.total)
          else if (gml31) expect(res.body).toContain(`numberOfFeatures="${expected.total}"`)
          else expect(res.body).toContain(`numberMatched="${expected.total}"`)
          return
        }
        const got = members(res.body, json)
        seen.pages++
        seen.members += got.ids.length
        expect(got.ids).toEqual(expected.page)
        const withGeometry =
          c.properties === 'none' || c.properties === 'geometry' || c.properties === 'all'
        const geometryLayers = got.ids.filter((id) => !TABULAR.includes(id.split('.')[0]!))
        expect(got.geometries).toBe(withGeometry ? geometryLayers.length : 0)
        if (json) expect(res.json().numberReturned).toBe(expected.page.length)
        else if (gml31) {
          expect(res.body).toContain(`numberOfFeatures="${expected.page.length}"`)
          expect(res.body).toContain('xmlns:gml="http://www.opengis.net/gml"')
        } else expect(res.body).toContain(`numberReturned="${expected.page.length}"`)
      }),
      { numRuns: 300 },
    )
    // The runs cover both kinds of answer, and pages with members in them.
    expect(seen.invalid).toBeGreaterThan(30)
    expect(seen.hits).toBeGreaterThan(10)
    expect(seen.pages).toBeGreaterThan(50)
    expect(seen.members).toBeGreaterThan(1000)
  })

  it('describes any list of types, and refuses one unknown name among them', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.constantFrom(...LAYERS, 'nao_existe'), { minLength: 1, maxLength: 5 }),
        fc.constantFrom('2.0.0', '1.1.0'),
        async (names, version) => {
          const res = await t.get(
            `/ows?SERVICE=WFS&VERSION=${version}&REQUEST=DescribeFeatureType&TYPENAMES=${names.map((n) => `gis:${n}`).join(',')}`,
            t.admin,
          )
          if (names.includes('nao_existe')) {
            expect(res.statusCode).toBe(400)
            expect(res.body).toContain('exceptionCode="InvalidParameterValue"')
            return
          }
          expect(res.statusCode).toBe(200)
          expect(
            [...res.body.matchAll(/<xsd:complexType name="(\w+)Type">/g)].map((m) => m[1]),
          ).toEqual(names)
        },
      ),
      { numRuns: 40 },
    )
  })
})
