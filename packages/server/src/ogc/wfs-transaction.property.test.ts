import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/harness'

// Random Transaction bodies (issue 31): valid and invalid inserts, updates and deletes with
// random filters, in WFS 2.0.0 and 1.1.0 words. Every answer is a TransactionResponse or an
// OGC exception report, never a 500; afterwards the layer and its history agree with what the
// answers reported.

const t = useTestApp()
const ROAD = 'SP-PBT'

type Version = '2.0.0' | '1.1.0'
type Geometry = 'lonlat' | 'latlon' | 'mercator' | 'utm' | 'line' | 'badCrs' | 'outOfRange' | 'odd'
type Value = { prop: 'km' | 'sentido' | 'cor'; value: string }
type FilterCase =
  | { kind: 'id'; id: number }
  | { kind: 'road' }
  | { kind: 'kmBetween'; lower: number }
  | { kind: 'bbox' }
  | { kind: 'unknownProp' }
type Action =
  | { kind: 'insert'; geometry: Geometry; values: Value[] }
  | { kind: 'update'; values: Value[]; geometry?: Geometry; filter: FilterCase }
  | { kind: 'delete'; filter: FilterCase }

/** One of the valid values, or (about one time in `odds`) an invalid one. */
const rarely = <T>(odds: number, valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: valid, weight: odds - 1 }, { arbitrary: invalid, weight: 1 })

const valueArb: fc.Arbitrary<Value> = rarely<Value>(
  12,
  fc.oneof(
    fc.record({
      prop: fc.constant('km' as const),
      value: fc.double({ min: 0, max: 900, noNaN: true }).map((n) => n.toFixed(3)),
    }),
    fc.record({
      prop: fc.constant('sentido' as const),
      value: fc.constantFrom('Norte', 'Sul', 'Leste', 'Oeste'),
    }),
  ),
  fc.oneof(
    fc.record({
      prop: fc.constant('km' as const),
      value: fc.constantFrom('doze', '1e400', '99999999'),
    }),
    fc.record({ prop: fc.constantFrom('sentido' as const), value: fc.constant('Diagonal') }),
    fc.record({ prop: fc.constant('cor' as const), value: fc.constant('azul') }),
  ),
)
const geometryArb = rarely<Geometry>(
  10,
  fc.constantFrom('lonlat', 'latlon', 'mercator', 'utm'),
  fc.constantFrom('line', 'badCrs', 'outOfRange', 'odd'),
)
const filterArb: fc.Arbitrary<FilterCase> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('id' as const),
      id: fc.integer({ min: 1, max: 400 }),
    }),
    weight: 4,
  },
  { arbitrary: fc.constant({ kind: 'road' as const }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('kmBetween' as const),
      lower: fc.integer({ min: 0, max: 900 }),
    }),
    weight: 2,
  },
  { arbitrary: fc.constant({ kind: 'bbox' as const }), weight: 1 },
  { arbitrary: fc.constant({ kind: 'unknownProp' as const }), weight: 1 },
)
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    geometry: geometryArb,
    values: fc.uniqueArray(valueArb, { maxLength: 2, selector: (v) => v.prop }),
  }),
  fc.record({
    kind: fc.constant('update' as const),
    values: fc.uniqueArray(valueArb, { minLength: 1, maxLength: 2, selector: (v) => v.prop }),
    geometry: fc.option(geometryArb, { nil: undefined }),
    filter: filterArb,
  }),
  fc.record({ kind: fc.constant('delete' as const), filter: filterArb }),
)

function gml(g: Geometry, version: Version): string {
  const p = (srs: string, pos: string) =>
    `<gml:Point srsName="${srs}"><gml:pos>${pos}</gml:pos></gml:Point>`
  switch (g) {
    case 'lonlat':
      return p('EPSG:4326', '-47.41 -23.51')
    case 'latlon':
      return p(
        version === '2.0.0' ? 'urn:ogc:def:crs:EPSG::4326' : 'urn:x-ogc:def:crs:EPSG:4326',
        '-23.52 -47.42',
      )
    case 'mercator':
      return p('urn:ogc:def:crs:EPSG::3857', '-5278000 -2695000')
    case 'line':
      return `<gml:LineString srsName="EPSG:4326"><gml:posList>-47.4 -23.5 -47.3 -23.4</gml:posList></gml:LineString>`
    case 'utm':
      return p('urn:ogc:def:crs:EPSG::31983', '333624.18 7394647.52')
    case 'badCrs':
      return p('EPSG:32723', '250000 7400000')
    case 'outOfRange':
      return p('EPSG:4326', '-47.4 -123.5')
    case 'odd':
      return p('EPSG:4326', '-47.4')
  }
}

function filterXml(f: FilterCase, version: Version): string {
  const [fes, ref] = version === '2.0.0' ? ['fes', 'ValueReference'] : ['ogc', 'PropertyName']
  const body = (() => {
    switch (f.kind) {
      case 'id':
        return version === '2.0.0'
          ? `<fes:ResourceId rid="marcos_km.${f.id}"/>`
          : `<ogc:GmlObjectId gml:id="marcos_km.${f.id}"/>`
      case 'road':
        return `<${fes}:PropertyIsEqualTo><${fes}:${ref}>rodovia</${fes}:${ref}><${fes}:Literal>${ROAD}</${fes}:Literal></${fes}:PropertyIsEqualTo>`
      case 'kmBetween':
        return `<${fes}:And><${fes}:PropertyIsEqualTo><${fes}:${ref}>rodovia</${fes}:${ref}><${fes}:Literal>${ROAD}</${fes}:Literal></${fes}:PropertyIsEqualTo><${fes}:PropertyIsBetween><${fes}:${ref}>km</${fes}:${ref}><${fes}:LowerBoundary><${fes}:Literal>${f.lower}</${fes}:Literal></${fes}:LowerBoundary><${fes}:UpperBoundary><${fes}:Literal>${f.lower + 100}</${fes}:Literal></${fes}:UpperBoundary></${fes}:PropertyIsBetween></${fes}:And>`
      case 'bbox':
        return `<${fes}:BBOX><${fes}:${ref}>geom</${fes}:${ref}><gml:Envelope srsName="EPSG:4326"><gml:lowerCorner>-47.43 -23.53</gml:lowerCorner><gml:upperCorner>-47.40 -23.50</gml:upperCorner></gml:Envelope></${fes}:BBOX>`
      case 'unknownProp':
        return `<${fes}:PropertyIsNull><${fes}:${ref}>altitude</${fes}:${ref}></${fes}:PropertyIsNull>`
    }
  })()
  return `<${fes}:Filter>${body}</${fes}:Filter>`
}

function actionXml(a: Action, version: Version): string {
  const name = version === '2.0.0' ? 'ValueReference' : 'Name'
  if (a.kind === 'insert') {
    const props = a.values.map((v) => `<gis:${v.prop}>${v.value}</gis:${v.prop}>`).join('')
    return `<wfs:Insert><gis:marcos_km><gis:geom>${gml(a.geometry, version)}</gis:geom><gis:rodovia>${ROAD}</gis:rodovia>${props}</gis:marcos_km></wfs:Insert>`
  }
  if (a.kind === 'update') {
    const props = a.values
      .map(
        (v) =>
          `<wfs:Property><wfs:${name}>${v.prop}</wfs:${name}><wfs:Value>${v.value}</wfs:Value></wfs:Property>`,
      )
      .join('')
    const geom = a.geometry
      ? `<wfs:Property><wfs:${name}>geom</wfs:${name}><wfs:Value>${gml(a.geometry, version)}</wfs:Value></wfs:Property>`
      : ''
    return `<wfs:Update typeName="gis:marcos_km">${props}${geom}${filterXml(a.filter, version)}</wfs:Update>`
  }
  return `<wfs:Delete typeName="gis:marcos_km">${filterXml(a.filter, version)}</wfs:Delete>`
}

function transaction(version: Version, actions: Action[]): string {
  const ns =
    version === '2.0.0'
      ? 'xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2"'
      : 'xmlns:wfs="http://www.opengis.net/wfs" xmlns:ogc="http://www.opengis.net/ogc" xmlns:gml="http://www.opengis.net/gml"'
  return `<wfs:Transaction service="WFS" version="${version}" ${ns} xmlns:gis="urn:x-gis-web:features">${actions.map((a) => actionXml(a, version)).join('')}</wfs:Transaction>`
}

async function audited(action: 'I' | 'U' | 'D') {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM app.audit_log
      WHERE table_name = 'marcos_km' AND action = $1 AND application LIKE 'wfs-t%'`,
    [action],
  )
  return rows[0]!.n
}
async function live() {
  const { rows } = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM data.marcos_km WHERE NOT d_e_l_e_t_',
  )
  return rows[0]!.n
}

describe('WFS-T Transaction (property-based)', () => {
  it('answers a TransactionResponse or an OGC exception, and the layer and its history agree', async () => {
    const before = await live()
    const seen = { inserted: 0, updated: 0, deleted: 0, ok: 0, refused: 0 }
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<Version>('2.0.0', '1.1.0'),
        fc.array(actionArb, { minLength: 1, maxLength: 3 }),
        async (version, actions) => {
          const res = await t.post('/ows', transaction(version, actions), {
            token: t.user,
            headers: { 'content-type': 'text/xml' },
          })
          expect(res.statusCode, res.body.slice(0, 400)).toBeLessThan(500)
          expect(res.headers['content-type']).toMatch(/^text\/xml/)
          if (res.statusCode !== 200) {
            seen.refused++
            expect(res.body).toMatch(
              /<ows:ExceptionReport[^>]*>\s*<ows:Exception exceptionCode="\w+"/,
            )
            return
          }
          seen.ok++
          expect(res.body).toContain(`<wfs:TransactionResponse`)
          const n = (name: string) => Number(new RegExp(`<wfs:${name}>(\\d+)<`).exec(res.body)![1])
          seen.inserted += n('totalInserted')
          seen.updated += n('totalUpdated')
          seen.deleted += n('totalDeleted')
          expect(n('totalInserted')).toBe(actions.filter((a) => a.kind === 'insert').length)
          expect([...res.body.matchAll(/(?:rid|fid)="marcos_km\.\d+"/g)].length).toBe(
            n('totalInserted') + (version === '2.0.0' ? n('totalUpdated') : 0),
          )
        },
      ),
      { numRuns: 150 },
    )
    expect(seen.ok).toBeGreaterThan(10)
    expect(seen.refused).toBeGreaterThan(10)
    expect(seen.inserted).toBeGreaterThan(0)
    expect(await audited('I')).toBe(seen.inserted)
    expect(await audited('D')).toBe(seen.deleted)
    // An update that changes nothing leaves no history entry.
    expect(await audited('U')).toBeLessThanOrEqual(seen.updated)
    expect(await live()).toBe(before + seen.inserted - seen.deleted)
  })
})
