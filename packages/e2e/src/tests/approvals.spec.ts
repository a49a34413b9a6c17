import type { APIRequestContext, Page } from '@playwright/test'
import { ADMIN, DEMO, DESKTOP, PHONE, baseUrl, expect, test, unique } from '../fixtures'
import { saveFeatureWindow } from '../steps/feature-window'
import { openMap } from '../steps/map'
import { countWhere } from '../steps/map-data'
import { mapBox } from '../steps/map-pixels'
import { snap } from '../steps/pictures'
import { apiToken, createUser, resetWorkspace, signIn, signOut } from '../steps/session'
import { openTool, openTools, openToolWindow } from '../steps/tools'
import { budget } from '../slowdown'

type Json = Record<string, unknown>

const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVRYhe2WAQkAQAwCl8ScRrxYH2PPOFgAET03KV/drCuIgtChmqHYMtbxE8GIDtUMxZaxDqH4oKFDNUOxZcghBGOdjhwe1wexOTR5lhHMNQAAAABJRU5ErkJggg==',
  'base64',
)

const FLAGS = {
  readFeature: true,
  updateFeature: true,
  createFeature: true,
  deleteFeature: true,
  createFeatureAttachment: true,
  readFeatureAttachment: true,
  deleteFeatureAttachment: true,
}

/**
 * A field user whose group edits `oae` with 'Enviar para aprovação' on, set up as the control
 * panel does it (groups API); answers the user's API token.
 */
async function moderatedUser(request: APIRequestContext) {
  const headers = { authorization: await apiToken(request, ADMIN) }
  const user = { username: unique('campo'), password: 'campo-senha-1', name: 'Técnico de campo' }
  const userId = await createUser(request, user)
  const made = await request.post(`${baseUrl()}/api/groups`, {
    headers,
    data: { name: unique('Campo moderado '), description: 'Edições vão para aprovação' },
  })
  expect(made.status()).toBe(201)
  const groupId = Number(made.headers().location?.split('/').at(-1))
  const perms = await request.put(`${baseUrl()}/api/groups/${groupId}/permissions`, {
    headers,
    data: [{ layer: 'oae', ...FLAGS, submitForReview: true }],
  })
  expect(perms.status()).toBe(200)
  const members = await request.put(`${baseUrl()}/api/groups/${groupId}/members`, {
    headers,
    data: { userIds: [userId] },
  })
  expect(members.status()).toBe(200)
  return { ...user, token: await apiToken(request, user), admin: headers }
}

async function feature(request: APIRequestContext, headers: Record<string, string>, id: number) {
  const res = await request.get(`${baseUrl()}/api/features/oae/${id}`, { headers })
  expect(res.status()).toBe(200)
  return (await res.json()) as { attributes: Record<string, unknown>; version: string }
}

const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name })

/** The demo's moderated user: 'Coletores de dados' submit oae and placas for review. */
const CAMPO = { username: 'campo', password: 'campo1234' }
const OAE_TITLE = 'Obras de arte especiais (pontes e viadutos)'

/** A live bridge no other test edits (features.spec takes 12, 15, …; the one above 2 and 3). */
async function untouchedBridge(request: APIRequestContext, headers: Record<string, string>) {
  for (const id of [31, 32, 34, 35]) {
    const res = await request.get(`${baseUrl()}/api/features/oae/${id}`, { headers })
    if (res.status() !== 200) continue
    const found = (await res.json()) as {
      id: number
      attributes: Record<string, unknown>
      version: string
    }
    if (found.attributes.d_e_l_e_t_ !== true) return found
  }
  throw new Error('no untouched bridge in the demo data')
}

/** Signs in as `campo` with the feature window open on a bridge (as Expandir leaves it). */
async function openFeatureWindow(
  page: Page,
  request: APIRequestContext,
  token: string,
  id: number,
) {
  await saveFeatureWindow(request, token, [{ layer: 'oae', id }])
  await signIn(page, CAMPO)
  await page.getByRole('navigation').getByRole('link', { name: 'ÁREA DE TRABALHO' }).click()
  await expect(page.getByRole('tab', { name: 'DADOS', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  )
}

test.describe('approvals', () => {
  test(
    'a moderated user submits; the administrator reviews with the photo, approves one and rejects another',
    { tag: '@db' },
    async ({ page, request }) => {
      const field = await moderatedUser(request)
      const before2 = await feature(request, field.admin, 2)
      const before3 = await feature(request, field.admin, 3)
      const description = unique('Vistoria de campo ')
      const submitted = await request.post(`${baseUrl()}/api/approvals`, {
        headers: { authorization: field.token },
        multipart: {
          payload: JSON.stringify({
            description,
            items: [
              {
                layer: 'oae',
                featureId: 2,
                action: 'UPDATE',
                attributes: { largura: 14.5, sentido: 'Norte' },
                attachments: [{ part: 'foto', description: 'Junta de dilatação' }],
              },
              { layer: 'oae', featureId: 3, action: 'UPDATE', attributes: { tipo: 'passarela' } },
            ],
          }),
          foto: { name: 'junta.png', mimeType: 'image/png', buffer: PHOTO },
        },
      })
      expect(submitted.status(), await submitted.text()).toBe(201)
      // Nothing changes until a decision.
      expect((await feature(request, field.admin, 2)).version).toBe(before2.version)

      await page.setViewportSize({ width: 1600, height: 900 })
      await signIn(page, ADMIN)
      await openToolWindow(page, 'APROVAÇÕES')
      await expect(page.getByRole('heading', { name: 'Gerenciar Aprovações' })).toBeVisible()
      for (const column of [
        'Usuário',
        'Data de Criação',
        'Data de Revisão',
        'Descrição',
        'Mudanças',
        'Aceitas',
        'Rejeitadas',
        'Status',
        'Ações',
      ]) {
        await expect(page.getByRole('columnheader', { name: column })).toBeVisible()
      }
      await page.getByRole('button', { name: 'ATUALIZAR' }).click()
      const row = page.getByRole('row').filter({ hasText: description })
      await expect(row).toContainText(field.username)
      await expect(row).toContainText('Pendente')
      // Sorting by a column asks the server again, newest first on a second click.
      await page.getByRole('columnheader', { name: 'Data de Criação' }).click()
      await expect(page.getByRole('row').nth(1)).toContainText(description)
      await snap(page, 'approvals-list')

      await row.getByRole('button', { name: 'Revisar' }).click()
      await expect(tab(page, /^APROVAR \/ REJEITAR/)).toHaveAttribute('aria-selected', 'true')
      await expect(page.getByRole('heading', { name: description })).toBeVisible()
      await expect(page.getByText('Criado por')).toBeVisible()
      await expect(page.getByText('Criado em')).toBeVisible()
      await expect(page.getByText('Revisado em')).toBeVisible()
      await expect(page.getByText('Selecione um item para iniciar')).toBeVisible()

      const items = page.getByRole('row').filter({ hasText: 'Atualização' })
      await expect(items).toHaveCount(2)
      // Items name their layer by its title, as the map does.
      await expect(items.nth(0)).toContainText('Obras de arte especiais')
      await items.nth(0).click()
      await expect(page.getByRole('button', { name: 'APROVAR', exact: true })).toBeEnabled()
      const largura = page.getByRole('row').filter({ hasText: 'Largura (m)' })
      // values read as pt-BR writes them: decimal comma
      await expect(largura).toContainText(String(before2.attributes.largura).replace('.', ','))
      await expect(largura).toContainText('14,5')
      await expect(largura).toHaveAttribute('data-changed', 'true')
      await expect(page.getByTestId('approval-geometry')).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Imagens e Anexos' })).toBeVisible()
      const thumb = page.getByRole('button', { name: 'junta.png' })
      await expect(thumb.locator('img')).toHaveJSProperty('complete', true)
      expect(await thumb.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(
        48,
      )
      await snap(page, 'approvals-review')
      // At 1280 px the items table keeps its columns inside its card and APROVAR is in view.
      await page.setViewportSize(DESKTOP)
      await expect(page.getByRole('button', { name: 'APROVAR', exact: true })).toBeInViewport()
      await expect(page.getByRole('columnheader', { name: 'Criado' })).toBeInViewport({ ratio: 1 })
      await page.setViewportSize(PHONE)
      await snap(page, 'approvals-review-phone')
      await page.setViewportSize(DESKTOP)
      await thumb.click()
      await expect(page.getByRole('dialog').getByText('1 de 1', { exact: true })).toBeVisible()
      await page.keyboard.press('Escape')

      await page.getByRole('button', { name: 'APROVAR', exact: true }).click()
      await expect(page.getByText('Mudança aceita')).toBeVisible()
      await expect(items.nth(0)).toContainText('Aceito')
      await expect(page.getByRole('button', { name: 'APROVAR', exact: true })).toBeDisabled()
      await expect(page.getByRole('button', { name: 'REJEITAR', exact: true })).toBeDisabled()

      await items.nth(1).click()
      await expect(page.getByRole('row').filter({ hasText: 'Tipo' }).first()).toContainText(
        'passarela',
      )
      await page.getByRole('button', { name: 'REJEITAR', exact: true }).click()
      await expect(page.getByText('Mudança rejeitada')).toBeVisible()
      await expect(items.nth(1)).toContainText('Rejeitado')
      await expect(page.locator('text="Revisado" >> visible=true')).toBeVisible()
      await expect(page.getByText(/1 aceita, 1 rejeitada/)).toBeVisible()
      await snap(page, 'approvals-review-decided')

      // The layer has the approved change only; the history names the field user.
      const after2 = await feature(request, field.admin, 2)
      expect(after2.attributes.largura).toBe(14.5)
      expect(after2.attributes.sentido).toBe('Norte')
      expect((await feature(request, field.admin, 3)).attributes.tipo).toBe(before3.attributes.tipo)
      const history = (await (
        await request.get(`${baseUrl()}/api/audit/oae/2`, { headers: field.admin })
      ).json()) as { user: string; action: string }[]
      expect(history[0]).toMatchObject({ user: field.username, action: 'U' })
      const photos = (await (
        await request.get(`${baseUrl()}/api/features/oae/2/attachments`, { headers: field.admin })
      ).json()) as { filename: string }[]
      expect(photos.map((p) => p.filename)).toContain('junta.png')

      // The list shows the decision; its state survives closing and reopening.
      await tab(page, /^APROVAÇÕES/).click()
      await page.getByRole('button', { name: 'ATUALIZAR' }).click()
      await expect(page.getByRole('row').filter({ hasText: description })).toContainText('Revisado')
    },
  )

  test(
    'the demo moderated user edits through the feature window; the administrator approves; DADOS and HISTÓRIA show it',
    { tag: '@db' },
    async ({ page, request }) => {
      const campo = { token: await apiToken(request, CAMPO) }
      const admin = { authorization: await apiToken(request, ADMIN) }
      const bridge = await untouchedBridge(request, admin)
      const next = String(Math.round(Number(bridge.attributes.largura ?? 0) * 10 + 13) / 10 + 2)
      await page.setViewportSize({ width: 1600, height: 900 })
      await openFeatureWindow(page, request, campo.token, bridge.id)

      // DADOS: SALVAR sends the change for approval instead of saving it.
      const title = page.getByTestId('feature-title')
      await expect(title).toContainText(`Feição · ${OAE_TITLE} · ${bridge.id}`)
      await expect(page.getByTestId('feature-pending')).toHaveCount(0)
      await expect(page.getByTestId('moderated-notice')).toHaveText(
        'Suas alterações neste layer são enviadas para aprovação de um administrador antes de valer.',
      )
      const field = page.getByLabel('Largura (m)')
      await field.fill(next.replace('.', ','))
      await page.getByRole('button', { name: 'SALVAR' }).click()
      await expect(page.getByText('Mudança enviada para aprovação')).toBeVisible()
      await expect(page.getByText('Dados gravados com sucesso!')).toHaveCount(0)
      await expect(page.getByTestId('feature-pending')).toHaveText('Aguardando aprovação')
      // The form shows the feature as it still is, the value sent under it; the layer has not
      // changed.
      await expect(field).toHaveValue(String(bridge.attributes.largura ?? '').replace('.', ','))
      await expect(
        page.getByText(`Aguardando aprovação: ${next.replace('.', ',')}`, { exact: true }),
      ).toBeVisible()
      expect((await feature(request, admin, bridge.id)).version).toBe(bridge.version)
      await snap(page, 'approvals-moderated-sent')

      // DOCUMENTOS: the photo waits for approval too. The first message goes first (6 s), so
      // the one seen after the upload is the upload's.
      await expect(page.getByText('Mudança enviada para aprovação')).toHaveCount(0)
      await page.getByRole('tab', { name: 'DOCUMENTOS', exact: true }).click()
      await page.getByRole('button', { name: 'ADICIONAR' }).click()
      const attach = page.getByRole('dialog', { name: 'Anexar arquivo' })
      await attach
        .getByTestId('attach-input')
        .setInputFiles({ name: 'vistoria-campo.png', mimeType: 'image/png', buffer: PHOTO })
      await attach.getByLabel('Descrição').fill('Aparelho de apoio')
      await attach.getByRole('button', { name: 'CARREGAR' }).click()
      await expect(attach).toBeHidden()
      await expect(page.getByText('Mudança enviada para aprovação')).toBeVisible()
      await expect(page.getByText('Arquivo anexado com sucesso!')).toHaveCount(0)
      await expect(page.getByTestId('documents')).not.toContainText('vistoria-campo.png')

      // The administrator finds it in Gerenciar Aprovações and approves it.
      await signOut(page)
      await signIn(page, ADMIN)
      await openTool(page, 'APROVAÇÕES')
      await page.getByRole('button', { name: 'ATUALIZAR' }).click()
      const row = page
        .getByRole('row')
        .filter({ hasText: `Atualização da feição ${bridge.id} em ${OAE_TITLE}` })
      await expect(row).toContainText(CAMPO.username)
      await expect(row).toContainText('Pendente')
      await row.getByRole('button', { name: 'Revisar' }).click()
      const item = page.getByRole('row').filter({ hasText: 'Atualização' }).first()
      await item.click()
      const largura = page.getByRole('row').filter({ hasText: 'Largura (m)' })
      await expect(largura).toContainText(next.replace('.', ','))
      await expect(largura).toHaveAttribute('data-changed', 'true')
      await page.getByRole('button', { name: 'APROVAR', exact: true }).click()
      await expect(page.getByText('Mudança aceita')).toBeVisible()
      await expect(item).toContainText('Aceito')
      await snap(page, 'approvals-moderated-approved')

      // The photo's approval: the file shown in 'Imagens e Anexos', then approved.
      await tab(page, /^APROVAÇÕES/).click()
      await page
        .getByRole('row')
        .filter({ hasText: `Anexo vistoria-campo.png na feição ${bridge.id}` })
        .getByRole('button', { name: 'Revisar' })
        .click()
      const upload = page.getByRole('row').filter({ hasText: 'Atualização' }).first()
      await upload.click()
      const thumb = page.getByRole('button', { name: 'vistoria-campo.png' })
      await expect(thumb.locator('img')).toHaveJSProperty('complete', true)
      // Approved after the width change: a file does not depend on the feature's values.
      await expect(
        page.getByText('Esta mudança só anexa arquivos à feição: veja-os em Imagens e Anexos'),
      ).toBeVisible()
      await expect(page.getByText('A feição foi alterada desde o envio')).toHaveCount(0)
      await snap(page, 'approvals-moderated-photo')
      await page.getByRole('button', { name: 'APROVAR', exact: true }).click()
      await expect(upload).toContainText('Aceito')

      // The moderated user sees the change applied, no longer pending, and who approved it.
      await signOut(page)
      await openFeatureWindow(page, request, campo.token, bridge.id)
      await expect(page.getByLabel('Largura (m)')).toHaveValue(next.replace('.', ','))
      await expect(page.getByTestId('feature-pending')).toHaveCount(0)
      await page.getByRole('tab', { name: 'DOCUMENTOS', exact: true }).click()
      await expect(page.getByTestId('documents')).toContainText('vistoria-campo.png')
      await expect(page.getByTestId('documents')).toContainText('Aparelho de apoio')
      await page.getByRole('tab', { name: 'HISTÓRIA', exact: true }).click()
      const change = page.getByRole('row').filter({ hasText: 'Atualização' }).first()
      await expect(change).toContainText(CAMPO.username)
      await expect(change).toContainText(`aprovado por ${ADMIN.username}`)
      await snap(page, 'approvals-moderated-history')
    },
  )

  test(
    'the moderated user draws a new bridge in the geometry editor: it goes to review, not to the layer',
    { tag: '@db' },
    async ({ page, request }) => {
      const admin = { authorization: await apiToken(request, ADMIN) }
      const campo = await apiToken(request, CAMPO)
      await resetWorkspace(request, campo)
      await page.setViewportSize(DESKTOP)
      await signIn(page, CAMPO)
      // Over the sea off Ilhabela: no demo feature near.
      await openMap(page, { lat: -24.0, lon: -45.6, z: 14 })
      await openTool(page, 'CRIAR FEIÇÃO')
      const panel = page.getByRole('region', { name: 'Editor de geometria' })
      await panel.getByRole('combobox', { name: 'Layer' }).click()
      await page.getByRole('option', { name: OAE_TITLE, exact: true }).click()
      await panel.getByRole('button', { name: 'INSERIR' }).click()
      const box = await mapBox(page)
      await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5)
      await expect(panel.getByLabel('Geometria (WKT, EPSG:4326)')).toHaveValue(/^POINT\(/)
      await panel.getByRole('button', { name: 'SALVAR' }).click()
      const form = page.getByRole('dialog', { name: 'Atributos da nova feição' })
      const code = unique('OAE-CAMPO-')
      await form.getByLabel('Procurar atributo').fill('Código')
      await form.getByLabel('Código', { exact: true }).fill(code)
      await form.getByRole('button', { name: 'Salvar', exact: true }).click()
      await expect(page.getByText('Mudança enviada para aprovação')).toBeVisible()
      await expect(page.getByText(/Feição \d+ criada em/)).toHaveCount(0)
      await expect(form).toBeHidden()
      await snap(page, 'approvals-moderated-editor')

      // The layer has no such bridge; an approval by campo proposes it.
      const list = (await (
        await request.get(`${baseUrl()}/api/approvals/all?filter=${CAMPO.username}`, {
          headers: admin,
        })
      ).json()) as { id: number; description: string }[]
      const approval = list.find((a) => a.description === `Inserção em ${OAE_TITLE}`)
      expect(approval).toBeDefined()
      const items = (await (
        await request.get(`${baseUrl()}/api/approvals/${approval!.id}/items`, { headers: admin })
      ).json()) as {
        data: { action: string; featureId: number | null; data: Json; geom: string }[]
      }
      expect(items.data[0]).toMatchObject({
        action: 'INSERT',
        featureId: null,
        data: { codigo: code },
      })
      const [lon, lat] = /POINT\((\S+) (\S+)\)/.exec(items.data[0]!.geom)!.slice(1).map(Number)
      expect(lon).toBeCloseTo(-45.6, 2)
      expect(lat).toBeCloseTo(-24.0, 2)
    },
  )

  test('a moderated import is one approval: its items filtered and approved all at once', async ({
    page,
    request,
  }) => {
    // campo imports 30 signs (through the API, as the wizard does): one approval of 30 items.
    const token = await apiToken(request, CAMPO)
    const file = unique('placas-campo-')
    const road = unique('SP-').slice(0, 12)
    const lines = ['codigo;rodovia;km;lon;lat']
    for (let i = 0; i < 30; i++) lines.push(`C-${i};${road};${i},5;-46,${100 + i};-23,5`)
    const up = await request.post(`${baseUrl()}/api/dataloader/import`, {
      headers: { authorization: token },
      multipart: {
        file: { name: `${file}.csv`, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) },
      },
    })
    expect(up.status()).toBe(201)
    const { id } = (await up.json()) as { id: number }
    const status = async () =>
      (
        (await (
          await request.get(`${baseUrl()}/api/dataloader/${id}/status`, {
            headers: { authorization: token },
          })
        ).json()) as { status: string }
      ).status
    await expect.poll(status, { timeout: budget(60_000) }).toBe('CREATED')
    const run = await request.post(`${baseUrl()}/api/dataloader/${id}/execute`, {
      headers: { authorization: token },
      data: {
        destinyType: 0,
        layerName: 'placas',
        mappings: [
          { source: 'codigo', destiny: 'codigo_ctb' },
          { source: 'rodovia', destiny: 'rodovia' },
          { source: 'km', destiny: 'km' },
        ],
        spatializeType: 'generate',
        spatializeMode: 'all',
        spatializeVertices: [{ x: 'lon', y: 'lat' }],
      },
    })
    expect(run.status(), await run.text()).toBe(202)
    await expect.poll(status, { timeout: budget(120_000) }).toBe('COMPLETE')

    await page.setViewportSize({ width: 1600, height: 900 })
    await signIn(page, ADMIN)
    await openToolWindow(page, 'APROVAÇÕES')
    const row = page.getByRole('row').filter({ hasText: file })
    await expect(row).toContainText('Pendente')
    await row.getByRole('button', { name: 'Revisar' }).click()
    await expect(page.getByRole('heading', { name: new RegExp(file) })).toBeVisible()
    await expect(page.getByText('30 de 30 itens')).toBeVisible()

    // Filtered by status: none is accepted yet, so nothing to decide.
    await page.getByRole('combobox', { name: 'Situação', exact: true }).click()
    await page.getByRole('option', { name: 'Aceito' }).click()
    await expect(page.getByText('0 de 30 itens')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Aprovar todos os filtrados' })).toBeDisabled()
    await page.getByRole('combobox', { name: 'Situação', exact: true }).click()
    await page.getByRole('option', { name: 'Pendente' }).click()
    await page.getByRole('combobox', { name: 'Ação', exact: true }).click()
    await page.getByRole('option', { name: 'Inserção' }).click()
    await expect(page.getByText('30 de 30 itens')).toBeVisible()
    await snap(page, 'approvals-bulk-filter')

    await page.getByRole('button', { name: 'Aprovar todos os filtrados' }).click()
    const confirm = page.getByRole('dialog')
    await expect(confirm.getByText('Aprovar 30 itens pendentes?')).toBeVisible()
    await snap(page, 'approvals-bulk-confirm')
    await confirm.getByRole('button', { name: 'Aprovar todos os filtrados' }).click()
    await expect(page.getByText('30 itens decididos.')).toBeVisible()
    // Pending ones: none left; the approval is reviewed.
    await expect(page.getByText('0 de 30 itens')).toBeVisible()
    await expect(page.locator('text="Revisado" >> visible=true')).toBeVisible()

    const admin = await apiToken(request, ADMIN)
    expect(await countWhere(request, admin, 'placas', 'rodovia', road)).toBe(30)
  })

  test('an ordinary user has no APROVAÇÕES tool and the API refuses', async ({ page, request }) => {
    await page.setViewportSize(DESKTOP)
    await signIn(page, DEMO)
    await openTools(page)
    await expect(page.getByRole('menuitem', { name: 'APROVAÇÕES' })).toHaveCount(0)
    const token = await apiToken(request, DEMO)
    const res = await request.get(`${baseUrl()}/api/approvals/all`, {
      headers: { authorization: token },
    })
    expect(res.status()).toBe(403)
  })
})
