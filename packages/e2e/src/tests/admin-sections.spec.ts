import { ADMIN, DESKTOP, PHONE, expect, test } from '../fixtures'
import { seriousViolations, snap } from '../steps/pictures'
import { signIn } from '../steps/session'
import { budget } from '../slowdown'

/** Every section of the control panel: its address key, its tab and what shows it loaded. */
const SECTIONS = [
  ['usuarios', 'Usuários', 'Procurar usuário'],
  ['grupos', 'Grupos e permissões', 'Procurar grupo'],
  ['acessos', 'Acessos ao sistema', null],
  ['tabelas', 'Tabelas e campos', 'Procurar tabela'],
  ['layers', 'Layers', 'Procurar layer'],
  ['arvore', 'Árvore de layers', null],
  ['mapas-base', 'Mapas base', null],
  ['mapa', 'Posição inicial do mapa', 'Longitude oeste'],
  ['configuracao', 'Configuração', 'Nome do projeto'],
  ['imagens-360', 'Imagens 360°', null],
] as const

test.describe('control panel sections', () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    test(`each section on a ${size}, looked at, without serious accessibility faults`, async ({
      page,
    }) => {
      test.setTimeout(budget(120_000))
      await page.setViewportSize(viewport)
      await signIn(page, ADMIN)
      const faults: string[] = []
      for (const [key, tab, field] of SECTIONS) {
        await page.goto(`/dashboard?secao=${key}`)
        await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute(
          'aria-selected',
          'true',
        )
        const panel = page.getByRole('tabpanel')
        if (field) await expect(panel.getByLabel(field).first()).toBeVisible()
        else await expect(panel.getByRole('heading', { name: tab }).first()).toBeVisible()
        if (key === 'mapa')
          await expect(panel.getByTestId('map')).toHaveAttribute('data-render', 'complete', {
            timeout: budget(20_000),
          })
        await snap(page, `section-${key}-${size}`)
        faults.push(...(await seriousViolations(page)).map((v) => `${key}: ${v}`))
      }
      expect(faults).toEqual([])
    })
  }
})
