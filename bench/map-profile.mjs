// Where the map page's main thread goes: a CPU profile (Chromium's sampling profiler, through
// CDP) of one signed-in load of the map, from navigation to the first complete render, with
// the self time summed by function and by script. The findings are in docs/web.md.
// Needs `npm run build` first.   node bench/map-profile.mjs [--cpu 4] [--top 30]
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { launchChromium, startServer } from './lib.mjs'

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}
const CPU = Number(arg('cpu', 1))
const TOP = Number(arg('top', 30))
/** Milliseconds to keep profiling after the first complete render (what a user's next seconds cost). */
const AFTER = Number(arg('after', 0))
const port = Number(process.env.BENCH_PORT ?? 18_737)
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gis-bench-profile-'))
const server = await startServer({ DATA_DIR: dataDir }, { port })
const browser = await launchChromium()
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  const res = await page.request.post(`${server.url}/auth/login`, {
    data: { username: 'admin', password: 'admin123' },
  })
  const token = res.headers().authorization
  const user = await res.text()
  await page.goto(`${server.url}/healthz`)
  await page.evaluate(
    ([token, user]) => {
      localStorage.setItem('gis.token', token)
      localStorage.setItem('gis.user', user)
    },
    [token, user],
  )
  const cdp = await context.newCDPSession(page)
  if (CPU > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU })
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  const start = performance.now()
  await page.goto(`${server.url}/`)
  await page.waitForFunction(
    () => document.querySelector('[data-testid="map"]')?.getAttribute('data-render') === 'complete',
    undefined,
    { timeout: 120_000 },
  )
  const elapsed = performance.now() - start
  if (AFTER) await page.waitForTimeout(AFTER)
  const { profile } = await cdp.send('Profiler.stop')

  const dt = new Map()
  profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
  const byFunction = new Map()
  const byScript = new Map()
  for (const node of profile.nodes) {
    const ms = (dt.get(node.id) ?? 0) / 1000
    if (!ms) continue
    const { functionName, url, lineNumber } = node.callFrame
    const script = url ? url.replace(/^.*\/assets\//, '') : `(${functionName || 'program'})`
    const fn = `${functionName || '(anonymous)'} ${script}:${lineNumber + 1}`
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms)
    byScript.set(script, (byScript.get(script) ?? 0) + ms)
  }
  const total = [...byScript.values()].reduce((a, b) => a + b, 0)
  const print = (title, m, n) => {
    console.log(title)
    for (const [k, v] of [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, n))
      console.log(`  ${v.toFixed(0).padStart(6)} ms  ${k}`)
  }
  console.log(
    `map load to first complete render: ${elapsed.toFixed(0)} ms (CPU ×${CPU}); ${total.toFixed(0)} ms sampled`,
  )
  print('self time by script', byScript, 12)
  print('self time by function', byFunction, TOP)
} finally {
  await browser.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
