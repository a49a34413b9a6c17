#!/usr/bin/env node
// Takes screenshots of the product's screens into a folder, to compare a refactor's before and
// after by eye (or with `compare`): `node scripts/screens.mjs DIR`. Starts the built server
// (npm run build) on a free loopback port with a fresh DATA_DIR and the demo data, signs in as
// the demo administrator and visits the public pages, the map, every FERRAMENTAS window, every
// tab of the control panel and the profile. A step that fails is reported and skipped.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { launchChromium, startServer } from '../bench/lib.mjs'

const outDir = path.resolve(process.argv[2] ?? '.tmp/screens')
mkdirSync(outDir, { recursive: true })

const port = await new Promise((resolve) => {
  const srv = createServer().listen(0, '127.0.0.1', () => {
    const { port } = srv.address()
    srv.close(() => resolve(port))
  })
})
const dataDir = mkdtempSync(path.join(tmpdir(), 'gis-screens-'))
const server = await startServer(
  { DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` },
  { port, timeoutMs: 600_000 },
)
const baseUrl = server.url

const browser = await launchChromium()
const context = await browser.newContext({
  viewport: { width: 1280, height: 800 },
  locale: 'pt-BR',
  timezoneId: 'America/Sao_Paulo',
  baseURL: baseUrl,
})
const page = await context.newPage()
const failed = []

const slug = (text) =>
  text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')

async function shot(name, go) {
  try {
    await go()
    await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined)
    await page.waitForTimeout(600)
    await page.screenshot({ path: path.join(outDir, `${name}.png`), fullPage: true })
    console.log(`  ${name}.png`)
  } catch (error) {
    failed.push(name)
    console.log(`  ${name}: ${String(error.message ?? error).split('\n')[0]}`)
  }
}

await shot('01-login', () => page.goto('/login'))
await shot('02-register', () => page.goto('/register'))
await shot('03-forgot-password', () => page.goto('/forgot-password'))

const res = await context.request.post(`${baseUrl}/auth/login`, {
  data: { username: 'admin', password: 'admin123' },
})
const token = res.headers().authorization
const user = await res.text()
await page.goto('/healthz')
await page.evaluate(
  ([token, user]) => {
    localStorage.setItem('gis.token', token)
    localStorage.setItem('gis.user', user)
  },
  [token, user],
)

await shot('10-map', async () => {
  await page.goto('/')
  await page.getByRole('region', { name: 'Mapa' }).waitFor()
  await page.waitForTimeout(2_000)
})
const tools = page.getByRole('menuitem')
await page.getByRole('button', { name: 'FERRAMENTAS' }).click()
const toolNames = await tools.allInnerTexts()
await page.keyboard.press('Escape')
for (const [i, toolName] of toolNames.entries()) {
  await shot(`2${i}-tool-${slug(toolName)}`, async () => {
    await page.goto('/')
    await page.getByRole('region', { name: 'Mapa' }).waitFor()
    await page.getByRole('button', { name: 'FERRAMENTAS' }).click()
    await page.getByRole('menuitem', { name: toolName, exact: true }).click()
    await page.waitForTimeout(1_500)
  })
}
await shot('30-workspace', () => page.goto('/workspace'))
await shot('31-profile', () => page.goto('/profile'))

await page.goto('/dashboard')
await page.getByRole('tab').first().waitFor()
const tabNames = await page.getByRole('tab').allInnerTexts()
for (const [i, tabName] of tabNames.entries()) {
  await shot(`4${String(i).padStart(2, '0')}-dashboard-${slug(tabName)}`, async () => {
    await page.goto('/dashboard')
    await page.getByRole('tab', { name: tabName, exact: true }).click()
  })
  // The tab's creation dialog, where it has one (NOVO USUÁRIO, NOVO GRUPO, ...).
  const create = page.getByRole('button', { name: /^(NOV[OA]|ADICIONAR|CRIAR)\b/ }).first()
  if (!(await create.isVisible().catch(() => false))) continue
  await create.click()
  const dialog = await page
    .getByRole('dialog')
    .waitFor({ timeout: 5_000 })
    .then(
      () => true,
      () => false,
    )
  if (dialog)
    await shot(`4${String(i).padStart(2, '0')}b-dashboard-${slug(tabName)}-dialog`, () =>
      Promise.resolve(),
    )
}

await browser.close()
await server.stop()
rmSync(dataDir, { recursive: true, force: true })
console.log(`screenshots in ${outDir}`)
if (failed.length) console.log(`failed: ${failed.join(', ')}`)
