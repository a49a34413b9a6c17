import type { Page } from '@playwright/test'
import { ADMIN, DEMO, DESKTOP, baseUrl, expect, test, unique } from '../fixtures'
import { snap } from '../steps/pictures'
import { apiToken, resetWorkspaceOf, signIn } from '../steps/session'
import { openTool, openToolWindow } from '../steps/tools'
import { openMap } from '../steps/map'
import { countWhere } from '../steps/map-data'
import { budget } from '../slowdown'
import { shapefileZip } from '../../../../scripts/test-files.mjs'

/** Drops a file on the IMPORTAR DADOS window's drop area (its file input). */
const dropFile = (page: Page, name: string, mimeType: string, buffer: Buffer) =>
  page
    .getByTestId('dataloader-dropzone')
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType, buffer })

test.describe('IMPORTAR DADOS', () => {
  test('200,000 rows into a NOVO LAYER: progress, the summary, the layer on the map, then undone', async ({
    page,
    request,
  }) => {
    test.setTimeout(budget(600_000))
    const token = await resetWorkspaceOf(request, ADMIN)
    const name = unique('lotes_').toLowerCase()
    const ROWS = 200_000
    // Lots in a band 1° wide near Goiânia, with Brazilian decimals.
    const lines = ['codigo;area;lon;lat']
    for (let i = 0; i < ROWS; i++) {
      const lon = (-49.5 + (i % 1000) / 1000).toFixed(5).replace('.', ',')
      const lat = (-16.3 + Math.floor(i / 1000) / 1000).toFixed(5).replace('.', ',')
      lines.push(`L-${i};${(i % 997) + 0.5};${lon};${lat}`.replace('.5;', ',5;'))
    }
    const csv = Buffer.from(lines.join('\n'))
    const view = { lon: -49, lat: -16.2, z: 9 }

    await page.setViewportSize(DESKTOP)
    await signIn(page, ADMIN)
    await openTool(page, 'IMPORTAR DADOS')
    await dropFile(page, 'lotes.csv', 'text/csv', csv)
    await expect(page.getByText('lotes.csv')).toBeVisible({ timeout: budget(120_000) })
    await page.getByRole('button', { name: 'NOVO LAYER' }).click()
    await page.getByLabel('Nome do layer').fill(name)
    await page.getByLabel('Título do layer').fill('Lotes importados')
    await page.getByRole('button', { name: 'CONFIRMAR' }).click()
    await expect(page.getByText('Criar novo layer')).toBeVisible()
    // lon/lat are found by name: points from them, the new layer's geometry a point.
    await page.getByRole('button', { name: 'CONFIGURAÇÕES DO VETOR GRÁFICO' }).click()
    const vector = page.getByRole('dialog')
    await expect(vector.getByLabel('Tipo de espacialização')).toHaveText(
      'Gerar a partir de coordenadas',
    )
    await vector.getByRole('button', { name: 'CONFIRMAR' }).click()
    await expect(vector).toBeHidden()

    await page.getByRole('button', { name: 'EXECUTAR' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'EXECUTAR' }).click()
    // Progress as rows read, validated and written, while it runs.
    await expect(page.getByText('A importação está em progresso...')).toBeVisible()
    await expect(page.getByTestId('dataloader-counts')).toContainText('Linhas lidas: 200.000')
    await snap(page, 'dataloader-progress')
    await expect(page.getByText('Resumo das operações realizadas')).toBeVisible({
      timeout: budget(480_000),
    })
    await expect(page.getByTestId('dataloader-Criados')).toHaveText('200.000')
    await expect(page.getByTestId('dataloader-Erros')).toHaveText('0')
    await snap(page, 'dataloader-summary-200k')

    // The new layer draws on the map: its points change the picture of that view.
    // The new layer draws on the map: its vector tiles of that view carry the points.
    const map = await page.context().newPage()
    await map.setViewportSize(DESKTOP)
    const tileBytes: number[] = []
    map.on('response', (r) => {
      if (r.url().includes(`/api/tiles/${name}/`) && r.ok()) {
        void r.body().then(
          (b) => tileBytes.push(b.length),
          () => undefined,
        )
      }
    })
    await openMap(map, view, [name])
    await expect
      .poll(() => Math.max(0, ...tileBytes), { timeout: budget(120_000) })
      .toBeGreaterThan(10_000)
    await snap(map, 'dataloader-200k-map')

    await page.bringToFront()
    await page.getByRole('button', { name: 'Desfazer importação' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Desfazer importação' }).click()
    await expect(page.getByTestId('dataloader-undone')).toContainText(
      'Importação desfeita por admin em',
      { timeout: budget(480_000) },
    )
    await expect(page.getByRole('button', { name: 'Desfazer importação' })).toHaveCount(0)
    // Soft-deleted through history: the search lists them marked deleted.
    const found = await request.post(`${baseUrl()}/api/features/${name}/search?limit=1`, {
      headers: { authorization: token },
      data: {},
    })
    const rows = (await found.json()) as { results: Record<string, unknown>[] }
    expect(JSON.stringify(rows.results[0])).toContain('"d_e_l_e_t_":true')
    // Undone: the same view's tiles of the layer are empty.
    tileBytes.length = 0
    await openMap(map, view, [name])
    await expect.poll(() => tileBytes.length, { timeout: budget(120_000) }).toBeGreaterThan(0)
    expect(Math.max(...tileBytes)).toBeLessThan(1_000)
    await map.close()
  })

  test(
    'a csv goes into an existing layer: AUTO MAPEAR, points from lon/lat, EXECUTAR, summary',
    { tag: '@db' },
    async ({ page, request }) => {
      await resetWorkspaceOf(request, DEMO)
      // A road name no other run left, so the rows found afterwards are this run's.
      const road = unique('E2E').slice(0, 12)
      // Coordinate columns of names the wizard does not recognise: the user picks them.
      const csv = [
        'rodovia;km;sentido;gps_lon;gps_lat',
        `${road};1,5;Norte;-47.1;-22.9`,
        `${road};2,5;Sul;-47.2;-22.8`,
        `${road};3,5;Errado;-47.3;-22.7`,
      ].join('\n')

      await page.setViewportSize(DESKTOP)
      await signIn(page, DEMO)
      await openToolWindow(page, 'IMPORTAR DADOS')
      await expect(page.getByText('Tipos suportados', { exact: false })).toBeVisible()
      await snap(page, 'dataloader-import')

      await dropFile(page, 'marcos.csv', 'text/csv', Buffer.from(csv))
      await expect(page.getByRole('tab', { name: 'CONFIGURAÇÃO' })).toBeVisible()
      await expect(page.getByText('marcos.csv')).toBeVisible()

      await page.getByRole('button', { name: 'LAYER EXISTENTE' }).click()
      await page.getByLabel('Escolha o layer de destino').click()
      await page.getByRole('option', { name: 'Marcos quilométricos' }).click()
      await expect(page.getByText('Atualizar layer existente')).toBeVisible()
      await page.getByRole('button', { name: 'AUTO MAPEAR' }).click()
      const mapping = page.locator('tbody tr')
      await expect(mapping.nth(0)).toContainText('Rodovia')
      await expect(mapping.nth(1)).toContainText('Km')
      await expect(mapping.nth(2)).toContainText('Sentido')
      await expect(mapping.nth(3)).not.toContainText('Rodovia')

      // Points from the coordinate columns: choosing them and CONFIRMAR is enough (ADICIONAR
      // joins more than one); 'Aplicar em' follows the chosen way.
      await page.getByRole('button', { name: 'CONFIGURAÇÕES DO VETOR GRÁFICO' }).click()
      const vector = page.getByRole('dialog')
      // The layer's geometry type by its name, not its code ('point').
      await expect(vector.getByLabel('Tipo de geometria')).toHaveText('Ponto (Point)')
      await expect(vector.getByLabel('Tipo de espacialização')).toHaveText('Nenhuma')
      await vector.getByLabel('Tipo de espacialização').click()
      await page.getByRole('option', { name: 'Gerar a partir de coordenadas' }).click()
      await expect(vector.getByLabel('Aplicar em')).toHaveText('Registros novos')
      await expect(
        vector.getByText(
          'Escolha a coluna de longitude e a de latitude: CONFIRMAR usa o par escolhido, ADICIONAR junta mais de um (linhas e polígonos).',
        ),
      ).toBeVisible()
      await vector.getByLabel('Coluna de longitude').click()
      await page.getByRole('option', { name: 'gps_lon' }).click()
      // Only one of the two: CONFIRMAR says what is missing.
      await vector.getByRole('button', { name: 'CONFIRMAR' }).click()
      await expect(
        vector.getByText('É necessário pelo menos 1 coordenada para espacializar um ponto'),
      ).toBeVisible()
      await vector.getByLabel('Coluna de latitude').click()
      await page.getByRole('option', { name: 'gps_lat' }).click()
      await snap(page, 'dataloader-vector')
      await vector.getByRole('button', { name: 'CONFIRMAR' }).click()
      await expect(vector).toBeHidden()
      // The pair chosen is the coordinate, as ADICIONAR would have made it.
      await page.getByRole('button', { name: 'CONFIGURAÇÕES DO VETOR GRÁFICO' }).click()
      await expect(vector.getByText('1. gps_lon, gps_lat')).toBeVisible()
      await vector.getByRole('button', { name: 'CONFIRMAR' }).click()
      await expect(vector).toBeHidden()
      await snap(page, 'dataloader-mapping')

      await page.getByRole('tab', { name: 'DADOS', exact: true }).click()
      await expect(page.getByRole('cell', { name: '3,5' })).toBeVisible()
      await snap(page, 'dataloader-data')

      await page.getByRole('button', { name: 'EXECUTAR' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'EXECUTAR' }).click()
      await expect(page.getByText('Resumo das operações realizadas')).toBeVisible({
        timeout: budget(20_000),
      })
      await expect(page.getByTestId('dataloader-Criados')).toHaveText('2')
      await expect(page.getByTestId('dataloader-Erros')).toHaveText('1')
      await expect(page.getByText('Erro', { exact: true })).toBeVisible()
      await snap(page, 'dataloader-summary')

      // The rows are in the layer, with their points.
      const admin = await apiToken(request, ADMIN)
      expect(await countWhere(request, admin, 'marcos_km', 'rodovia', road)).toBe(2)
    },
  )

  test('a zipped shapefile starts with its own geometry as the way to build the features', async ({
    page,
    request,
  }) => {
    await resetWorkspaceOf(request, DEMO)
    const zip = shapefileZip('placas', { codigo_ctb: 'R-1' }, [-47.5, -22.5])
    await page.setViewportSize(DESKTOP)
    await signIn(page, DEMO)
    await openToolWindow(page, 'IMPORTAR DADOS')
    await dropFile(page, 'placas.zip', 'application/zip', zip)
    await page.getByRole('button', { name: 'LAYER EXISTENTE' }).click()
    await page.getByLabel('Escolha o layer de destino').click()
    await page.getByRole('option', { name: 'Sinalização vertical' }).click()
    await page.getByRole('button', { name: 'CONFIGURAÇÕES DO VETOR GRÁFICO' }).click()
    const vector = page.getByRole('dialog')
    await expect(vector.getByLabel('Tipo de espacialização')).toHaveText('Atributo de origem')
    await expect(vector.getByLabel('Atributo de origem')).toHaveText('WKT')
    await expect(vector.getByLabel('Aplicar em')).toHaveText('Registros novos')
    await snap(page, 'dataloader-vector-shapefile')
    await vector.getByRole('button', { name: 'CONFIRMAR' }).click()
    await expect(vector).toBeHidden()
  })

  test(
    'an administrator imports a csv into a NOVO LAYER created from its columns',
    { tag: '@db' },
    async ({ page, request }) => {
      const token = await resetWorkspaceOf(request, ADMIN)
      const name = unique('importado_').toLowerCase()
      const csv = ['Nome;Valor', 'Primeiro;1,5', 'Segundo;2'].join('\n')

      await page.setViewportSize(DESKTOP)
      await signIn(page, ADMIN)
      await openTool(page, 'IMPORTAR DADOS')
      await dropFile(page, 'novo.csv', 'text/csv', Buffer.from(csv))
      await page.getByRole('button', { name: 'NOVO LAYER' }).click()
      await page.getByRole('button', { name: 'CONFIRMAR' }).click()
      await expect(page.getByText('Campo obrigatório')).toBeVisible()
      await page.getByLabel('Nome do layer').fill(name)
      await page.getByLabel('Título do layer').fill('Importação de teste')
      await page.getByRole('button', { name: 'CONFIRMAR' }).click()
      await expect(page.getByText('Criar novo layer')).toBeVisible()
      // Mapped automatically once: each column to a field of its own name.
      await expect(page.locator('tbody tr').nth(0)).toContainText('Nome')
      await expect(page.locator('tbody tr').nth(1)).toContainText('Valor')
      await snap(page, 'dataloader-new-layer')

      // SALVAR MODELO needs a name; the saved template is listed by ESCOLHER MODELO.
      const template = unique('Modelo ')
      await page.getByRole('button', { name: 'SALVAR MODELO' }).click()
      const save = page.getByRole('dialog')
      await save.getByRole('button', { name: 'SALVAR' }).click()
      await expect(save.getByText('Campo obrigatório')).toBeVisible()
      await save.getByLabel('Nome').fill(template)
      await save.getByRole('button', { name: 'SALVAR' }).click()
      await expect(save).toBeHidden()
      await page.getByRole('button', { name: 'ESCOLHER MODELO' }).click()
      const templates = page.getByRole('dialog')
      await expect(templates.getByText('Modelos de importação')).toBeVisible()
      await expect(templates.getByRole('row', { name: new RegExp(template) })).toBeVisible()
      await snap(page, 'dataloader-templates')
      await templates
        .getByRole('row', { name: new RegExp(template) })
        .getByRole('button', { name: 'ESCOLHER' })
        .click()
      await expect(templates).toBeHidden()
      await expect(page.getByText('Criar novo layer')).toBeVisible()
      await page.getByRole('button', { name: 'EXECUTAR' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'EXECUTAR' }).click()
      await expect(page.getByText('Nova tabela criada com sucesso!')).toBeVisible()
      await expect(page.getByText('Resumo das operações realizadas')).toBeVisible({
        timeout: budget(20_000),
      })
      await expect(page.getByTestId('dataloader-Criados')).toHaveText('2')

      const found = await request.post(`${baseUrl()}/api/features/${name}/search?limit=10`, {
        headers: { authorization: token },
        data: {},
      })
      expect(found.status()).toBe(200)
      expect(((await found.json()) as { rowCount: number }).rowCount).toBe(2)
    },
  )
})
