import { LAYER_PERMISSION_FLAGS } from '@gis/shared'
import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/harness'
import { userWithPermissions } from '../../test/users'

const t = useTestApp()

const QGIS = 'Mozilla/5.0 QGIS/33400/Ubuntu 24.04'
const post = (xml: string, token = t.user, agent = QGIS) =>
  t.post('/ows', xml, { token, headers: { 'content-type': 'text/xml', 'user-agent': agent } })

const tx20 = (actions: string) =>
  `<wfs:Transaction service="WFS" version="2.0.0" xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:gis="urn:x-gis-web:features">${actions}</wfs:Transaction>`
const tx11 = (actions: string) =>
  `<wfs:Transaction service="WFS" version="1.1.0" xmlns:wfs="http://www.opengis.net/wfs" xmlns:ogc="http://www.opengis.net/ogc" xmlns:gml="http://www.opengis.net/gml" xmlns:gis="urn:x-gis-web:features">${actions}</wfs:Transaction>`

/** A marco in lat/lon order (the URN of EPSG:4326), as QGIS writes it. */
const marco = (km: string, lat = -23.5, lon = -47.4) =>
  `<wfs:Insert><gis:marcos_km><gis:geom><gml:Point srsName="urn:ogc:def:crs:EPSG::4326"><gml:pos>${lat} ${lon}</gml:pos></gml:Point></gis:geom><gis:rodovia>SP-270</gis:rodovia><gis:km>${km}</gis:km></gis:marcos_km></wfs:Insert>`
const byId = (layer: string, id: number) =>
  `<fes:Filter><fes:ResourceId rid="${layer}.${id}"/></fes:Filter>`

function totals(body: string) {
  const n = (name: string) => Number(new RegExp(`<wfs:${name}>(\\d+)<`).exec(body)?.[1])
  return { inserted: n('totalInserted'), updated: n('totalUpdated'), deleted: n('totalDeleted') }
}
const insertedIds = (body: string) =>
  [...body.matchAll(/(?:rid|fid)="(\w+)\.(\d+)"/g)].map((m) => Number(m[2]))

async function rest(layer: string, id: number, token = t.admin) {
  return t.get(`/api/features/${layer}/${id}`, token)
}
async function history(layer: string, id: number) {
  const res = await t.get(`/api/audit/${layer}/${id}`, t.admin)
  expect(res.statusCode).toBe(200)
  return res.json<any[]>()
}
async function live(layer: string) {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM data.${layer} WHERE NOT d_e_l_e_t_`,
  )
  return rows[0]!.n
}
async function approvals() {
  const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app.approvals')
  return rows[0]!.n
}
const getFeatureJson = async (layer: string, id: number) =>
  (
    await t.get(
      `/ows?SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=gis:${layer}&RESOURCEID=${layer}.${id}&OUTPUTFORMAT=application/json`,
      t.admin,
    )
  ).json<{ features: { id: string; properties: any; geometry: any }[] }>().features

describe('WFS-T Transaction', () => {
  it('inserts, updates and deletes (2.0.0), readable through WFS and REST, with the client in the history', async () => {
    const ins = await post(tx20(marco('101.5')))
    expect(ins.statusCode, ins.body).toBe(200)
    expect(ins.body).toContain('<wfs:TransactionResponse')
    expect(totals(ins.body)).toEqual({ inserted: 1, updated: 0, deleted: 0 })
    const [id] = insertedIds(ins.body)
    expect(ins.body).toContain(`<fes:ResourceId rid="marcos_km.${id}"/>`)

    const [wfs] = await getFeatureJson('marcos_km', id!)
    expect(wfs!.id).toBe(`marcos_km.${id}`)
    expect(wfs!.properties.km).toBe(101.5)
    expect(wfs!.geometry.coordinates).toEqual([-47.4, -23.5])
    const read = await rest('marcos_km', id!)
    expect(read.json().geom).toBe('POINT(-47.4 -23.5)')

    // The geometry in EPSG:3857, the attributes by ValueReference.
    const upd = await post(
      tx20(
        `<wfs:Update typeName="gis:marcos_km"><wfs:Property><wfs:ValueReference>km</wfs:ValueReference><wfs:Value>102</wfs:Value></wfs:Property><wfs:Property><wfs:ValueReference>gis:geom</wfs:ValueReference><wfs:Value><gml:Point srsName="urn:ogc:def:crs:EPSG::3857"><gml:pos>-5276000 -2692000</gml:pos></gml:Point></wfs:Value></wfs:Property>${byId('marcos_km', id!)}</wfs:Update>`,
      ),
    )
    expect(upd.statusCode, upd.body).toBe(200)
    expect(totals(upd.body)).toEqual({ inserted: 0, updated: 1, deleted: 0 })
    const after = (await rest('marcos_km', id!)).json()
    expect(after.attributes.km).toBe(102)
    const [lon, lat] = /POINT\(([-\d.]+) ([-\d.]+)\)/.exec(after.geom)!.slice(1).map(Number)
    expect(lon).toBeCloseTo(-47.395, 2)
    expect(lat).toBeCloseTo(-23.53, 1)

    const del = await post(
      tx20(`<wfs:Delete typeName="marcos_km">${byId('marcos_km', id!)}</wfs:Delete>`),
    )
    expect(totals(del.body)).toEqual({ inserted: 0, updated: 0, deleted: 1 })
    expect(await getFeatureJson('marcos_km', id!)).toEqual([])
    // Soft delete: REST still reads it, marked deleted.
    expect((await rest('marcos_km', id!)).json().attributes.d_e_l_e_t_).toBe(true)

    const entries = await history('marcos_km', id!)
    expect(entries.map((e) => e.action).sort()).toEqual(['D', 'I', 'U'].sort())
    for (const e of entries) {
      expect(e).toMatchObject({ user: 'demo', application: 'wfs-t (QGIS)' })
    }
  })

  it('speaks 1.1.0: GML 3.1.1 MultiSurface insert, wfs:Name update, ogc:Filter delete', async () => {
    const ring = '-23.50 -47.40 -23.50 -47.39 -23.49 -47.39 -23.50 -47.40'
    const ins = await post(
      tx11(
        `<wfs:Insert handle="h1"><gis:faixa_dominio><gis:geom><gml:MultiSurface srsName="urn:x-ogc:def:crs:EPSG:4326"><gml:surfaceMember><gml:Polygon><gml:exterior><gml:LinearRing><gml:posList srsDimension="2">${ring}</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></gml:surfaceMember></gml:MultiSurface></gis:geom><gis:rodovia>SP-270</gis:rodovia><gis:situacao>Regularizada</gis:situacao></gis:faixa_dominio></wfs:Insert>`,
      ),
      t.user,
      'GDAL/3.6.2',
    )
    expect(ins.statusCode, ins.body).toBe(200)
    expect(ins.body).toContain('version="1.1.0"')
    expect(totals(ins.body)).toEqual({ inserted: 1, updated: 0, deleted: 0 })
    const [id] = insertedIds(ins.body)
    expect(ins.body).toContain(
      `<wfs:Feature handle="h1"><ogc:FeatureId fid="faixa_dominio.${id}"/>`,
    )
    expect((await rest('faixa_dominio', id!)).json().geom).toMatch(
      /^MULTIPOLYGON\(\(\(-47.4 -23.5,/,
    )

    const upd = await post(
      tx11(
        `<wfs:Update typeName="gis:faixa_dominio"><wfs:Property><wfs:Name>gis:situacao</wfs:Name><wfs:Value>Invadida</wfs:Value></wfs:Property><ogc:Filter><ogc:GmlObjectId gml:id="faixa_dominio.${id}"/></ogc:Filter></wfs:Update>`,
      ),
      t.user,
      'GDAL/3.6.2',
    )
    expect(totals(upd.body), upd.body).toEqual({ inserted: 0, updated: 1, deleted: 0 })
    expect((await rest('faixa_dominio', id!)).json().attributes.situacao).toBe('Invadida')

    const del = await post(
      tx11(
        `<wfs:Delete typeName="gis:faixa_dominio"><ogc:Filter><ogc:PropertyIsEqualTo><ogc:PropertyName>situacao</ogc:PropertyName><ogc:Literal>Invadida</ogc:Literal></ogc:PropertyIsEqualTo></ogc:Filter></wfs:Delete>`,
      ),
      t.admin,
    )
    expect(totals(del.body).deleted).toBeGreaterThanOrEqual(1)
    expect(await getFeatureJson('faixa_dominio', id!)).toEqual([])
    const [last] = await history('faixa_dominio', id!)
    expect(last).toMatchObject({ action: 'D', user: 'admin', application: 'wfs-t (QGIS)' })
    const first = (await history('faixa_dominio', id!)).find((e) => e.action === 'I')
    expect(first.application).toBe('wfs-t (GDAL)')
  })

  it('refuses a user without updateFeature (403) and changes nothing', async () => {
    const token = await userWithPermissions(t, 'wfs.sem_edicao', {
      marcos_km: ['readFeature', 'createFeature', 'deleteFeature'],
    })
    const before = (await rest('marcos_km', 5)).json()
    const res = await post(
      tx20(
        `${marco('7')}<wfs:Update typeName="gis:marcos_km"><wfs:Property><wfs:ValueReference>km</wfs:ValueReference><wfs:Value>1</wfs:Value></wfs:Property>${byId('marcos_km', 5)}</wfs:Update>`,
      ),
      token,
    )
    expect(res.statusCode).toBe(403)
    expect(res.body).toContain('<ows:ExceptionReport')
    expect(res.body).toContain('permissão')
    expect((await rest('marcos_km', 5)).json()).toEqual(before)
    // The insert before it was rolled back with it.
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM data.marcos_km WHERE km = 7 AND rodovia = 'SP-270'`,
    )
    expect(rows[0]!.n).toBe(0)
  })

  it("turns a moderated user's transaction into approvals and leaves the layer alone", async () => {
    const token = await userWithPermissions(
      t,
      'wfs.moderado',
      { oae: LAYER_PERMISSION_FLAGS },
      { moderated: true },
    )
    const [count, pending, before] = [
      await live('oae'),
      await approvals(),
      (await rest('oae', 4)).json(),
    ]
    const res = await post(
      tx20(
        `<wfs:Insert><gis:oae><gis:geom><gml:Point srsName="EPSG:4326"><gml:pos>-47.4 -23.5</gml:pos></gml:Point></gis:geom><gis:codigo>OAE-WFS</gis:codigo></gis:oae></wfs:Insert><wfs:Update typeName="gis:oae"><wfs:Property><wfs:ValueReference>largura</wfs:ValueReference><wfs:Value>9.5</wfs:Value></wfs:Property>${byId('oae', 4)}</wfs:Update>`,
      ),
      token,
    )
    expect(res.statusCode, res.body).toBe(200)
    expect(totals(res.body)).toEqual({ inserted: 0, updated: 0, deleted: 0 })
    expect(res.body).not.toContain('<wfs:InsertResults>')
    expect(res.body).toContain('Enviado para aprovação')
    expect(await approvals()).toBe(pending + 2)
    expect(await live('oae')).toBe(count)
    expect((await rest('oae', 4)).json()).toEqual(before)
  })

  it('is atomic: a failing second action rolls back the first, and the reason names the field', async () => {
    const count = await live('marcos_km')
    const res = await post(
      tx20(
        `${marco('55')}<wfs:Update typeName="gis:marcos_km"><wfs:Property><wfs:ValueReference>km</wfs:ValueReference><wfs:Value>doze</wfs:Value></wfs:Property>${byId('marcos_km', 6)}</wfs:Update>`,
      ),
    )
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('exceptionCode="InvalidValue"')
    expect(res.body).toContain('locator="km"')
    expect(res.body).toMatch(/<ows:ExceptionText>[^<]*km: /)
    expect(await live('marcos_km')).toBe(count)
  })

  it('refuses a stale update (the ResourceId version the client read is no longer current)', async () => {
    const read = (await rest('marcos_km', 8)).json()
    const other = await t.put(
      '/api/features/marcos_km/8',
      { version: read.version, attributes: { km: 880 } },
      t.user,
    )
    expect(other.statusCode).toBe(200)
    const stale = await post(
      tx20(
        `<wfs:Update typeName="gis:marcos_km"><wfs:Property><wfs:ValueReference>km</wfs:ValueReference><wfs:Value>881</wfs:Value></wfs:Property><fes:Filter><fes:ResourceId rid="marcos_km.8" version="${read.version}"/></fes:Filter></wfs:Update>`,
      ),
    )
    expect(stale.statusCode).toBe(409)
    expect(stale.body).toContain('exceptionCode="OperationProcessingFailed"')
    expect(stale.body).toContain('marcos_km.8')
    expect((await rest('marcos_km', 8)).json().attributes.km).toBe(880)
    const current = (await rest('marcos_km', 8)).json().version
    const fresh = await post(
      tx20(
        `<wfs:Update typeName="gis:marcos_km"><wfs:Property><wfs:ValueReference>km</wfs:ValueReference><wfs:Value>881</wfs:Value></wfs:Property><fes:Filter><fes:ResourceId rid="marcos_km.8" version="${current}"/></fes:Filter></wfs:Update>`,
      ),
    )
    expect(totals(fresh.body).updated).toBe(1)
    // A versioned delete of a feature already gone is refused too, never a silent 0.
    await t.del('/api/features/marcos_km/8', t.user)
    const gone = await post(
      tx20(
        `<wfs:Delete typeName="gis:marcos_km"><fes:Filter><fes:ResourceId rid="marcos_km.8" version="${current}"/></fes:Filter></wfs:Delete>`,
      ),
    )
    expect(gone.statusCode).toBe(409)
  })

  it('refuses a bad CRS, a wrong geometry type and an unknown property, changing nothing', async () => {
    const count = await live('marcos_km')
    const crs = await post(tx20(marco('1').replace('urn:ogc:def:crs:EPSG::4326', 'EPSG:32723')))
    expect(crs.statusCode).toBe(400)
    expect(crs.body).toContain('Sistema de referência não suportado: EPSG:32723')
    const line = await post(
      tx20(
        `<wfs:Insert><gis:marcos_km><gis:geom><gml:LineString srsName="EPSG:4326"><gml:posList>-47.4 -23.5 -47.3 -23.4</gml:posList></gml:LineString></gis:geom><gis:km>3</gis:km></gis:marcos_km></wfs:Insert>`,
      ),
    )
    expect(line.statusCode).toBe(400)
    expect(line.body).toContain('locator="geom"')
    const unknown = await post(
      tx20(
        `<wfs:Update typeName="gis:marcos_km"><wfs:Property><wfs:ValueReference>cor</wfs:ValueReference><wfs:Value>azul</wfs:Value></wfs:Property>${byId('marcos_km', 9)}</wfs:Update>`,
      ),
    )
    expect(unknown.statusCode).toBe(400)
    expect(unknown.body).toContain('Propriedade desconhecida: cor')
    const type = await post(tx20(`<wfs:Delete typeName="gis:nada">${byId('nada', 1)}</wfs:Delete>`))
    expect(type.body).toContain('Tipo de feição desconhecido ou sem permissão de leitura: nada')
    expect(await live('marcos_km')).toBe(count)
  })

  it('refuses more than 1000 actions in one Transaction before writing any', async () => {
    const count = await live('marcos_km')
    const many = await post(
      tx20(
        `<wfs:Insert>${'<gis:marcos_km><gis:km>1</gis:km></gis:marcos_km>'.repeat(1001)}</wfs:Insert>`,
      ),
    )
    expect(many.statusCode).toBe(400)
    expect(many.body).toContain('Ações demais em uma transação (máximo de 1000')
    expect(await live('marcos_km')).toBe(count)
  })

  it('advertises Transaction in both versions', async () => {
    const v2 = await t.get('/ows?SERVICE=WFS&REQUEST=GetCapabilities&VERSION=2.0.0', t.user)
    expect(v2.body).toMatch(
      /<ows:Constraint name="ImplementsTransactionalWFS"><ows:NoValues\/><ows:DefaultValue>TRUE/,
    )
    expect(v2.body).toContain('<ows:Operation name="Transaction">')
    const v1 = await t.get('/ows?SERVICE=WFS&REQUEST=GetCapabilities&VERSION=1.1.0', t.user)
    expect(v1.body).toContain('<ows:Operation name="Transaction">')
    expect(v1.body).toContain('<wfs:Operation>Insert</wfs:Operation>')
  })
})
