import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/harness'
import { userWithPermissions } from '../../test/users'

const t = useTestApp()

const post = (xml: string, token = t.user) =>
  t.post('/ows', xml, { token, headers: { 'content-type': 'text/xml' } })
const NS20 =
  'xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:fes="http://www.opengis.net/fes/2.0" xmlns:gis="urn:x-gis-web:features"'
const NS11 =
  'xmlns:wfs="http://www.opengis.net/wfs" xmlns:ogc="http://www.opengis.net/ogc" xmlns:gis="urn:x-gis-web:features"'

const lock20 = (ids: number[], action = 'ALL', expiry = 300) =>
  `<wfs:LockFeature service="WFS" version="2.0.0" expiry="${expiry}" lockAction="${action}" ${NS20}><wfs:Query typeNames="gis:marcos_km"><fes:Filter>${ids.map((id) => `<fes:ResourceId rid="marcos_km.${id}"/>`).join('')}</fes:Filter></wfs:Query></wfs:LockFeature>`
const setKm20 = (id: number, km: number, lockId?: string, release = 'ALL') =>
  `<wfs:Transaction service="WFS" version="2.0.0" ${lockId ? `lockId="${lockId}" releaseAction="${release}"` : ''} ${NS20}><wfs:Update typeName="gis:marcos_km"><wfs:Property><wfs:ValueReference>km</wfs:ValueReference><wfs:Value>${km}</wfs:Value></wfs:Property><fes:Filter><fes:ResourceId rid="marcos_km.${id}"/></fes:Filter></wfs:Update></wfs:Transaction>`
const setKm11 = (id: number, km: number, lockId: string, release: string) =>
  `<wfs:Transaction service="WFS" version="1.1.0" releaseAction="${release}" ${NS11}><wfs:LockId>${lockId}</wfs:LockId><wfs:Update typeName="gis:marcos_km"><wfs:Property><wfs:Name>km</wfs:Name><wfs:Value>${km}</wfs:Value></wfs:Property><ogc:Filter><ogc:FeatureId fid="marcos_km.${id}"/></ogc:Filter></wfs:Update></wfs:Transaction>`

async function km(id: number) {
  return (await t.get(`/api/features/marcos_km/${id}`, t.admin)).json().attributes.km
}

describe('WFS locking (LockFeature, GetFeatureWithLock, Transaction lockId)', () => {
  it('a locked feature is refused to others until its holder writes with the lock id', async () => {
    const locked = await post(lock20([10, 11]))
    expect(locked.statusCode, locked.body).toBe(200)
    const lockId = /lockId="([^"]+)"/.exec(locked.body)![1]!
    expect(locked.body).toContain('<wfs:FeaturesLocked><fes:ResourceId rid="marcos_km.10"/>')

    const before = await km(10)
    const other = await post(setKm20(10, 501), t.admin)
    expect(other.statusCode).toBe(409)
    expect(other.body).toContain('A feição marcos_km.10 está bloqueada por outro cliente')
    expect(await km(10)).toBe(before)

    // ALL refuses when one is taken; SOME locks the free ones and names the others.
    const all = await post(lock20([10, 12]), t.admin)
    expect(all.statusCode).toBe(409)
    expect(all.body).toContain('exceptionCode="CannotLockAllFeatures"')
    const some = await post(lock20([10, 12], 'SOME'), t.admin)
    expect(some.body).toContain('<wfs:FeaturesLocked><fes:ResourceId rid="marcos_km.12"/>')
    expect(some.body).toContain('<wfs:FeaturesNotLocked><fes:ResourceId rid="marcos_km.10"/>')

    // The holder writes 10 with releaseAction SOME: 10 is free, 11 stays locked.
    const mine = await post(setKm20(10, 502, lockId, 'SOME'))
    expect(mine.statusCode, mine.body).toBe(200)
    expect(await km(10)).toBe(502)
    expect((await post(setKm20(10, 503), t.admin)).statusCode).toBe(200)
    expect((await post(setKm20(11, 503), t.admin)).statusCode).toBe(409)
    // Without releaseAction (ALL) the rest of the lock goes, and the id is no longer valid.
    expect((await post(setKm20(11, 504, lockId))).statusCode).toBe(200)
    expect((await post(setKm20(11, 505), t.admin)).statusCode).toBe(200)
    const gone = await post(setKm20(11, 506, lockId))
    expect(gone.statusCode).toBe(400)
    expect(gone.body).toContain('exceptionCode="InvalidLockId"')
  })

  it('GetFeatureWithLock (1.1.0, expiry in minutes) answers the features with the lock id', async () => {
    const res = await t.get(
      '/ows?SERVICE=WFS&VERSION=1.1.0&REQUEST=GetFeatureWithLock&TYPENAME=gis:marcos_km&FEATUREID=marcos_km.20,marcos_km.21&EXPIRY=1',
      t.user,
    )
    expect(res.statusCode, res.body).toBe(200)
    const lockId = /<wfs:FeatureCollection lockId="([^"]+)"/.exec(res.body)![1]!
    expect(res.body).toContain('gml:id="marcos_km.20"')
    expect((await post(setKm20(21, 700), t.admin)).statusCode).toBe(409)
    const write = await post(setKm11(21, 701, lockId, 'ALL'))
    expect(write.statusCode, write.body).toBe(200)
    expect(await km(21)).toBe(701)
    expect((await post(setKm20(20, 702), t.admin)).statusCode).toBe(200)
    const json = await t.get(
      '/ows?SERVICE=WFS&REQUEST=GetFeatureWithLock&TYPENAMES=gis:marcos_km&RESOURCEID=marcos_km.22&OUTPUTFORMAT=application/json',
      t.user,
    )
    expect(json.statusCode).toBe(400)
  })

  it('expires, and is only for who may change the layer', async () => {
    const brief = await post(lock20([30], 'ALL', 0))
    expect(brief.statusCode).toBe(200)
    expect((await post(setKm20(30, 800), t.admin)).statusCode).toBe(200)
    const reader = await userWithPermissions(t, 'wfs.leitor', { marcos_km: ['readFeature'] })
    const refused = await post(lock20([31]), reader)
    expect(refused.statusCode).toBe(403)
    expect(refused.body).toContain('Sem permissão para alterar ou excluir feições deste layer')
  })

  it('advertises locking', async () => {
    const v2 = await t.get('/ows?SERVICE=WFS&REQUEST=GetCapabilities&VERSION=2.0.0', t.user)
    expect(v2.body).toMatch(/name="ImplementsLockingWFS"><ows:NoValues\/><ows:DefaultValue>TRUE/)
    expect(v2.body).toContain('<ows:Operation name="LockFeature">')
    const v1 = await t.get('/ows?SERVICE=WFS&REQUEST=GetCapabilities&VERSION=1.1.0', t.user)
    expect(v1.body).toContain('<ows:Operation name="GetFeatureWithLock">')
    expect(v1.body).toContain('<wfs:Operation>Lock</wfs:Operation>')
  })
})
