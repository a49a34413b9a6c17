// Where the test suite's time goes, from the JSON reports the last runs wrote to .tmp/reports
// (Vitest: api-<database>.json; Playwright: e2e-<database>.json and e2e-startup-<database>.json).
//
//   npm run test:times                  tables in Markdown: totals, browser costs, every file
//   npm run test:times -- --summary     the totals only (what .ci/run prints at its end)
//   npm run test:times -- --dir=D       reports from another folder (a CI clone's, say)
//   npm run test:times -- --before=D    a column with the times of the reports in D
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const args = Object.fromEntries(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, '').split('=')
    return [key, value ?? true]
  }),
)
const DATABASES = ['pglite', 'postgresql']
/** The steps fixtures.ts names with `timed()` (the servers' start comes from global set-up). */
const COSTS = ['sign-in (API)', 'sign-in (screen)', 'wait: map render', 'screenshot', 'picture']

function readJson(dir, name) {
  const file = path.join(dir, name)
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined
}

/** A test file's path from `packages/`, wherever the run's clone was. */
const relative = (file) => file.replace(/^.*?\/packages\//, '')

/** Vitest's report: per file, its tests and its seconds; the run's wall time. */
function apiRun(report) {
  const files = new Map()
  let start = Infinity
  let end = 0
  for (const result of report.testResults) {
    start = Math.min(start, result.startTime)
    end = Math.max(end, result.endTime)
    files.set(relative(result.name), {
      tests: result.assertionResults.length,
      seconds: (result.endTime - result.startTime) / 1000,
    })
  }
  return {
    tests: report.numPassedTests + report.numFailedTests,
    failed: report.numFailedTests,
    seconds: (end - start) / 1000,
    files,
  }
}

/** Playwright's report: per spec file, its tests and seconds; the costs named by steps. */
function e2eRun(report, startup) {
  const files = new Map()
  const costs = Object.fromEntries(COSTS.map((c) => [c, { count: 0, seconds: 0 }]))
  const countSteps = (steps = []) => {
    for (const step of steps) {
      const cost = costs[step.title]
      if (cost) {
        cost.count++
        cost.seconds += step.duration / 1000
      } else countSteps(step.steps)
    }
  }
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      const file = files.get(spec.file) ?? { tests: 0, seconds: 0 }
      for (const t of spec.tests) {
        if (t.results.length === 0) continue
        file.tests++
        for (const r of t.results) {
          file.seconds += r.duration / 1000
          countSteps(r.steps)
        }
      }
      if (file.tests) files.set(spec.file, file)
    }
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of report.suites) walk(suite)
  const { expected = 0, unexpected = 0, flaky = 0 } = report.stats
  return {
    tests: expected + unexpected + flaky,
    failed: unexpected,
    seconds: report.stats.duration / 1000,
    startup: startup?.seconds,
    files,
    costs,
  }
}

function runs(dir) {
  const all = {}
  for (const db of DATABASES) {
    const api = readJson(dir, `api-${db}.json`)
    const e2e = readJson(dir, `e2e-${db}.json`)
    all[db] = {
      api: api && apiRun(api),
      e2e: e2e && e2eRun(e2e, readJson(dir, `e2e-startup-${db}.json`)),
    }
  }
  return all
}

const s = (n) => (n === undefined ? '—' : `${Math.round(n)} s`)
const table = (header, rows) =>
  [
    `| ${header.join(' | ')} |`,
    `| ${header.map((_, i) => (i === 0 ? '---' : '---:')).join(' | ')} |`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n')

const dir = path.resolve(typeof args.dir === 'string' ? args.dir : path.join(root, '.tmp/reports'))
const now = runs(dir)
const before = typeof args.before === 'string' ? runs(path.resolve(args.before)) : undefined

const totals = []
for (const db of DATABASES) {
  for (const part of ['api', 'e2e']) {
    const run = now[db][part]
    if (!run) continue
    const old = before?.[db][part]
    const row = [
      `${db === 'pglite' ? 'PGlite' : 'PostgreSQL'}, ${part === 'api' ? 'unit + API' : 'browser'}`,
      String(run.tests),
      String(run.failed),
      s(run.seconds),
    ]
    if (before) row.push(old ? `${old.tests} tests, ${s(old.seconds)}` : '—')
    totals.push(row)
  }
}
const totalHeader = ['run', 'tests', 'failed', 'time']
if (before) totalHeader.push('before')
console.log(table(totalHeader, totals))
if (args.summary) process.exit(0)

console.log(
  '\nBrowser runs: what the time went to (steps named in fixtures.ts; times add up both workers)\n',
)
const costRows = []
for (const db of DATABASES) {
  const run = now[db].e2e
  if (!run) continue
  const name = db === 'pglite' ? 'PGlite' : 'PostgreSQL'
  costRows.push([`${name}: servers' start (global set-up)`, '1', s(run.startup)])
  for (const [kind, cost] of Object.entries(run.costs))
    costRows.push([`${name}: ${kind}`, String(cost.count), s(cost.seconds)])
}
console.log(table(['cost', 'count', 'time'], costRows))

for (const part of ['api', 'e2e']) {
  const names = new Set()
  for (const db of DATABASES) for (const f of now[db][part]?.files.keys() ?? []) names.add(f)
  const rows = [...names].sort().map((name) => {
    const row = [name]
    for (const db of DATABASES) {
      const f = now[db][part]?.files.get(name)
      row.push(f ? `${f.tests} · ${s(f.seconds)}` : '—')
    }
    return row
  })
  console.log(
    `\n${part === 'api' ? 'Unit and API test files' : 'Browser spec files'} (tests · seconds)\n`,
  )
  console.log(table(['file', 'PGlite', 'PostgreSQL'], rows))
}
