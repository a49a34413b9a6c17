import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/harness'

// OGC API – Features Part 3: CQL2 filters (text and JSON) against the real database, each
// count checked against SQL written by hand.
const t = useTestApp()

type Json = Record<string, any>
const epsg = (n: number) => `http://www.opengis.net/def/crs/EPSG/0/${n}`
const BOX = [-47.5, -23.55, -47.3, -23.4] as const
const box = `ST_MakeEnvelope(${BOX.join(', ')}, 4326)`

const items = (layer: string, query: string) =>
  t.get(`/ogcapi/collections/${layer}/items?limit=1&${query}`, t.user)

/** numberMatched of a filter, in the language given. */
async function matched(filter: string, lang = 'cql2-text', extra = ''): Promise<number> {
  const res = await items(
    'placas',
    `filter-lang=${lang}&filter=${encodeURIComponent(filter)}${extra}`,
  )
  expect(res.statusCode, `${filter}: ${res.body}`).toBe(200)
  return res.json().numberMatched
}
async function sqlCount(where: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM data.placas WHERE NOT d_e_l_e_t_ AND (${where})`,
  )
  return rows[0]!.n
}
const json = (op: string, ...args: unknown[]) => JSON.stringify({ op, args })
const prop = (property: string) => ({ property })

describe('OGC API – Features: CQL2 filters', () => {
  it('compares, combines and negates as SQL does (text)', async () => {
    const cases: [string, string][] = [
      ["estado = 'Bom'", "estado = 'Bom'"],
      ["estado <> 'Bom' AND km >= 100", "estado <> 'Bom' AND km >= 100"],
      ['NOT (km < 100)', 'km >= 100'],
      ["100 > km OR estado = 'Ruim'", "km < 100 OR estado = 'Ruim'"],
      ["estado IN ('Bom', 'Ruim')", "estado IN ('Bom', 'Ruim')"],
      ["estado NOT IN ('Bom')", "estado <> 'Bom'"],
      ['km BETWEEN 50 AND 60', 'km BETWEEN 50 AND 60'],
      ['km NOT BETWEEN 50 AND 60', 'NOT (km BETWEEN 50 AND 60)'],
      ["codigo_ctb LIKE 'r-1%'", "codigo_ctb ILIKE 'r-1%'"],
      ["codigo_ctb NOT LIKE 'R%'", "NOT (codigo_ctb ILIKE 'R%')"],
      ['data_implantacao IS NULL', 'data_implantacao IS NULL'],
      [
        "NOT (data_implantacao IS NOT NULL OR estado = 'Bom')",
        "data_implantacao IS NULL AND estado <> 'Bom'",
      ],
      ["data_implantacao > DATE('2015-01-01')", "data_implantacao > '2015-01-01'"],
      ["m_o_d_i_f_ < TIMESTAMP('2100-01-01T00:00:00Z')", "m_o_d_i_f_ < '2100-01-01T00:00:00Z'"],
    ]
    for (const [cql, sql] of cases) {
      const expected = await sqlCount(sql)
      expect(await matched(cql), cql).toBe(expected)
    }
    // Each case selects something and leaves something out.
    expect(await sqlCount("estado = 'Bom'")).toBeGreaterThan(0)
    expect(await sqlCount("codigo_ctb ILIKE 'r-1%'")).toBeGreaterThan(0)
  })

  it('reads the same filters in CQL2 JSON', async () => {
    const cases: [string, string][] = [
      [
        json(
          'and',
          { op: '=', args: [prop('estado'), 'Bom'] },
          { op: '>=', args: [prop('km'), 100] },
        ),
        "estado = 'Bom' AND km >= 100",
      ],
      [
        json('not', { op: 'like', args: [prop('codigo_ctb'), 'R%'] }),
        "NOT (codigo_ctb ILIKE 'R%')",
      ],
      [json('in', prop('estado'), ['Bom', 'Ruim']), "estado IN ('Bom', 'Ruim')"],
      [json('between', prop('km'), 50, 60), 'km BETWEEN 50 AND 60'],
      [json('isNull', prop('data_implantacao')), 'data_implantacao IS NULL'],
      [
        json('>', prop('data_implantacao'), { date: '2015-01-01' }),
        "data_implantacao > '2015-01-01'",
      ],
      [json('s_intersects', prop('geom'), { bbox: [...BOX] }), `ST_Intersects(geom, ${box})`],
    ]
    for (const [filter, sql] of cases) {
      expect(await matched(filter, 'cql2-json'), filter).toBe(await sqlCount(sql))
    }
  })

  it('applies the spatial functions in the filter-crs, axes as that system says', async () => {
    const inBox = await sqlCount(`ST_Intersects(geom, ${box})`)
    expect(inBox).toBeGreaterThan(100)
    expect(await matched(`S_INTERSECTS(geom, BBOX(${BOX.join(', ')}))`)).toBe(inBox)
    const [x1, y1, x2, y2] = BOX
    const polygon = `POLYGON((${x1} ${y1}, ${x2} ${y1}, ${x2} ${y2}, ${x1} ${y2}, ${x1} ${y1}))`
    expect(await matched(`S_WITHIN(geom, ${polygon})`)).toBe(
      await sqlCount(`ST_Within(geom, ${box})`),
    )
    expect(await matched(`NOT S_INTERSECTS(geom, ${polygon}) AND estado = 'Bom'`)).toBe(
      await sqlCount(`NOT ST_Intersects(geom, ${box}) AND estado = 'Bom'`),
    )
    // Latitude first for EPSG:4326's URI.
    const latLon = `POLYGON((${y1} ${x1}, ${y1} ${x2}, ${y2} ${x2}, ${y2} ${x1}, ${y1} ${x1}))`
    expect(
      await matched(`S_INTERSECTS(geom, ${latLon})`, 'cql2-text', `&filter-crs=${epsg(4326)}`),
    ).toBe(inBox)
    // Metres of SIRGAS 2000 / UTM 23S, transformed by PostGIS.
    const { rows } = await t.db.query<{ e1: number; n1: number; e2: number; n2: number }>(
      `SELECT ST_XMin(b) AS e1, ST_YMin(b) AS n1, ST_XMax(b) AS e2, ST_YMax(b) AS n2
         FROM (SELECT ST_Transform(ST_MakeEnvelope(-47.45, -23.5, -47.35, -23.45, 4326), 31983) AS b) s`,
    )
    const u = rows[0]!
    const utm = await matched(
      `S_INTERSECTS(geom, BBOX(${u.e1}, ${u.n1}, ${u.e2}, ${u.n2}))`,
      'cql2-text',
      `&filter-crs=${epsg(31983)}`,
    )
    expect(utm).toBe(
      await sqlCount(
        `ST_Intersects(geom, ST_Transform(ST_MakeEnvelope(${u.e1}, ${u.n1}, ${u.e2}, ${u.n2}, 31983), 4326))`,
      ),
    )
    expect(utm).toBeGreaterThan(0)
  })

  it('refuses what it cannot read, in Portuguese', async () => {
    const refused = async (filter: string, description: string | RegExp, lang = 'cql2-text') => {
      const res = await items('placas', `filter-lang=${lang}&filter=${encodeURIComponent(filter)}`)
      expect(res.statusCode, filter).toBe(400)
      expect(res.json().code).toBe('InvalidParameterValue')
      expect(res.json().description).toMatch(description)
    }
    await refused("nada = 'x'", /^Propriedade desconhecida: nada$/)
    await refused(json('=', prop('nada'), 1), /^Propriedade desconhecida: nada$/, 'cql2-json')
    await refused("km = 'dez'", 'Valor inválido para o campo km: Informe um número')
    await refused("estado = 'Bom' AND", /^Filtro CQL2 inválido perto da posição 19/)
    await refused('km = 1 km', /^Filtro CQL2 inválido perto da posição 8/)
    await refused(
      "T_INTERSECTS(m_o_d_i_f_, INTERVAL('2020-01-01', '..'))",
      'Operação não suportada no filtro: T_INTERSECTS',
    )
    await refused('km = lado', 'Operação não suportada no filtro: propriedade com propriedade')
    await refused(
      'S_INTERSECTS(estado, POINT(1 2))',
      'A propriedade estado não é a geometria da coleção.',
    )
    await refused(
      'S_INTERSECTS(geom, POLYGON((1 2, 3 4)))',
      'Geometria inválida no filtro: Polygon',
    )
    await refused("estado LIKE 'B%' OR", /^Filtro CQL2 inválido/)
    await refused(
      '{"op": "=", "args": [1]}',
      /^Filtro CQL2 \(JSON\) inválido em filter.args/,
      'cql2-json',
    )
    await refused('not json', /^Filtro CQL2 \(JSON\) inválido em filter: JSON/, 'cql2-json')
    await refused(
      `${'('.repeat(100)}km = 1${')'.repeat(100)}`,
      'Filtro com níveis demais (máximo de 64).',
    )
    const lang = await items('placas', 'filter-lang=ecql&filter=x')
    expect(lang.json().description).toBe(
      'Linguagem de filtro não suportada: ecql (use cql2-text ou cql2-json)',
    )
  })

  it('describes the queryables: the WFS fields, typed', async () => {
    const res = await t.get('/ogcapi/collections/placas/queryables', t.user)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/schema\+json/)
    const schema: Json = res.json()
    expect(schema.$id).toBe('http://gis.test/ogcapi/collections/placas/queryables')
    expect(schema.properties.geom).toMatchObject({ format: 'geometry-point' })
    expect(schema.properties.km).toMatchObject({ type: 'number' })
    expect(schema.properties.data_implantacao).toMatchObject({ type: 'string', format: 'date' })
    expect(schema.properties.m_o_d_i_f_).toMatchObject({ type: 'string', format: 'date-time' })
    expect(schema.properties).not.toHaveProperty('d_e_l_e_t_')
    const dft = await t.get(
      '/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=DescribeFeatureType&TYPENAMES=gis:placas',
      t.user,
    )
    const wfsFields = [...dft.body.matchAll(/<xsd:element name="(\w+)"/g)]
      .map((m) => m[1])
      .filter((n) => n !== 'placas')
    expect(Object.keys(schema.properties).sort()).toEqual(wfsFields.sort())
  })
})
