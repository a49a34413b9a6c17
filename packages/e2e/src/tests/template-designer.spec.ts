import { readFileSync } from 'node:fs'
import type { APIRequestContext, Page } from '@playwright/test'
import { DEFAULT_PRINTABLE } from '@gis/shared'
import { ADMIN, DEMO, DESKTOP, PHONE, baseUrl, expect, test, unique } from '../fixtures'
import { seriousViolations, snap } from '../steps/pictures'
import { apiToken, saveWorkspace, signIn } from '../steps/session'
import { budget } from '../slowdown'

/** A one-pixel PNG for the image library. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGO4I2IDAAL8AS3VzMq8AAAAAElFTkSuQmCC',
  'base64',
)

const cell = (page: Page, name: string) => page.locator(`[data-cell="${name}"]`)
const panel = (page: Page) => page.getByRole('complementary', { name: 'Propriedades' })

/**
 * Signs the demo user in onto a workspace holding one designer window (`props` its state), as
 * the workspace restores it, and shows the workspace.
 */
async function openDesigner(page: Page, request: APIRequestContext, props = {}): Promise<void> {
  const token = await apiToken(request, DEMO)
  await saveWorkspace(request, token, [
    { id: 'w1', type: 'TemplateBuilder', title: 'Editor de Template', props },
  ])
  await page.setViewportSize(DESKTOP)
  await signIn(page, DEMO)
  await page.getByRole('navigation').getByRole('link', { name: 'ÁREA DE TRABALHO' }).click()
}

test.describe('Editor de Template', () => {
  test("opens the demo 'Ficha da Obra de Arte' with no invalid variable", async ({
    page,
    request,
  }) => {
    await openDesigner(page, request)
    await expect(page.getByLabel('Nome da template')).toHaveValue('Nova Template')
    await page.getByRole('button', { name: 'Abrir template' }).click()
    const open = page.getByRole('dialog', { name: 'Templates' })
    await open.getByRole('button', { name: 'Obras de Arte' }).click()
    await open.getByRole('button', { name: 'Ficha da Obra de Arte' }).click()
    await open.getByRole('button', { name: 'Confirmar' }).click()
    await expect(open).toBeHidden()
    await expect(page.getByLabel('Nome da template')).toHaveValue('Ficha da Obra de Arte')
    await expect(cell(page, 'B2')).toContainText('${codigo}')
    await expect(cell(page, 'B4')).toContainText('${km}')
    // No cell is marked, and the cell editor of a field cell says nothing either.
    await expect(page.getByRole('img', { name: /Variável inválida/ })).toHaveCount(0)
    await cell(page, 'B2').click()
    await expect(panel(page).getByRole('textbox').first()).toBeVisible()
    await expect(page.getByText(/Variável inválida/)).toHaveCount(0)
    await snap(page, 'designer-demo-ficha-desktop')
    await page.setViewportSize(PHONE)
    await snap(page, 'designer-demo-ficha-phone')
  })

  test('edit a template (pages, variables, style, group, image), save it and open it again', async ({
    page,
    request,
  }) => {
    test.setTimeout(budget(120_000))
    const name = unique('Ficha E2E')
    await openDesigner(page, request)
    const nameField = page.getByLabel('Nome da template')
    await expect(nameField).toHaveValue('Nova Template')
    await expect(page.getByRole('tab', { name: 'Página 1' })).toBeVisible()
    await nameField.fill(name)

    // A second page, then back to the first.
    await page.getByRole('button', { name: 'Adicionar página' }).click()
    await expect(page.getByRole('tab', { name: 'Página 2' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    // F5 keeps the unsaved template (the window's state is saved with the workspace).
    const stateSaved = page.waitForResponse(
      (r) => r.url().endsWith('/api/users/workspace') && r.request().method() === 'POST',
    )
    await page.getByRole('tab', { name: 'Página 1' }).click()
    await stateSaved
    await page.reload()
    await expect(nameField).toHaveValue(name)
    await expect(page.getByRole('tab', { name: 'Página 2' })).toBeVisible()

    // A value with variables: the unknown ones are marked.
    // A cell is selected by the keyboard (or a click).
    await expect(panel(page).getByText('Selecione uma célula na grade.')).toBeVisible()
    await cell(page, 'A1').focus()
    await page.keyboard.press('Enter')
    await expect(panel(page).getByText('Célula A1')).toBeVisible()
    await panel(page).getByLabel('Valor').fill('Obra ${variable1} ${km} ${desconhecida}')
    await expect(panel(page).getByText('Variável inválida: km', { exact: false })).toBeVisible()
    await expect(
      cell(page, 'A1').getByRole('img', { name: /Variável inválida: desconhecida/ }),
    ).toBeVisible()
    await snap(page, 'designer-template')
    expect(await seriousViolations(page)).toEqual([])
    // The zoom slider scales the grid: 50% halves the 64 px column.
    const slider = page.getByRole('slider', { name: 'Zoom' })
    await slider.focus()
    for (let i = 0; i < 5; i++) await slider.press('ArrowLeft')
    await expect(page.getByText('50%', { exact: true })).toBeVisible()
    expect((await cell(page, 'A1').boundingBox())?.width).toBeCloseTo(32, 0)
    for (let i = 0; i < 5; i++) await slider.press('ArrowRight')
    await expect(page.getByText('100%', { exact: true })).toBeVisible()

    // 'Variáveis de Ambiente': a new variable with empty fields and a layer's fields.
    await page.getByRole('button', { name: 'Variáveis', exact: true }).click()
    const vars = page.getByRole('dialog', { name: 'Variáveis de Ambiente' })
    for (const col of ['#', 'Variável', 'Descrição', 'Ação'])
      await expect(vars.getByRole('columnheader', { name: col, exact: true })).toBeVisible()
    await vars.getByRole('button', { name: 'Nova Variável' }).click()
    await expect(vars.getByLabel('Variável 1')).toHaveValue('')
    await vars.getByRole('button', { name: 'Associar Layer' }).click()
    const picker = page.getByRole('dialog', { name: 'Escolher layer' })
    await expect(picker.getByText('Listar no contexto')).toBeVisible()
    await picker.getByRole('button', { name: 'Selecionar' }).click()
    await expect(picker.getByText('É necessário escolher um layer!')).toBeVisible()
    await picker.getByLabel('Buscar layer').fill('marcos')
    await picker.getByRole('button', { name: /Marcos quilométricos/ }).click()
    await snap(page, 'designer-layer-picker')
    await picker.getByRole('button', { name: 'Selecionar' }).click()
    await expect(picker).toBeHidden()
    await expect(vars.getByLabel('Variável 2')).not.toHaveValue('')
    await expect(vars.locator('input[value="km"]')).toHaveCount(1)
    await snap(page, 'designer-variables')
    await vars.getByRole('button', { name: 'Confirmar e Voltar' }).click()
    await expect(vars).toBeHidden()
    await expect(panel(page).getByText('Variável inválida: km', { exact: false })).toBeHidden()
    await expect(panel(page).getByText('Variável inválida: desconhecida')).toBeVisible()
    // The empty new variable became 'variable1' / 'Nova Variável 1'.
    await page.getByRole('button', { name: 'Variáveis', exact: true }).click()
    await expect(vars.getByLabel('Variável 1')).toHaveValue('variable1')
    await expect(vars.getByLabel('Descrição 1')).toHaveValue('Nova Variável 1')
    await page.keyboard.press('Escape')
    await expect(vars).toBeHidden()

    // Bold in the style tab.
    await panel(page).getByRole('tab', { name: 'Estilo' }).click()
    await panel(page).getByRole('button', { name: 'Novo estilo' }).click()
    await panel(page).getByRole('button', { name: 'Negrito' }).click()
    await expect(panel(page).getByRole('button', { name: 'Negrito' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(cell(page, 'A1')).toHaveCSS('font-weight', '700')
    await snap(page, 'designer-panel-style')

    // A second cell converted to GRUPO, after confirmation.
    await panel(page).getByRole('tab', { name: 'Tabela' }).click()
    await panel(page).getByRole('button', { name: 'Adicionar célula' }).click()
    await expect(panel(page).getByText('Célula B1')).toBeVisible()
    await panel(page).getByRole('button', { name: 'GRUPO' }).click()
    const convert = page.getByRole('dialog', { name: 'Converter célula' })
    await expect(convert.getByText('Converter a célula apaga as células internas')).toBeVisible()
    await convert.getByRole('button', { name: 'Converter' }).click()
    await expect(cell(page, 'B1').getByRole('gridcell')).toHaveCount(1)
    await expect(panel(page).getByRole('button', { name: 'GRUPO' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await snap(page, 'designer-panel-table')
    // A click inside the group selects its inner cell; 'Selecionar o grupo' goes back out.
    await cell(page, 'B1').getByRole('gridcell').click()
    await expect(panel(page).getByText('Grupo', { exact: true })).toBeVisible()
    await panel(page).getByRole('button', { name: 'Selecionar o grupo' }).click()
    await expect(panel(page).getByText('Célula B1')).toBeVisible()
    await expect(cell(page, 'B1').getByTestId('designer-selection')).toHaveCount(1)
    await expect(page.getByTestId('designer-selection')).toHaveCount(1)

    // A third cell as an image from the library: Confirmar waits for a choice.
    await panel(page).getByRole('button', { name: 'Adicionar célula' }).click()
    await panel(page).getByRole('button', { name: 'IMAGE' }).click()
    await page
      .getByRole('dialog', { name: 'Converter célula' })
      .getByRole('button', { name: 'Converter' })
      .click()
    await panel(page).getByRole('button', { name: 'Escolher imagem' }).click()
    const images = page.getByRole('dialog', { name: 'Imagens' })
    await expect(images.getByRole('button', { name: 'Confirmar' })).toBeDisabled()
    const upload = images.locator('input[type=file]')
    await upload.setInputFiles({
      name: 'notas.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('x'),
    })
    await expect(images.getByText('Falha ao fazer upload do arquivo!')).toBeVisible()
    await upload.setInputFiles({ name: 'logo-e2e.png', mimeType: 'image/png', buffer: PNG })
    await expect(images.getByText('Upload concluído')).toBeVisible()
    await expect(images.getByRole('option', { selected: true })).toHaveCount(1)
    await snap(page, 'designer-image-picker')
    await images.getByRole('button', { name: 'Confirmar' }).click()
    await expect(panel(page).getByText(/^Imagem \d+$/)).toBeVisible()

    // Print margins accept only numbers above zero: another is an error, left as typed.
    await panel(page).getByRole('tab', { name: 'Impressão' }).click()
    const top = panel(page).getByLabel('Margem superior')
    await expect(top).toHaveValue('2')
    await top.fill('-1')
    await top.blur()
    await expect(top).toHaveValue('-1')
    await expect(panel(page).getByText('Informe um número maior que 0')).toBeVisible()
    await top.fill('2,5')
    await expect(panel(page).getByText('Informe um número maior que 0')).toHaveCount(0)
    await snap(page, 'designer-panel-print')
    await panel(page).getByRole('tab', { name: 'Página' }).click()
    await expect(panel(page).getByLabel('Título da página')).toBeVisible()

    // Save (a plain user's template goes to 'Meus Relatórios'), start anew, open it again.
    await page.getByRole('button', { name: 'Salvar template' }).click()
    await expect(page.getByText('Template salva!')).toBeVisible()
    await page.getByRole('button', { name: 'Nova template' }).click()
    await expect(nameField).toHaveValue('Nova Template')
    await expect(page.getByRole('tab', { name: 'Página 2' })).toHaveCount(0)

    await page.getByRole('button', { name: 'Abrir template' }).click()
    const open = page.getByRole('dialog', { name: 'Templates' })
    await open.getByRole('button', { name: 'Meus Relatórios' }).click()
    // A template that fails to open says so and clears the selection.
    await page.route('**/api/reports/json/*', (route) =>
      route.fulfill({ status: 404, json: { message: 'não encontrado' } }),
    )
    await open.getByRole('button', { name }).click()
    await open.getByRole('button', { name: 'Confirmar' }).click()
    await expect(page.getByText(`Não foi possivel abrir a Template ${name}`)).toBeVisible()
    await expect(open.getByRole('button', { name: 'Confirmar' })).toBeDisabled()
    await page.unroute('**/api/reports/json/*')
    await open.getByRole('button', { name }).click()
    await expect(open.getByRole('button', { name: 'Confirmar' })).toBeEnabled()
    await snap(page, 'designer-open')
    await open.getByRole('button', { name: 'Confirmar' }).click()
    await expect(open).toBeHidden()
    await expect(nameField).toHaveValue(name)
    await expect(page.getByRole('tab', { name: 'Página 2' })).toBeVisible()
    await expect(cell(page, 'A1')).toContainText('Obra ${variable1} ${km} ${desconhecida}')
    await expect(cell(page, 'A1')).toHaveCSS('font-weight', '700')
    await expect(cell(page, 'B1').getByRole('gridcell')).toHaveCount(1)
    await expect(cell(page, 'C1').locator('img')).toHaveCount(1)

    // 'Abrir Local' opens .json files only.
    await page.getByRole('button', { name: 'Abrir template' }).click()
    await open
      .getByTestId('designer-open-local')
      .setInputFiles({ name: 'notas.txt', mimeType: 'text/plain', buffer: Buffer.from('{}') })
    await expect(page.getByText('Formato de arquivo não suportado!')).toBeVisible()
    await open.getByRole('button', { name: 'Voltar' }).click()
    await expect(nameField).toHaveValue(name)

    // The downloaded .json opens through 'Abrir Local' after a new template.
    const downloading = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Baixar template' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe(`${name}.json`)
    const file = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      template: { name: string }
      reportType: string
    }
    expect(file.template.name).toBe(name)
    await page.getByRole('button', { name: 'Nova template' }).click()
    await expect(nameField).toHaveValue('Nova Template')
    await page.getByRole('button', { name: 'Abrir template' }).click()
    await open.getByTestId('designer-open-local').setInputFiles({
      name: 'copia.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(file)),
    })
    await expect(open).toBeHidden()
    await expect(nameField).toHaveValue(name)
    await expect(cell(page, 'B1').getByRole('gridcell')).toHaveCount(1)
  })

  test("another user's template does not open: the message, and a new template", async ({
    page,
    request,
  }) => {
    const admin = await apiToken(request, ADMIN)
    const secret = unique('Segredo')
    const created = await request.post(`${baseUrl()}/api/reports/templates`, {
      headers: { authorization: admin },
      data: {
        mine: true,
        template: {
          name: secret,
          grid: [{ type: 'NONE', rows: [{ cells: [{ colSpan: 1, rowSpan: 1, value: secret }] }] }],
          styles: [],
          printable: DEFAULT_PRINTABLE,
          variables: [],
        },
      },
    })
    expect(created.status()).toBe(201)
    const { id } = (await created.json()) as { id: number }
    await openDesigner(page, request, { templateId: id })
    await expect(page.getByText(`Não foi possivel abrir a Template ${id}`)).toBeVisible()
    await expect(page.getByLabel('Nome da template')).toHaveValue('Nova Template')
    await expect(page.getByText(secret)).toHaveCount(0)
  })
})
