import { SERVED_CRS } from '@gis/shared'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { envelope, MERCATOR_LIMIT, parseCrs, type Crs } from './crs'
import { OwsError } from './ows-errors'

const LON_LAT_4326 = [
  'EPSG:4326',
  'epsg:4326',
  'CRS:84',
  'urn:ogc:def:crs:OGC:1.3:CRS84',
  'http://www.opengis.net/def/crs/OGC/1.3/CRS84',
  'http://www.opengis.net/gml/srs/epsg.xml#4326',
]
const LAT_LON_4326 = [
  'urn:ogc:def:crs:EPSG::4326',
  'urn:ogc:def:crs:EPSG:6.6:4326',
  'urn:x-ogc:def:crs:EPSG:4326',
  'urn:ogc:def:crs:EPSG:4326',
  'http://www.opengis.net/def/crs/EPSG/0/4326',
  'https://www.opengis.net/def/crs/EPSG/0/4326',
]
const MERCATOR = [
  'EPSG:3857',
  'EPSG:900913',
  'EPSG:102100',
  'urn:ogc:def:crs:EPSG::3857',
  'http://www.opengis.net/def/crs/EPSG/0/3857',
]
/** Brazil's systems: every form of a projected one is x/y, a geographic URN lat/lon. */
const BRAZIL: [string, number, boolean][] = [
  ['EPSG:31983', 31983, false],
  ['urn:ogc:def:crs:EPSG::31983', 31983, false],
  ['http://www.opengis.net/def/crs/EPSG/0/31985', 31985, false],
  ['EPSG:29193', 29193, false],
  ['urn:ogc:def:crs:EPSG::22523', 22523, false],
  ['EPSG:4674', 4674, false],
  ['urn:ogc:def:crs:EPSG::4674', 4674, true],
  ['http://www.opengis.net/def/crs/EPSG/0/4618', 4618, true],
]

/** Whitespace around a name, and its letters in any case. */
const spelled = (names: string[]) =>
  fc
    .tuple(fc.constantFrom(...names), fc.constantFrom('', ' ', '\t'), fc.boolean())
    .map(([name, pad, upper]) => `${pad}${upper ? name.toUpperCase() : name}${pad}`)

describe('parseCrs (property)', () => {
  it('reads every spelling of the served CRSs, with the axis order of each', () => {
    fc.assert(
      fc.property(spelled(LON_LAT_4326), (name) => {
        expect(parseCrs(name)).toMatchObject({ srid: 4326, latLon: false })
      }),
    )
    fc.assert(
      fc.property(spelled(LAT_LON_4326), (name) => {
        expect(parseCrs(name)).toMatchObject({ srid: 4326, latLon: true })
      }),
    )
    fc.assert(
      fc.property(spelled(MERCATOR), (name) => {
        expect(parseCrs(name)).toMatchObject({ srid: 3857, latLon: false })
      }),
    )
    for (const [name, srid, latLon] of BRAZIL) {
      expect(parseCrs(name), name).toMatchObject({ srid, latLon })
    }
    expect(parseCrs('EPSG:4674')?.name).toBe('EPSG:4674')
    expect(parseCrs('EPSG:31983')?.name).toBe('urn:ogc:def:crs:EPSG::31983')
  })

  it('answers a CRS or an OGC InvalidParameterValue for any text, never anything else', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom('EPSG:31983', 'EPSG:32723', 'urn:ogc:def:crs:EPSG::4674', 'EPSG:43260'),
          fc.integer().map((n) => `EPSG:${n}`),
        ),
        fc.constantFrom('srsName', 'bbox'),
        (name, locator) => {
          try {
            const crs = parseCrs(name, locator)
            if (crs) expect(SERVED_CRS.map((c) => c.srid)).toContain(crs.srid)
            else expect(name).toBe('')
          } catch (err) {
            expect(err).toBeInstanceOf(OwsError)
            expect((err as OwsError).code).toBe('InvalidParameterValue')
            expect((err as OwsError).locator).toBe(locator)
            expect((err as OwsError).message).toMatch(/^Sistema de referência não suportado: /)
          }
        },
      ),
      { numRuns: 500 },
    )
  })

  it('builds ordered envelopes in x/y order, clipped to the mercator world', () => {
    const crs = fc.constantFrom<Crs>(
      { srid: 4326, latLon: false, name: 'EPSG:4326' },
      { srid: 4326, latLon: true, name: 'urn:ogc:def:crs:EPSG::4326' },
      { srid: 3857, latLon: false, name: 'EPSG:3857' },
      { srid: 31983, latLon: false, name: 'urn:ogc:def:crs:EPSG::31983' },
      { srid: 4674, latLon: true, name: 'urn:ogc:def:crs:EPSG::4674' },
    )
    const coordinate = fc.oneof(
      fc.double({ noNaN: true, min: -1e9, max: 1e9 }),
      fc.constantFrom(NaN, Infinity, -Infinity, 0, -0),
    )
    fc.assert(
      fc.property(crs, fc.array(coordinate, { minLength: 4, maxLength: 4 }), (c, [a, b, d, e]) => {
        const values = [a!, b!, d!, e!]
        try {
          const env = envelope([a!, b!], [d!, e!], c, 'BBOX')
          expect(values.every(Number.isFinite)).toBe(true)
          expect(env.minx).toBeLessThanOrEqual(env.maxx)
          expect(env.miny).toBeLessThanOrEqual(env.maxy)
          expect(env.srid).toBe(c.srid)
          if (c.srid === 3857) {
            for (const v of [env.minx, env.miny, env.maxx, env.maxy]) {
              expect(Math.abs(v)).toBeLessThanOrEqual(MERCATOR_LIMIT)
            }
          } else {
            const [x0, y0, x1, y1] = c.latLon ? [b, a, e, d] : [a, b, d, e]
            expect([env.minx, env.miny, env.maxx, env.maxy]).toEqual([x0, y0, x1, y1])
          }
        } catch (err) {
          expect(err).toBeInstanceOf(OwsError)
          const [x0, y0, x1, y1] = c.latLon ? [b!, a!, e!, d!] : [a!, b!, d!, e!]
          expect(!values.every(Number.isFinite) || x0 > x1 || y0 > y1).toBe(true)
        }
      }),
      { numRuns: 1000 },
    )
  })
})
