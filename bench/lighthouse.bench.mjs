// Lighthouse (npm `lighthouse`, run on Debian's Chromium: nothing downloaded) against the built
// app and server with the demo data: /login, and the map after signing in, with Lighthouse's
// mobile preset (its default: a mid-range phone, 4× slower CPU, slow 4G, simulated) and its
// desktop preset. Prints, per page and preset, the median of the runs of the performance and
// accessibility scores, LCP, total blocking time and the JavaScript sent, beside the targets
// of docs/web.md ('First load'). Needs `npm run build` first.
//   node bench/lighthouse.bench.mjs [--runs N] [--page login|map] [--preset mobile|desktop]
//   [--json DIR]   (DIR: every run's full report, to open in Lighthouse's viewer)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { chromium } from 'playwright-core'
import { chromiumOptions, median, startServer } from './lib.mjs'

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}
const RUNS = Number(arg('runs', 5))
const PAGES = arg('page') ? [arg('page')] : ['login', 'map']
const PRESETS = arg('preset') ? [arg('preset')] : ['mobile', 'desktop']
const JSON_DIR = arg('json')
if (JSON_DIR) mkdirSync(JSON_DIR, { recursive: true })
const port = Number(process.env.BENCH_PORT ?? 18_735)
const debugPort = Number(process.env.BENCH_DEBUG_PORT ?? 18_736)

/**
 * The targets of issue 44 (docs/web.md): score ≥, TBT ≤ (ms). The JavaScript figure is what
 * Lighthouse saw transferred (the server's gzip, headers included); the size targets are held
 * by bench/bundle-size.mjs (gzip -9, as the issue measures) and the budget test.
 */
const TARGETS = {
  'login mobile': { performance: 95, accessibility: 100 },
  'login desktop': { performance: 98, accessibility: 100 },
  'map mobile': { performance: 85, accessibility: 100, tbt: 600 },
  'map desktop': { performance: 95, accessibility: 100, tbt: 150 },
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gis-bench-lighthouse-'))
const profileDir = mkdtempSync(path.join(os.tmpdir(), 'gis-bench-lighthouse-profile-'))
const server = await startServer({ DATA_DIR: dataDir }, { port })
// A persistent context is the browser's default one: the tab Lighthouse opens through the
// debugging port shares its local storage, so the map is measured signed in.
const context = await chromium.launchPersistentContext(
  profileDir,
  chromiumOptions({ args: [`--remote-debugging-port=${debugPort}`] }),
)

/**
 * Every run starts with an empty HTTP cache (Lighthouse's own reset is off, since it would
 * also sign the map out); for the map, signs in through the API and keeps the session where
 * the app reads it.
 */
async function prepare(name) {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  await page.goto(`${server.url}/healthz`)
  await page.evaluate(() => localStorage.clear())
  if (name !== 'map') return page.close()
  await page.evaluate(async () => {
    const res = await fetch('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin123' }),
    })
    localStorage.setItem('gis.token', res.headers.get('authorization') ?? '')
    localStorage.setItem('gis.user', await res.text())
  })
  await page.close()
}

async function audit(url, preset) {
  const flags = {
    port: debugPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: true,
  }
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined)
  const { lhr } = result
  const scripts = lhr.audits['resource-summary'].details.items.find(
    (i) => i.resourceType === 'script',
  )
  return {
    lhr,
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    js: scripts.transferSize / 1024,
    failing: Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id),
      )
      .map((a) => a.id),
  }
}

let exitCode = 0
try {
  const rows = []
  for (const name of PAGES) {
    for (const preset of PRESETS) {
      const runs = []
      for (let i = 0; i < RUNS; i++) {
        await prepare(name)
        const url = name === 'login' ? `${server.url}/login` : `${server.url}/`
        const run = await audit(url, preset)
        if (JSON_DIR)
          writeFileSync(path.join(JSON_DIR, `${name}-${preset}-${i}.json`), JSON.stringify(run.lhr))
        runs.push(run)
      }
      const key = `${name} ${preset}`
      const m = (field) => median(runs.map((r) => r[field]))
      rows.push({
        key,
        performance: m('performance'),
        accessibility: m('accessibility'),
        lcp: m('lcp'),
        tbt: m('tbt'),
        js: m('js'),
        failing: [...new Set(runs.flatMap((r) => r.failing))],
        target: TARGETS[key],
      })
    }
  }
  console.log(`Lighthouse ${lighthouse.version ?? ''}, Debian's Chromium, medians of ${RUNS} runs`)
  const mark = (ok) => (ok ? 'ok' : 'MISSED')
  for (const r of rows) {
    const t = r.target
    const parts = [
      `performance ${r.performance} (≥ ${t.performance}: ${mark(r.performance >= t.performance)})`,
      `accessibility ${r.accessibility} (${mark(r.accessibility >= t.accessibility)})`,
      `LCP ${(r.lcp / 1000).toFixed(2)} s`,
      `TBT ${r.tbt.toFixed(0)} ms${t.tbt ? ` (≤ ${t.tbt}: ${mark(r.tbt <= t.tbt)})` : ''}`,
      `JS transferred ${r.js.toFixed(1)} KB`,
    ]
    console.log(`  ${r.key.padEnd(14)} ${parts.join(', ')}`)
    if (r.failing.length)
      console.log(`                 accessibility findings: ${r.failing.join(', ')}`)
  }
} catch (err) {
  console.error(err)
  exitCode = 1
} finally {
  await context.close()
  await server.stop()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(profileDir, { recursive: true, force: true })
}
process.exit(exitCode)
