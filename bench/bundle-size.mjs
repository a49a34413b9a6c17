// Bundle report: the gzipped JavaScript a browser really loads for /login, and for / after
// signing in, measured in Debian's Chromium against the built app and server.
// Target: /login at most 200 KB of gzipped JavaScript (the first page anyone sees; its form
// rules load when the user starts typing, see docs/web.md). Needs `npm run build` first.
//   node bench/bundle-size.mjs [--files]   (--files lists each file; also run by `npm run bench` through bundle-size.bench.mjs)
import { gzipSync } from 'node:zlib'
import { benchInChromium } from './lib.mjs'

const TARGET_KB = 200
const port = Number(process.env.BENCH_PORT ?? 18_731)
const kb = (bytes) => (bytes / 1024).toFixed(1)

/**
 * url -> { raw, gzip, sent } for every JavaScript file the page has loaded so far: its size,
 * gzip -9 of it, and the bytes the server actually sent (brotli, when the browser takes it).
 */
const scripts = new Map()
await benchInChromium({ prefix: 'gis-bench-bundle-', port }, async ({ server, browser }) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  const pending = []
  page.on('response', (response) => {
    const url = response.url()
    if (response.request().resourceType() !== 'script' && !url.endsWith('.js')) return
    pending.push(
      Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => {
        scripts.set(url, {
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          sent: sizes.responseBodySize,
        })
      }),
    )
  })
  const settle = async () => {
    await page.waitForLoadState('networkidle')
    await Promise.all(pending)
  }
  const total = () => {
    let raw = 0
    let gzip = 0
    let sent = 0
    for (const s of scripts.values()) {
      raw += s.raw
      gzip += s.gzip
      sent += s.sent
    }
    return { raw, gzip, sent, files: scripts.size }
  }

  await page.goto(`${server.url}/login`)
  await page.getByRole('button', { name: 'ENTRAR' }).waitFor()
  await settle()
  const login = total()

  await page.getByLabel('Usuário').fill('admin')
  await page.getByLabel('Senha', { exact: true }).fill('admin123')
  await page.getByRole('button', { name: 'ENTRAR' }).click()
  await page.getByRole('region', { name: 'Mapa' }).waitFor()
  await settle()
  const map = total()

  const verdict = login.gzip / 1024 <= TARGET_KB ? 'within' : 'OVER'
  console.log('JavaScript loaded (gzip -9 of each file as served), Chromium, desktop viewport')
  console.log(
    `  /login                 ${kb(login.gzip).padStart(7)} KB gzipped  (${kb(login.raw)} KB raw, ${kb(login.sent)} KB sent, ${login.files} files)  target ≤ ${TARGET_KB} KB: ${verdict}`,
  )
  console.log(
    `  / after sign-in        ${kb(map.gzip).padStart(7)} KB gzipped  (${kb(map.raw)} KB raw, ${kb(map.sent)} KB sent, ${map.files} files)  (no target: the map page brings OpenLayers)`,
  )
  console.log(`  added by sign-in, boot and the map page: ${kb(map.gzip - login.gzip)} KB gzipped`)
  if (process.argv.includes('--files')) {
    const rows = [...scripts.entries()].sort((a, b) => b[1].gzip - a[1].gzip)
    for (const [url, s] of rows)
      console.log(`    ${kb(s.gzip).padStart(7)} KB  ${new URL(url).pathname}`)
  }
  return verdict
})
