import type { APIRequestContext } from '@playwright/test'
import { ADMIN, DESKTOP, PHONE, baseUrl, expect, test, unique } from '../fixtures'
import { newField, openSection, selectTab } from '../steps/admin'
import { snap } from '../steps/pictures'
import { apiToken, createUser, signIn, signOut } from '../steps/session'
import { openFromDashboard } from '../steps/tools'
import { budget } from '../slowdown'

test.describe('administration windows', () => {
  test('the administrator cannot deactivate or demote their own account', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await signIn(page, ADMIN)
    await openFromDashboard(page, 'Usuários')
    await page.getByLabel('Procurar usuário').fill('admin')
    const ownActive = page.getByRole('switch', { name: 'Conta de admin ativa' })
    const ownAdmin = page.getByRole('switch', { name: 'admin é administrador' })
    await expect(ownActive).toBeDisabled()
    await expect(ownAdmin).toBeDisabled()
    await expect(ownActive).toHaveAccessibleDescription(
      'Não é possível desativar o próprio usuário',
    )
    await expect(ownAdmin).toHaveAccessibleDescription(
      'Não é possível remover as próprias permissões de administrador',
    )
    // The reason shows on hover.
    await page.getByTestId('admin-locked').hover()
    await expect(page.getByRole('tooltip')).toHaveText(
      'Não é possível remover as próprias permissões de administrador',
    )
    await snap(page, 'users-self-locked-desktop')

    // Another user's switches stay enabled.
    await page.getByLabel('Procurar usuário').fill('demo')
    await expect(page.getByRole('switch', { name: 'Conta de demo ativa' })).toBeEnabled()
    await expect(page.getByRole('switch', { name: 'demo é administrador' })).toBeEnabled()
  })

  test('the sign-in list shows browser and system names, not user-agent strings', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP)
    await signIn(page, ADMIN)
    await openFromDashboard(page, 'Acessos ao sistema')
    const panel = page.getByRole('tabpanel')
    await expect(panel.getByRole('columnheader', { name: 'Navegador' })).toBeVisible()
    await expect(panel.getByRole('columnheader', { name: 'Sistema' })).toBeVisible()
    // The newest record is this sign-in, from Chromium on Linux.
    const newest = panel.getByRole('row').nth(1)
    await expect(newest.getByRole('cell').nth(4)).toHaveText(/Chrom/)
    await expect(newest.getByRole('cell').nth(5)).toHaveText(/Linux/)
    await expect(panel.getByText('Mozilla/5.0')).toHaveCount(0)
    await snap(page, 'logins-desktop')
    await page.setViewportSize(PHONE)
    await snap(page, 'logins-phone')
  })
})

async function adminApi(request: APIRequestContext) {
  const token = await apiToken(request, ADMIN)
  return { authorization: token }
}

test.describe('control panel', () => {
  test('the layer editor chooses the field that names the features in lists', async ({
    page,
    request,
  }) => {
    const headers = await adminApi(request)
    const url = `${baseUrl()}/api/layers/municipios`
    const before = (await (await request.get(url, { headers })).json()) as Record<string, any>
    expect(before).toMatchObject({ displayField: null, labelField: 'nome' })
    try {
      await page.setViewportSize(DESKTOP)
      await signIn(page, ADMIN)
      await page.getByRole('navigation').getByRole('link', { name: 'PAINEL DE CONTROLE' }).click()
      await page.getByRole('tab', { name: 'Layers', exact: true }).click()
      await page.getByLabel('Procurar layer').fill('Municípios')
      await page.getByRole('button', { name: 'Editar Municípios' }).click()
      const editor = page.getByRole('dialog', { name: /Municípios/ })
      const field = editor.getByRole('combobox', { name: 'Campo de exibição' })
      await expect(field).toHaveText('Automático (Nome)')
      await snap(page, 'dashboard-layer-display-field-desktop')
      await page.setViewportSize(PHONE)
      await expect(field).toBeVisible()
      await snap(page, 'dashboard-layer-display-field-phone')
      await page.setViewportSize(DESKTOP)

      // Only text fields are offered (População is a number).
      await field.click()
      await expect(page.getByRole('option', { name: 'População' })).toHaveCount(0)
      await page.getByRole('option', { name: 'UF', exact: true }).click()
      // The municipalities' map made public: its tiles for anyone (a CDN may keep them).
      const open = editor.getByRole('switch', {
        name: 'Mapa público (blocos sem login, cacheáveis por CDN)',
      })
      await expect(open).not.toBeChecked()
      await open.check()
      await editor.getByRole('button', { name: 'SALVAR' }).click()
      await expect(page.getByText('Dados gravados com sucesso!')).toBeVisible()
      const after = (await (await request.get(url, { headers })).json()) as Record<string, any>
      expect(after).toMatchObject({ displayField: 'uf', labelField: 'uf', public: true })
      const tile = await request.get(
        `${baseUrl()}/api/tiles/municipios/8/94/145.pbf?v=${after.dataVersion}`,
      )
      expect(tile.status()).toBe(200)
      expect(tile.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
    } finally {
      await request.put(`${baseUrl()}/api/layers/${before.id}`, {
        headers,
        data: {
          title: before.title,
          queryable: before.queryable,
          attributes: (before.attributes as { name: string; title: string; tooltip: string }[])
            .filter((a) => !['id', 'uuid', 'geom', 'd_e_l_e_t_', 'm_o_d_i_f_'].includes(a.name))
            .map((a) => ({ name: a.name, title: a.title, tooltip: a.tooltip })),
          layout: before.layout,
          domains: before.domains,
          style: before.style,
          displayField: null,
          public: false,
        },
      })
    }
  })

  test('an administrator activates an account from the activation queue', async ({
    page,
    request,
  }) => {
    const username = unique('fila')
    const password = 'senha-da-fila-1'
    const created = await request.post(`${baseUrl()}/api/users`, {
      headers: await adminApi(request),
      data: {
        username,
        password,
        name: 'Pessoa na Fila',
        email: `${username}@example.com`,
        sector: 'Obras',
        active: false,
      },
    })
    expect(created.status()).toBe(201)
    // Not active: the account cannot sign in yet.
    const before = await request.post(`${baseUrl()}/auth/login`, { data: { username, password } })
    expect(before.headers().authorization).toBeUndefined()

    await page.setViewportSize(DESKTOP)
    await signIn(page, ADMIN)
    await openSection(page, 'Usuários')
    const queue = page.getByRole('region', { name: /Aguardando ativação \(\d+\)/ })
    await expect(queue.getByText(`${username} · Pessoa na Fila`)).toBeVisible()
    await snap(page, 'dashboard-users-desktop')
    await queue.getByRole('button', { name: `Ativar ${username}` }).click()
    await expect(
      page.getByText(`Conta de ${username} ativada. O usuário foi avisado por e-mail.`),
    ).toBeVisible()
    await expect(queue.getByText(`${username} · Pessoa na Fila`)).toHaveCount(0)
    // The table below shows it active.
    await page.getByLabel('Procurar usuário').fill(username)
    await expect(page.getByRole('switch', { name: `Conta de ${username} ativa` })).toBeChecked()
    expect((await apiToken(request, { username, password })).length).toBeGreaterThan(10)
  })

  test('creates a table with fields through the Nova tabela dialog, with the name rules', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP)
    await signIn(page, ADMIN)
    await openSection(page, 'Tabelas e campos')
    await page.getByRole('button', { name: 'NOVA TABELA' }).click()
    const dialog = page.getByRole('dialog', { name: 'Nova tabela' })
    const name = dialog.getByLabel('Nome')

    // A reserved word of PostgreSQL is refused with the message; a leading digit cannot be typed.
    await name.fill('select')
    await name.blur()
    await expect(
      dialog.getByText('Não é possível criar uma tabela com o nome de select!'),
    ).toBeVisible()
    await dialog.getByRole('button', { name: 'Criar' }).click()
    await expect(
      page.getByText('Não foi possivel criar a tabela, favor corrigir todos os campos.'),
    ).toBeVisible()
    await name.fill('')
    await name.pressSequentially('9')
    await expect(name).toHaveValue('')
    await expect(dialog.getByText('É necessário informar um nome!')).toBeVisible()

    const table = unique('obras_')
    await name.fill(table)
    await expect(
      dialog.getByText('Letras minúsculas, números e _; não pode começar com número'),
    ).toBeVisible()
    await dialog.getByLabel('Tipo de geometria').selectOption('Polygon')

    const addField = (field: string, type?: string) => newField(page, dialog, field, type)
    let nested = await addField('situacao')
    await expect(nested.getByLabel('Tamanho')).toHaveValue('32')
    await nested.getByRole('button', { name: 'ADICIONAR' }).click()
    await expect(nested).toBeHidden()

    // The same name twice, and a special field: refused in the nested dialog.
    nested = await addField('situacao')
    await nested.getByRole('button', { name: 'ADICIONAR' }).click()
    await expect(nested.getByText('Já existe um campo com esse nome')).toBeVisible()
    await nested.getByLabel('Nome').fill('geom')
    await nested.getByRole('button', { name: 'ADICIONAR' }).click()
    await expect(
      nested.getByText('Não é possível criar um campo com o nome de geom!'),
    ).toBeVisible()
    await nested.getByLabel('Nome').fill('')
    await nested.getByRole('button', { name: 'ADICIONAR' }).click()
    await expect(nested.getByText('O nome não pode ser vazio.')).toBeVisible()
    await nested.getByRole('button', { name: 'CANCELAR' }).click()

    nested = await addField('extensao', 'Número de precisão exata')
    await expect(nested.getByLabel('Precisão')).toHaveValue('12')
    await expect(nested.getByLabel('Escala')).toHaveValue('6')
    await nested.getByRole('button', { name: 'ADICIONAR' }).click()
    nested = await addField('vistoria', 'Data e Hora')
    await nested.getByRole('button', { name: 'ADICIONAR' }).click()
    nested = await addField('concluida', 'Caixa de Seleção')
    await nested.getByRole('button', { name: 'ADICIONAR' }).click()
    await expect(dialog.getByRole('row')).toHaveCount(5)
    await dialog.getByLabel('Buscar campo').fill('vist')
    await expect(dialog.getByRole('row')).toHaveCount(2)
    await dialog.getByLabel('Buscar campo').fill('')
    await snap(page, 'dashboard-new-table-desktop')

    await dialog.getByRole('button', { name: 'Criar' }).click()
    await expect(
      page.getByText(`Tabela ${table} criada. Registre-a como layer para usá-la no mapa.`),
    ).toBeVisible()
    await expect(dialog).toBeHidden()
    await page.getByLabel('Procurar tabela').fill(table)
    const row = page.getByRole('row', { name: new RegExp(table) })
    await expect(row.getByRole('cell').nth(1)).toHaveText('Polígono (Polygon)')
    await expect(row.getByRole('cell').nth(2)).toHaveText('4')

    // Registered as a layer in the Layers section.
    await page.getByRole('tab', { name: 'Layers', exact: true }).click()
    await page.getByRole('button', { name: 'REGISTRAR TABELA' }).click()
    const register = page.getByRole('dialog', { name: 'Registrar tabela como layer' })
    await register.getByLabel('Tabela').click()
    await page.getByRole('option', { name: new RegExp(table) }).click()
    await register.getByLabel('Título').fill('Obras de teste')
    await register.getByRole('button', { name: 'CRIAR' }).click()
    await expect(page.getByText('Layer Obras de teste registrada.')).toBeVisible()
    await page.getByLabel('Procurar layer').fill('Obras de teste')
    await page.getByRole('button', { name: 'Editar Obras de teste' }).click()
    const editor = page.getByRole('dialog', { name: /Obras de teste/ })
    await editor.getByRole('tab', { name: 'ESTILO' }).click()
    await expect(editor.getByRole('img', { name: 'Legenda de Obras de teste' })).toBeVisible()
    await snap(page, 'dashboard-layer-editor-desktop')
    await editor.getByRole('button', { name: 'CANCELAR' }).click()

    // Placed in a new folder of the layer tree.
    await page.getByRole('tab', { name: 'Árvore de layers' }).click()
    await page.getByRole('button', { name: 'NOVA PASTA' }).click()
    const properties = page.getByRole('region', { name: 'Propriedades' })
    await properties.getByLabel('Título').fill('Pasta de teste')
    await page.getByRole('button', { name: 'Layer: Obras de teste' }).click()
    await properties.getByLabel('Pasta').click()
    await page.getByRole('option', { name: 'Pasta de teste' }).click()
    await snap(page, 'dashboard-tree-desktop')
    await page.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Árvore de layers gravada.')).toBeVisible()
    const tree = (await (
      await request.get(`${baseUrl()}/api/mapconfig/layerlayout?all=true`, {
        headers: await adminApi(request),
      })
    ).json()) as { title: string; children: { managedName: string | null }[] }[]
    const folder = tree.find((n) => n.title === 'Pasta de teste')
    expect(folder?.children.map((c) => c.managedName)).toEqual([table])
  })

  test('a permission change in the group matrix applies to the member at once', async ({
    page,
    request,
  }) => {
    const headers = await adminApi(request)
    const layers = (await (
      await request.get(`${baseUrl()}/api/layers?limit=1000`, { headers })
    ).json()) as { name: string; title: string }[]
    const layer = layers[0]!
    const member = { username: unique('membro'), password: 'membro-senha-1', name: 'Membro' }
    const memberId = await createUser(request, member)
    const group = unique('Equipe ')
    const made = await request.post(`${baseUrl()}/api/groups`, {
      headers,
      data: { name: group, description: 'Grupo do teste' },
    })
    expect(made.status()).toBe(201)
    const groupId = Number(made.headers().location?.split('/').at(-1))
    expect(
      (
        await request.put(`${baseUrl()}/api/groups/${groupId}/members`, {
          headers,
          data: { userIds: [memberId] },
        })
      ).status(),
    ).toBe(200)
    const memberToken = await apiToken(request, member)
    const flagsOf = async () =>
      (
        (await (
          await request.get(`${baseUrl()}/auth/permissions`, {
            headers: { authorization: memberToken },
          })
        ).json()) as { layers: Record<string, { readFeature: boolean; updateFeature: boolean }> }
      ).layers[layer.name]
    expect((await flagsOf())?.updateFeature ?? false).toBe(false)

    await page.setViewportSize(DESKTOP)
    await signIn(page, ADMIN)
    await openSection(page, 'Grupos e permissões')
    await page.getByLabel('Procurar grupo').fill(group)
    // The search answers after a pause: a click before it lands on a row that is replaced.
    await expect(page.getByText('1-1 de 1')).toBeVisible()
    await page.getByRole('button', { name: `Permissões e membros de ${group}` }).click()
    await page.getByLabel('Procurar layer').fill(layer.title)
    // Checking Editar checks Visualizar too: without it nothing holds.
    await page.getByRole('checkbox', { name: `Editar em ${layer.title}`, exact: true }).check()
    await expect(
      page.getByRole('checkbox', { name: `Visualizar em ${layer.title}`, exact: true }),
    ).toBeChecked()
    await snap(page, 'dashboard-groups-desktop')
    await page.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Dados gravados com sucesso!')).toBeVisible()
    // The member's very next request has the new flags.
    expect(await flagsOf()).toMatchObject({ readFeature: true, updateFeature: true })

    // The member is not an administrator: the panel refuses them.
    await signOut(page)
    await signIn(page, member, '/dashboard')
    await expect(page.getByTestId('error-code')).toHaveText('403')
    await expect(page.getByText('OPS... Algo de errado aconteceu aqui')).toBeVisible()
  })

  test('adds a WMS and an XYZ base layer', async ({ page }) => {
    // The live preview asks these hosts: answered inside the browser (no network in tests).
    await page.route(/^https:\/\/(wms|tiles)\.example\.com\//, (route) =>
      route.fulfill({ status: 404 }),
    )
    await page.setViewportSize(DESKTOP)
    await signIn(page, ADMIN)
    await openSection(page, 'Mapas base')
    const wms = unique('WMS ')
    await page.getByRole('button', { name: 'NOVO MAPA BASE' }).click()
    let dialog = page.getByRole('dialog', { name: 'Novo mapa base' })
    await dialog.getByLabel('Tipo de fonte').click()
    await page.getByRole('option', { name: 'WMS', exact: true }).click()
    await dialog.getByLabel('Nome').fill(wms)
    await dialog.getByLabel('URL').fill('https://wms.example.com/ows')
    await dialog.getByRole('button', { name: 'CRIAR' }).click()
    await expect(dialog.getByText('É necessário informar o nome do layer WMS')).toBeVisible()
    await dialog.getByLabel('Layers WMS (LAYERS)').fill('ortofoto')
    await dialog.getByLabel('Tipo de servidor').click()
    await page.getByRole('option', { name: 'QGIS Server' }).click()
    await dialog.getByLabel('Tamanho do tile').click()
    await page.getByRole('option', { name: '512 pixels' }).click()
    await snap(page, 'dashboard-base-layer-desktop')
    await dialog.getByRole('button', { name: 'CRIAR' }).click()
    await expect(page.getByText('Dados gravados com sucesso!')).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(wms) })).toBeVisible()

    const xyz = unique('XYZ ')
    await page.getByRole('button', { name: 'NOVO MAPA BASE' }).click()
    dialog = page.getByRole('dialog', { name: 'Novo mapa base' })
    await dialog.getByLabel('Tipo de fonte').click()
    await page.getByRole('option', { name: 'XYZ (tiles)' }).click()
    await dialog.getByLabel('Nome').fill(xyz)
    await dialog.getByLabel('URL').fill('https://tiles.example.com/a/b.png')
    await dialog.getByRole('button', { name: 'CRIAR' }).click()
    await expect(dialog.getByText('A URL de tiles XYZ deve conter {z}, {x} e {y}')).toBeVisible()
    await dialog.getByLabel('URL').fill('https://tiles.example.com/{z}/{x}/{y}.png')
    await dialog.getByLabel('Zoom mínimo').fill('3')
    await dialog.getByLabel('Zoom máximo').fill('18')
    await dialog.getByRole('button', { name: 'CRIAR' }).click()
    await expect(page.getByRole('row', { name: new RegExp(xyz) })).toBeVisible()
    await expect(page.getByRole('row', { name: new RegExp(xyz) })).toContainText('3–18')

    // The remaining sections, looked at.
    await page.getByRole('tab', { name: 'Posição inicial do mapa' }).click()
    await expect(page.getByLabel('Longitude oeste')).not.toHaveValue('')
    await expect(page.getByRole('tabpanel').getByTestId('map')).toHaveAttribute(
      'data-render',
      'complete',
      { timeout: budget(20_000) },
    )
    await snap(page, 'dashboard-map-desktop')
    await selectTab(page, 'Configuração')
    await expect(page.getByLabel('Nome do projeto')).not.toHaveValue('')
    await snap(page, 'dashboard-settings-desktop')
    await page.getByRole('tab', { name: 'Acessos ao sistema' }).click()
    await snap(page, 'dashboard-logins-desktop')
    await page.setViewportSize(PHONE)
    await page.getByRole('tab', { name: 'Usuários' }).click()
    await snap(page, 'dashboard-users-phone')
  })
})
