import { readFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Page } from '@playwright/test'
import { ADMIN, DESKTOP, PHONE, baseUrl, expect, test, unique } from '../fixtures'
import { seriousViolations, snap } from '../steps/pictures'
import { apiToken, resetWorkspace, signIn } from '../steps/session'
import { moduleSettings } from '../steps/settings'
import { openSearch } from '../steps/tools'
import { budget } from '../slowdown'

const LAYER = 'marcos_km'
const LAYER_TITLE = 'Marcos quilométricos'

const layerSelect = (page: Page) => page.getByRole('combobox', { name: 'Layer', exact: true })

/**
 * A stand-in for the regulator's external server on loopback: it takes each feature the
 * synchronisation posts (answering the new id as this product does) and records the call.
 */
async function externalServer() {
  const received: { method: string; url: string; auth?: string; body: unknown }[] = []
  const server = http.createServer((req, res) => {
    let text = ''
    req.on('data', (c: Buffer) => (text += c.toString()))
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        auth: req.headers.authorization,
        body: text ? JSON.parse(text) : null,
      })
      res.writeHead(201, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id: 1000 + received.length, layer: LAYER }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { url, received, close: () => new Promise((r) => server.close(r)) }
}

test.describe('synchronisation packages', () => {
  test(
    'search → SINCRONIZAR → a new package → its page → remove one → SINCRONIZAR → the queue',
    { tag: '@db' },
    async ({ page, request }) => {
      const token = await apiToken(request, ADMIN)
      const settings = await moduleSettings(request, token)
      const external = await externalServer()
      const name = unique('Pacote e2e ')
      await resetWorkspace(request, token)
      await page.setViewportSize(DESKTOP)
      try {
        // Module off: no SINCRONIZAR.
        await settings.set(settings.modules.filter((m) => m !== 'artespSync'))
        await signIn(page, ADMIN)
        await openSearch(page)
        await layerSelect(page).selectOption({ label: LAYER_TITLE })
        await expect(page.getByRole('button', { name: 'EXPORTAR', exact: true })).toBeVisible()
        await expect(page.getByRole('button', { name: 'SINCRONIZAR' })).toHaveCount(0)

        await settings.set([...settings.modules, 'artespSync'])
        await page.reload()
        await expect(layerSelect(page)).toHaveValue(LAYER)
        await page.getByRole('button', { name: 'BUSCAR', exact: true }).click()
        const table = page.getByRole('table')
        await expect(table.locator('tbody tr')).toHaveCount(20)
        const ids: string[] = []
        for (const n of [0, 1, 2]) {
          const row = table.locator('tbody tr').nth(n)
          ids.push(await row.getByRole('button').first().innerText())
          await row.getByRole('checkbox').check()
        }
        await expect(page.getByRole('button', { name: '3 selecionado(s)' })).toBeVisible()

        // The dialog: a new package, then the selection into it.
        await page.getByRole('button', { name: 'SINCRONIZAR' }).click()
        const dialog = page.getByRole('dialog', { name: 'Pacotes de sincronização disponíveis' })
        await expect(dialog.getByText('Adicionar os 3 registros selecionados')).toBeVisible()
        await dialog.getByLabel('Nome do novo pacote').fill(name)
        await dialog.getByRole('button', { name: 'CRIAR PACOTE' }).click()
        await expect(dialog.getByRole('radio', { name })).toBeChecked()
        await snap(page, 'sync-search-dialog')
        await dialog.getByRole('button', { name: 'ADICIONAR' }).click()
        await expect(page.getByText(`3 registros adicionados ao pacote ${name}`)).toBeVisible()
        await expect(dialog).toBeHidden()

        // The control panel's section: the external server, then the package's page.
        await page.goto('/dashboard?secao=sincronizacao')
        const form = page.getByRole('form', { name: 'Servidor externo (ARTESP)' })
        await form.getByLabel('Endereço do servidor').fill(external.url)
        await form.getByLabel('Token de acesso').fill('token-do-e2e')
        await form.getByRole('button', { name: 'SALVAR' }).click()
        await expect(page.getByText('Configuração salva')).toBeVisible()
        await expect(
          form.getByText('Um token está salvo; deixe em branco para mantê-lo'),
        ).toBeVisible()
        await snap(page, 'sync-admin-section')
        await page.getByRole('link', { name: new RegExp(`${name}$`) }).click()
        await expect(page).toHaveURL(/\/dashboard\/sync\/\d+$/)

        const items = page.getByRole('table', { name: 'ITENS DO PACOTE' })
        await expect(items.locator('tbody tr')).toHaveCount(3)
        for (const id of ids) {
          await expect(items.getByRole('cell', { name: id, exact: true })).toBeVisible()
        }
        await expect(items.getByRole('cell', { name: LAYER_TITLE })).toHaveCount(3)
        await expect(page.getByText('0/3', { exact: true })).toBeVisible()
        await expect(page.getByText('Criado', { exact: true })).toBeVisible()
        await snap(page, 'sync-package')
        expect(await seriousViolations(page)).toEqual([])

        // Removing asks first; CANCELAR keeps the item.
        await page.getByLabel(`Selecionar o item ${ids[0]}`).check()
        await page.getByRole('button', { name: 'REMOVER SELECIONADOS' }).click()
        let confirm = page.getByRole('dialog', { name: 'Remover itens' })
        await expect(
          confirm.getByText('Deseja remover o item selecionado do pacote?'),
        ).toBeVisible()
        await confirm.getByRole('button', { name: 'CANCELAR' }).click()
        await expect(items.locator('tbody tr')).toHaveCount(3)
        await page.getByRole('button', { name: 'REMOVER SELECIONADOS' }).click()
        confirm = page.getByRole('dialog', { name: 'Remover itens' })
        await confirm.getByRole('button', { name: 'REMOVER SELECIONADOS' }).click()
        await expect(page.getByText('1 item removido do pacote')).toBeVisible()
        await expect(items.locator('tbody tr')).toHaveCount(2)
        await expect(items.getByRole('cell', { name: ids[0], exact: true })).toHaveCount(0)
        await expect(page.getByText('0/2', { exact: true })).toBeVisible()

        // SINCRONIZAR: it cannot be cancelled, so it asks; then the queue.
        await page.getByRole('button', { name: 'SINCRONIZAR' }).click()
        confirm = page.getByRole('dialog', { name: 'Sincronizar' })
        await expect(
          confirm.getByText(
            `A sincronização com servidores externos não pode ser cancelada. Deseja sincronizar o pacote ${name}?`,
          ),
        ).toBeVisible()
        await snap(page, 'sync-confirm')
        await confirm.getByRole('button', { name: 'SINCRONIZAR' }).click()
        await expect(page).toHaveURL(/\/dashboard\/syncqueue$/)
        const row = page.getByRole('row', { name: new RegExp(name) })
        await expect(row.getByText('Concluído', { exact: true })).toBeVisible({
          timeout: budget(20_000),
        })
        // Exact: a date of December ('01/12/2026') holds '2/2' too.
        await expect(row.getByText('2/2', { exact: true })).toBeVisible()
        await snap(page, 'sync-queue')
        expect(await seriousViolations(page)).toEqual([])

        // What arrived at the external server: the two features left, with its token.
        const kept = await request.post(`${baseUrl()}/api/features/${LAYER}/search`, {
          headers: { authorization: token },
          data: { ids: ids.slice(1).map(Number) },
        })
        const live = ((await kept.json()) as { results: { d_e_l_e_t_: boolean }[] }).results.filter(
          (r) => !r.d_e_l_e_t_,
        )
        expect(live.length).toBeGreaterThan(0)
        expect(external.received).toHaveLength(live.length)
        expect(external.received.every((r) => r.method === 'POST')).toBe(true)
        expect(external.received.every((r) => r.url === `/api/features/${LAYER}`)).toBe(true)
        expect(external.received.every((r) => r.auth === 'Bearer token-do-e2e')).toBe(true)

        // The package's page again: items synchronised, the run's log downloads.
        await row.getByRole('link').click()
        await expect(page.getByText('2/2', { exact: true })).toBeVisible()
        await expect(items.getByText('Sincronizado')).toHaveCount(2)
        await page.getByRole('tab', { name: 'LOGS DE EXECUÇÃO' }).click()
        const logs = page.getByRole('table', { name: 'LOGS DE EXECUÇÃO' })
        await expect(logs.locator('tbody tr')).toHaveCount(1)
        await snap(page, 'sync-logs')
        const downloading = page.waitForEvent('download')
        await logs.getByRole('link').click()
        const download = await downloading
        expect(download.suggestedFilename()).toMatch(/^sincronizacao-\d+-\d{8}T\d{6}\.txt$/)
        const text = readFileSync(await download.path(), 'utf8')
        expect(text).toContain('2 de 2 itens sincronizados')
        expect(text).not.toContain('token-do-e2e')

        await page.getByRole('tab', { name: 'ITENS DO PACOTE' }).click()
        await page.setViewportSize(PHONE)
        await expect(items.locator('tbody tr')).toHaveCount(2)
        await snap(page, 'sync-package-phone')
      } finally {
        await settings.restore()
        await external.close()
      }
    },
  )

  test('the package page says when its data or its logs cannot be loaded', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, ADMIN)
    const settings = await moduleSettings(request, token)
    await settings.set([...settings.modules, 'artespSync'])
    try {
      const created = await request.post(`${baseUrl()}/api/syncronization`, {
        headers: { authorization: token },
        data: { name: unique('Pacote falho ') },
      })
      expect(created.status()).toBe(201)
      const location = created.headers().location!
      await page.setViewportSize(DESKTOP)
      await signIn(page, ADMIN)
      const fail = (route: import('@playwright/test').Route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"x"}' })
      await page.route(/\/api\/syncronization\/\d+\/items\?/, fail)
      await page.route(/\/api\/syncronization\/\d+\/logs\?/, fail)
      await page.goto(location.replace('/api/syncronization/', '/dashboard/sync/'))
      await expect(
        page.getByText('Não foi possível carregar os dados da sincronização!'),
      ).toBeVisible()
      await page.getByRole('tab', { name: 'LOGS DE EXECUÇÃO' }).click()
      await expect(
        page.getByText('Não foi possível carregar os dados de log da sincronização!'),
      ).toBeVisible()
    } finally {
      await settings.restore()
    }
  })
})
