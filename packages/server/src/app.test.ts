import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawGet, startTestApp, type TestApp } from '../test/harness'

let t: TestApp
let web: string
const script = `console.log(${JSON.stringify('o app '.repeat(400))})`
beforeAll(async () => {
  web = path.join(await import('node:os').then((os) => os.tmpdir()), `gis-web-${process.pid}`)
  mkdirSync(path.join(web, 'assets'), { recursive: true })
  writeFileSync(
    path.join(web, 'index.html'),
    '<!doctype html><title>app</title><div id="root"></div>',
  )
  writeFileSync(path.join(web, 'assets', 'index-abc123.js'), script)
  // As packages/web/scripts/precompress.mjs writes them.
  writeFileSync(path.join(web, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(script))
  writeFileSync(path.join(web, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(script))
  t = await startTestApp({ config: { webDistDir: web, projectName: undefined } })
})
afterAll(async () => {
  await t?.close()
})

describe('server basics', () => {
  it('answers /healthz', async () => {
    const res = await t.get('/healthz')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
  })

  it('puts the security headers on every answer, errors included', async () => {
    for (const url of [
      '/healthz',
      '/api/nada',
      '/auth/validate',
      '/login',
      '/api/tiles/placas/0/0/0.pbf',
      '/ows',
    ]) {
      const res = await t.get(url, { headers: { accept: 'text/html' } })
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['referrer-policy'], url).toBe('no-referrer')
      const csp = res.headers['content-security-policy'] ?? ''
      expect(csp, url).toContain("default-src 'self'")
      expect(csp, url).toContain("script-src 'self'")
      expect(csp, url).toContain("object-src 'none'")
    }
  })

  it('serves the web app with the SPA fallback for client routes', async () => {
    const page = await t.get('/reset-password/abc', { headers: { accept: 'text/html' } })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('<div id="root">')
    expect(page.headers['cache-control']).toBe('no-cache')
    const root = await t.get('/', { headers: { accept: 'text/html' } })
    expect(root.body).toContain('<div id="root">')
    const asset = await t.get('/assets/index-abc123.js')
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toContain('immutable')
    expect(asset.body).toBe(script)
  })

  it('answers the app at / and every client route whatever the Accept header', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'text/plain']) {
      for (const url of ['/', '/profile', '/workspace', '/reset-password/abc']) {
        const res = await t.get(url, { headers: accept ? { accept } : {} })
        expect(res.statusCode, `${url} ${accept}`).toBe(200)
        expect(res.headers['content-type'], `${url} ${accept}`).toContain('text/html')
        expect(res.body, `${url} ${accept}`).toContain('<div id="root">')
      }
    }
    // API paths keep their JSON 404; a missing asset is a 404 too, never the page.
    for (const url of ['/api/nada', '/auth/nada', '/assets/nada-123.js']) {
      const res = await t.get(url, { headers: { accept: '*/*' } })
      expect(res.statusCode, url).toBe(404)
      expect(res.json(), url).toEqual({ message: 'Recurso não encontrado.' })
    }
    // Only reads fall back to the app.
    const post = await t.post('/profile', {})
    expect(post.statusCode).toBe(404)
  })

  it('sends the compressed copy of a web app file that the browser accepts', async () => {
    const get = (encoding?: string) =>
      rawGet(`${t.baseUrl}/assets/index-abc123.js`, encoding ? { 'accept-encoding': encoding } : {})
    const br = await get('gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script)
    expect(br.headers['cache-control']).toContain('immutable')
    const gz = await get('gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script)
    const plain = await get()
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.toString()).toBe(script)
  })

  it('answers unknown API paths with a JSON 404 in Portuguese, even for browsers', async () => {
    for (const url of ['/api/nada', '/auth/nada', '/api/users/1/x']) {
      const res = await t.get(url, { headers: { accept: 'text/html' } })
      expect(res.statusCode, url).toBe(404)
      expect(res.json(), url).toEqual({ message: 'Recurso não encontrado.' })
    }
  })

  it('serves the OpenAPI description at /api/docs', async () => {
    const html = await t.get('/api/docs', { headers: { accept: 'text/html' } })
    expect([200, 302]).toContain(html.statusCode)
    const spec = await t.get('/api/docs/json')
    expect(spec.statusCode).toBe(200)
    const paths = Object.keys(spec.json().paths)
    for (const p of [
      '/auth/login',
      '/auth/validate',
      '/auth/permissions',
      '/auth/logout',
      '/api/config',
      '/api/logins',
      '/api/users/register',
      '/api/users/exists',
      '/api/users',
      '/api/users/{id}',
      '/api/users/workspace',
      '/api/me/profile',
      '/api/me/change-password',
      '/api/me/forgot-password',
      '/api/me/reset-password',
    ]) {
      expect(paths, p).toContain(p)
    }
  })

  it('serves the logo, the organisation’s own when DATA_DIR has one', async () => {
    const bundled = await t.get('/_self/logo.png')
    expect(bundled.statusCode).toBe(200)
    expect(bundled.headers['content-type']).toBe('image/png')
    writeFileSync(path.join(t.dataDir, 'logo.png'), Buffer.from('89504e470d0a1a0a6f776e', 'hex'))
    const own = await t.get('/_self/logo.png')
    expect(own.body).toContain('own')
  })
})

describe('GET /api/config', () => {
  it('answers the stored project name and modules and the service URLs', async () => {
    const res = await t.get('/api/config')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      projectName: 'Rodovias do Interior - GIS',
      // The demo switches on the street-level imagery, the documents and the inspections.
      modules: ['orbit', 'smmcad', 'documents', 'oaeInspections'],
      workspace: null,
      eventsServerUrl: 'http://gis.test/api/events',
      tilesServerUrl: 'http://gis.test/api/tiles',
      imageServerUrl: 'http://gis.test/api/images',
      ogcServerUrl: 'http://gis.test/ows',
      initialEvent: null,
    })
  })

  it('lets PROJECT_NAME and MODULES override the stored values', async () => {
    const other = await startTestApp({
      config: { projectName: 'Prefeitura', modules: ['orbit', 'documents'] },
    })
    try {
      expect((await other.get('/api/config')).json()).toMatchObject({
        projectName: 'Prefeitura',
        modules: ['orbit', 'documents'],
      })
    } finally {
      await other.close()
    }
  })
})

describe('failures', () => {
  it('answers 5xx without internals when the database is gone', async () => {
    const broken = await startTestApp()
    await broken.db.close()
    const res = await broken.get('/api/config')
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ message: 'Erro interno do servidor.' })
    await broken.app.close()
  })
})
