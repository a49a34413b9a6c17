import type { APIRequestContext, Locator, Page } from '@playwright/test'
import type { BridgeDetail, BridgeRow, InspectionSummary } from '@gis/shared'
import { ADMIN, baseUrl, DESKTOP, expect, PHONE, test } from '../fixtures'
import { api, demoPhoto } from '../steps/feature-window'
import { snap } from '../steps/pictures'
import { apiToken, signIn } from '../steps/session'
import { budget } from '../slowdown'

/** dd/mm/aaaa of an ISO date, as every screen shows it. */
const br = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/')

async function summaryOf(request: APIRequestContext, token: string) {
  return (await (await api(request, token, '/api/inspections/summary')).json()) as InspectionSummary
}

async function bridgeOf(request: APIRequestContext, token: string, id: number) {
  return (await (
    await api(request, token, `/api/inspections/bridges/${id}`)
  ).json()) as BridgeDetail
}

/**
 * An overdue demo bridge late in one periodic type only (recording that type puts it back in
 * time), and not one of the bridges other specs edit (1 and the "free" ones).
 */
async function overdueBridge(request: APIRequestContext, token: string): Promise<BridgeDetail> {
  const res = await request.post(`${baseUrl()}/api/inspections/bridges/search`, {
    headers: { authorization: token },
    data: { status: 'OVERDUE', page: 0, size: 100, sort: '-codigo' },
  })
  expect(res.status()).toBe(200)
  const rows = (await res.json()) as BridgeRow[]
  for (const row of rows) {
    if ([1, 12, 15, 18, 21, 24, 27].includes(row.featureId)) continue
    const bridge = await bridgeOf(request, token, row.featureId)
    if (bridge.dues.filter((d) => d.status === 'OVERDUE').length === 1) return bridge
  }
  throw new Error('no demo bridge overdue in exactly one type')
}

/** The count a card of the panel shows. */
const count = (page: Page, key: string): Locator =>
  page.getByTestId(`count-${key}`).getByTestId('count-value')

/** The map's card of the bridge chosen (its colour is the one its point is drawn with). */
const card = (page: Page) => page.getByTestId('bridge-card')

test.describe('inspection monitoring (/inspection)', () => {
  test('on a phone, record an inspection with photos for an overdue bridge: its colour and due date change on the map, the panel counts follow @db', async ({
    page,
    request,
  }) => {
    test.setTimeout(budget(180_000))
    const token = await apiToken(request, ADMIN)
    const bridge = await overdueBridge(request, token)
    const before = await summaryOf(request, token)
    const photo = await demoPhoto(request, token)
    const late = bridge.dues.find((d) => d.status === 'OVERDUE')!
    const codigo = bridge.codigo ?? String(bridge.featureId)

    await page.setViewportSize(PHONE)
    await signIn(page, ADMIN, '/inspection')
    await expect(page.getByRole('heading', { name: 'Monitoramento', level: 1 })).toBeVisible()

    // PAINEL: the counts by status and the charts.
    const panel = page.getByRole('region', { name: 'Painel de inspeções' })
    for (const label of [
      'Atrasadas',
      'Vencem em 30 dias',
      'Vencem em 90 dias',
      'Em dia',
      'Nunca inspecionadas',
      'Aguardando aprovação',
    ])
      await expect(panel.getByText(label, { exact: true })).toBeVisible()
    await expect(count(page, 'overdue')).toHaveText(String(before.overdue))
    await expect(panel.getByRole('img', { name: /^Obras por pior nota:/ })).toBeVisible()
    await snap(page, 'inspection-panel-phone')

    // Atrasadas opens LISTA on the overdue bridges.
    await page.getByTestId('count-overdue').click()
    const list = page.getByRole('region', { name: 'Lista de obras de arte especiais' })
    await expect(list.getByRole('combobox', { name: 'Situação' })).toContainText('Atrasada')
    const row = list.locator(`tr[data-feature="${bridge.featureId}"]`)
    await expect(row).toContainText('Atrasada')
    await snap(page, 'inspection-list-phone')
    await row.getByRole('link', { name: codigo }).click()

    // The bridge's page, then the bridge on the map: overdue, in the colour of its worst note.
    await expect(page.getByTestId('bridge-page')).toHaveAttribute('data-status', 'OVERDUE')
    await expect(page.getByRole('heading', { level: 1 })).toContainText(codigo)
    await expect(page.getByText('Vencimentos por tipo')).toBeVisible()
    await snap(page, 'inspection-bridge-top-phone')
    await page.getByRole('link', { name: 'VER NO MAPA' }).click()
    await expect(card(page)).toHaveAttribute('data-status', 'OVERDUE')
    await expect(card(page)).toHaveAttribute('data-due', bridge.nextDue ?? '')
    const colourBefore = await card(page).getAttribute('data-colour')
    await expect(page.getByTestId('bridge-card-due')).toContainText(br(bridge.nextDue!))
    await expect(page.getByTestId('map')).toHaveAttribute('data-render', 'complete', {
      timeout: budget(30_000),
    })
    await snap(page, 'inspection-map-before-phone')

    // NOVA INSPEÇÃO: the type late is chosen; date today, the inspector the user.
    await card(page).getByRole('button', { name: 'ABRIR' }).click()
    await page.getByRole('button', { name: 'NOVA INSPEÇÃO' }).click()
    const form = page.getByRole('dialog', { name: /Nova inspeção/ })
    await expect(form.getByRole('combobox', { name: 'Tipo de inspeção' })).toContainText(late.type)
    await expect(form.getByRole('textbox', { name: 'Data da inspeção' })).toHaveValue(
      /^\d{2}\/\d{2}\/\d{4}$/,
    )
    await expect(form.getByRole('textbox', { name: 'Inspetor' })).toHaveValue(
      'Administrador do Sistema',
    )
    // SALVAR without notes: the notes are asked for.
    await form.getByRole('button', { name: 'SALVAR' }).click()
    await expect(form.getByText('Escolha a nota.')).toHaveCount(3)
    for (const [note, choice] of [
      ['Estrutural', '5 - Excelente'],
      ['Funcional', '5 - Excelente'],
      ['Durabilidade', '4 - Boa'],
    ]) {
      await form.getByRole('combobox', { name: note }).click()
      await page.getByRole('option', { name: choice }).click()
    }
    await form.getByRole('textbox', { name: 'Recomendações' }).fill('Limpeza das juntas.')
    await form.getByRole('button', { name: 'ADICIONAR ANOMALIA' }).click()
    const anomaly = form.getByRole('group', { name: 'Anomalia 1' })
    await anomaly.getByRole('combobox', { name: 'Elemento', exact: true }).fill('Juntas')
    await anomaly
      .getByRole('textbox', { name: 'Descrição' })
      .fill('Junta de dilatação com detritos')
    await anomaly
      .getByTestId('photo-input')
      .setInputFiles({ name: 'junta.jpg', mimeType: 'image/jpeg', buffer: photo })
    await form
      .getByRole('group', { name: 'Fotos gerais' })
      .getByTestId('photo-input')
      .setInputFiles([
        { name: 'vista-1.jpg', mimeType: 'image/jpeg', buffer: photo },
        { name: 'vista-2.jpg', mimeType: 'image/jpeg', buffer: photo },
      ])
    await expect(form.locator('[data-testid="form-photo"][data-sent="true"]')).toHaveCount(3, {
      timeout: budget(30_000),
    })
    await snap(page, 'inspection-form-phone')
    await form.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Inspeção registrada.')).toBeVisible()
    await expect(form).toBeHidden()

    // The page follows: no longer overdue, the new inspection first in the history.
    const after = await bridgeOf(request, token, bridge.featureId)
    expect(after.status).not.toBe('OVERDUE')
    expect(after.worstNote).toBe(4)
    await expect(page.getByTestId('bridge-page')).toHaveAttribute('data-status', after.status)
    await expect(page.getByTestId('bridge-next-due')).toContainText(br(after.nextDue!))
    const history = page.getByRole('table', { name: 'Histórico de inspeções' })
    await history.getByRole('button', { name: `Abrir inspeção de ${br(after.last!.date)}` }).click()
    const detail = page.getByRole('dialog', { name: /Inspeção .* de / })
    await expect(detail.getByText('Junta de dilatação com detritos')).toBeVisible()
    await expect(detail.getByRole('img')).toHaveCount(3)
    // Every photo is drawn (its thumbnail served through ?token=).
    await expect
      .poll(() =>
        detail
          .getByRole('img')
          .evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true)
    await snap(page, 'inspection-detail-phone')
    await detail.getByRole('button', { name: 'FECHAR' }).click()
    await snap(page, 'inspection-bridge-phone')

    // The map: the bridge's colour (worst note 4, Boa) and its due date changed.
    await page.getByRole('link', { name: 'VER NO MAPA' }).click()
    await expect(card(page)).toHaveAttribute('data-status', after.status)
    await expect(card(page)).toHaveAttribute('data-colour', '#7cb342')
    expect(colourBefore).not.toBe('#7cb342')
    await expect(card(page)).toHaveAttribute('data-due', after.nextDue!)
    await expect(page.getByTestId('bridge-card-due')).toContainText(br(after.nextDue!))
    await expect(page.getByTestId('bridge-card-note')).toHaveText('4 - Boa')
    await snap(page, 'inspection-map-after-phone')

    // PAINEL: one overdue fewer.
    await page.getByRole('tab', { name: 'PAINEL' }).click()
    await expect(count(page, 'overdue')).toHaveText(String(before.overdue - 1))
    const counts = await summaryOf(request, token)
    expect(counts.overdue).toBe(before.overdue - 1)
    for (const key of ['due30', 'due90', 'ok'] as const)
      await expect(count(page, key)).toHaveText(String(counts[key]))
  })

  test('on a desktop, the panel, the map and the list with a filter', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await signIn(page, ADMIN, '/inspection')
    await expect(page.getByRole('button', { name: 'EXPORTAR XLSX' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'TIPOS DE INSPEÇÃO' })).toBeVisible()
    await expect(page.getByRole('img', { name: /^Inspeções por ano:/ })).toBeVisible()
    await snap(page, 'inspection-panel-desktop')

    await page.getByRole('tab', { name: 'MAPA' }).click()
    await expect(page.getByTestId('inspection-map')).not.toHaveAttribute('data-bridges', '0')
    await expect(page.getByText('Atrasada ou nunca inspecionada')).toBeVisible()
    await expect(page.getByTestId('map')).toHaveAttribute('data-render', 'complete', {
      timeout: budget(30_000),
    })
    await snap(page, 'inspection-map-desktop')

    await page.getByRole('tab', { name: 'LISTA' }).click()
    const list = page.getByRole('region', { name: 'Lista de obras de arte especiais' })
    await expect(list.locator('tbody tr[data-feature]').first()).toBeVisible()
    await list.getByRole('button', { name: 'Filtro' }).click()
    await expect(list.getByRole('button', { name: 'BUSCAR' })).toBeVisible()
    await snap(page, 'inspection-list-desktop')

    // A bridge's page: dues, the notes' trend, the history. Sorted by the worst note, the first
    // row is a bridge with inspections (bridges never inspected sort last).
    const first = list.locator('tbody tr[data-feature]').first()
    await list.getByRole('button', { name: 'Pior nota' }).click()
    await expect(first).toContainText(/[1-5] - /)
    await first.getByRole('link').click()
    await expect(page.getByRole('img', { name: /^Evolução das notas:/ })).toBeVisible()
    await snap(page, 'inspection-bridge-desktop')
    await page.getByRole('link', { name: 'VOLTAR' }).click()

    // The types editor (administrators).
    await page.getByRole('button', { name: 'TIPOS DE INSPEÇÃO' }).click()
    const types = page.getByRole('dialog', { name: 'Tipos de inspeção' })
    await expect(types.getByRole('textbox', { name: 'Nome' }).first()).toHaveValue('Cadastral')
    await snap(page, 'inspection-types-desktop')
    await types.getByRole('button', { name: 'CANCELAR' }).click()
  })
})
