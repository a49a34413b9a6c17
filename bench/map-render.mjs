// Map page report, in Debian's Chromium against the built app and server (embedded database,
// demo data, no internet needed): the gzipped JavaScript of the map route after sign-in
// (target ≤ 600 KB; the heaviest peer client ships about 1.76 MB), and the time from
// navigation to the first complete map render with the demo layers (every visible layer's
// tiles loaded and drawn: the map's data-render="complete" once the catalogue's tiles came).
// Needs `npm run build` first.   node bench/map-render.mjs [--runs N]
import { gzipSync } from 'node:zlib'
import { benchInChromium } from './lib.mjs'

const TARGET_KB = 600
const runsArg = process.argv.indexOf('--runs')
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7
const port = Number(process.env.BENCH_PORT ?? 18_733)
const kb = (bytes) => (bytes / 1024).toFixed(1)
/** The concession's centre at a zoom where every default demo layer draws. */
const VIEW = '/?lat=-22.95&lon=-48.25&z=11'

await benchInChromium(
  { prefix: 'gis-bench-map-', port, gpu: true },
  async ({ server, browser }) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    const scripts = new Map()
    const pending = []
    let tiles = 0
    page.on('response', (response) => {
      const url = response.url()
      if (url.includes('/api/tiles/') && response.status() === 200) tiles++
      if (response.request().resourceType() !== 'script' && !url.endsWith('.js')) return
      pending.push(
        response.body().then((body) => scripts.set(url, gzipSync(body, { level: 9 }).length)),
      )
    })

    await page.goto(`${server.url}/login`)
    await page.getByLabel('Usuário').fill('admin')
    await page.getByLabel('Senha', { exact: true }).fill('admin123')
    await page.getByRole('button', { name: 'ENTRAR' }).click()
    await page.getByRole('region', { name: 'Mapa' }).waitFor()
    await page.waitForLoadState('networkidle')
    await Promise.all(pending)
    const gzip = [...scripts.values()].reduce((a, b) => a + b, 0)

    /** Navigation to the first complete render that drew the catalogue's tiles. */
    const renderOnce = async () => {
      tiles = 0
      const start = performance.now()
      await page.goto(`${server.url}${VIEW}`)
      await page.waitForFunction(
        () => document.querySelector('[data-testid="map"]')?.getAttribute('data-render'),
        undefined,
        { polling: 'raf' },
      )
      for (;;) {
        const state = await page
          .getByTestId('map')
          .getAttribute('data-render')
          .catch(() => null)
        if (state === 'complete' && tiles > 0) break
        await page.waitForTimeout(5)
      }
      return performance.now() - start
    }
    await renderOnce() // warm the server's caches and the browser's compiled code
    const times = []
    for (let i = 0; i < RUNS; i++) times.push(await renderOnce())
    times.sort((a, b) => a - b)
    const median = times[Math.floor(times.length / 2)]

    const verdict = gzip / 1024 <= TARGET_KB ? 'within' : 'OVER'
    console.log('Map page, Chromium, 1280×800, embedded database with the demo data')
    console.log(
      `  JavaScript of / after sign-in  ${kb(gzip).padStart(7)} KB gzipped (${scripts.size} files)  target ≤ ${TARGET_KB} KB: ${verdict}  (heaviest peer ≈ 1760 KB)`,
    )
    console.log(
      `  navigation → first complete render with the demo layers: median ${median.toFixed(0)} ms over ${RUNS} loads (min ${times[0].toFixed(0)}, max ${times.at(-1).toFixed(0)})`,
    )
    return verdict
  },
)
