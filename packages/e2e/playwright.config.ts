import { defineConfig } from '@playwright/test'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { budget } from '../../scripts/slowdown.mjs'
import { CHROMIUM_ARGS } from './src/chromium'

const here = path.dirname(fileURLToPath(import.meta.url))

const database = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite'
const reportDir = path.resolve(here, '../../.tmp/reports')

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the built app
 * and server. `npm run build` must have run; global setup starts the server on a free port
 * per worker, each with a fresh DATA_DIR (and a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set). On PostgreSQL only the specs tagged @db run, those that cross a
 * server path that differs by database (docs/decisions.md, docs/testing.md); E2E_ALL=1 runs
 * them all. Each run writes a JSON report to .tmp/reports for `npm run test:times`.
 */
export default defineConfig({
  testDir: './src/tests',
  outputDir: './test-results',
  globalSetup: './src/global-setup.ts',
  fullyParallel: false,
  // Two workers keep both cores busy; each has its own server (global-setup.ts).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  grep: database === 'postgresql' && process.env.E2E_ALL !== '1' ? /@db/ : undefined,
  retries: 0,
  // The longest specs (a moderated edit approved end to end, the search's whole round) take
  // 65–80 s when the two cores are slow; on a quick machine they take 25–40 s. Every limit is
  // the reference machine's, multiplied by how much slower this one runs (scripts/slowdown.mjs).
  timeout: budget(120_000),
  // A page on a loaded 2-core machine can stay busy for over 10 s (CI saw clicks and checks
  // time out at 10 s on a machine three times slower than usual, passing alone): 20 s each.
  expect: { timeout: budget(20_000) },
  reporter: [['list'], ['json', { outputFile: path.join(reportDir, `e2e-${database}.json`) }]],
  snapshotPathTemplate: '{testDir}/__pictures__/{testFileName}/{arg}{ext}',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    actionTimeout: budget(20_000),
    navigationTimeout: budget(30_000),
    // A trace of each test, kept when it fails, with DOM snapshots but without the screencast:
    // the trace's screenshots cost a quarter of the suite's time (12 specs: 133 s with them, 97 s
    // without, 89 s with no trace at all); the failure screenshot below still shows the page.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
})
