import { DEMO, DESKTOP, INACTIVE, PHONE, expect, test } from '../fixtures'
import { seriousViolations, snap } from '../steps/pictures'
import { budget } from '../slowdown'

test.describe('sign-in screen', () => {
  test('shows the validation messages, submits with Enter and reports a wrong password', async ({
    page,
  }) => {
    await page.goto('/')
    // Unauthenticated users are sent to /login.
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('link', { name: 'Requisitar acesso' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Esqueci minha senha' })).toBeVisible()

    await page.getByRole('button', { name: 'ENTRAR' }).click()
    await expect(page.getByText('É necessário informar um usuário!')).toBeVisible()
    await expect(page.getByText('É necessário informar a senha!')).toBeVisible()

    // A username of blanks is still empty once trimmed.
    await page.getByLabel('Usuário').fill('   ')
    await page.getByLabel('Senha', { exact: true }).fill('x')
    await page.getByLabel('Senha', { exact: true }).press('Enter')
    await expect(page.getByText('É necessário informar um usuário!')).toBeVisible()
    await expect(page.getByText('É necessário informar a senha!')).toBeHidden()

    await page.getByLabel('Usuário').fill(DEMO.username)
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada')
    await page.getByLabel('Senha', { exact: true }).press('Enter')
    await expect(page.getByText('Falha ao realizar autenticação!')).toBeVisible()
    await expect(page).toHaveURL(/\/login$/)
  })

  test('a failed sign-in followed by a good one leaves no error message on the map', async ({
    page,
  }) => {
    await page.goto('/login')
    await page.getByLabel('Usuário').fill(DEMO.username)
    await page.getByLabel('Senha', { exact: true }).fill('senha-errada')
    await page.getByRole('button', { name: 'ENTRAR' }).click()
    const failure = page.getByText('Falha ao realizar autenticação!')
    await expect(failure).toBeVisible()
    // The pointer rests on the toast: its 6 s timer stops, so only the sign-in can close it.
    await failure.hover()
    await page.getByLabel('Senha', { exact: true }).fill(DEMO.password)
    await page.getByLabel('Senha', { exact: true }).press('Enter')
    await expect(page.getByRole('region', { name: 'Mapa' })).toBeVisible()
    await expect(failure).toBeHidden()
  })

  test('an inactive account sees the not-active screen until VOLTAR', async ({ page }) => {
    await page.goto('/login')
    await page.getByLabel('Usuário').fill(INACTIVE.username)
    await page.getByLabel('Senha', { exact: true }).fill(INACTIVE.password)
    await page.getByRole('button', { name: 'ENTRAR' }).click()
    await expect(page.getByRole('heading', { name: 'Usuário não ativo!' })).toBeVisible()
    await page.getByRole('button', { name: 'VOLTAR' }).click()
    await expect(page.getByRole('button', { name: 'ENTRAR' })).toBeVisible()
    expect(await page.evaluate(() => window.localStorage.getItem('gis.token'))).toBeNull()
  })

  test('signs in, boots and returns to the page the user came from', async ({ page }) => {
    await page.goto('/profile')
    await expect(page).toHaveURL(/\/login$/)
    await page.getByLabel('Usuário').fill(DEMO.username)
    await page.getByLabel('Senha', { exact: true }).fill(DEMO.password)
    await page.getByRole('button', { name: 'ENTRAR' }).click()
    await expect(page).toHaveURL(/\/profile$/)
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible()
    // Every start-up step loaded: no step names a failure.
    await expect(page.getByText(/Não foi possível carregar alguma informação/)).toHaveCount(0)

    // A reload runs the start-up sequence again and comes back to the same page.
    await page.reload()
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible()
    await expect(page).toHaveURL(/\/profile$/)

    // Signed in, /login sends to the map.
    await page.goto('/login')
    await expect(page.getByRole('region', { name: 'Mapa' })).toBeVisible()
  })

  test('a failing start-up step is named and the application still becomes ready', async ({
    page,
  }) => {
    await page.route('**/api/config/layers', (route) =>
      route.fulfill({ status: 500, json: { message: 'falha' } }),
    )
    await page.route('**/api/base-layers/active', (route) =>
      route.fulfill({ status: 500, json: { message: 'falha' } }),
    )
    await page.goto('/login')
    await page.getByLabel('Usuário').fill(DEMO.username)
    await page.getByLabel('Senha', { exact: true }).fill(DEMO.password)
    await page.getByRole('button', { name: 'ENTRAR' }).click()
    // The messages are toasts of the start-up, shown for a few seconds: looked for at once,
    // not after the map has finished loading (on a busy machine they would be gone by then).
    await expect(
      page.getByText('Não foi possível carregar alguma informação necessária! [layers]'),
    ).toBeVisible({ timeout: budget(30_000) })
    await expect(
      page.getByText('Não foi possível carregar alguma informação necessária! [mapas base]'),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'MAPA' })).toBeVisible()
  })

  test('unknown routes show the error screen with Voltar', async ({ page }) => {
    await page.goto('/login')
    await page.goto('/nao-existe/aqui')
    await expect(page.getByTestId('error-code')).toHaveText('404')
    await expect(page.getByText('OPS... Algo de errado aconteceu aqui')).toBeVisible()
    // Designed like the sign-in screens: the logo and the project name on top.
    const screen = page.getByTestId('error-screen')
    await expect(screen.getByRole('img', { name: 'Logotipo' })).toBeVisible()
    await expect(screen.getByText('Rodovias do Interior - GIS')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await snap(page, 'error-404-desktop')
    await page.setViewportSize(PHONE)
    await snap(page, 'error-404-phone')
    await page.setViewportSize(DESKTOP)
    await page.getByRole('button', { name: 'Voltar' }).click()
    await expect(page).toHaveURL(/\/login$/)
  })

  test('looks finished at desktop and phone widths and has no serious axe violation', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP)
    await page.goto('/login')
    await expect(page.getByRole('button', { name: 'ENTRAR' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await snap(page, 'login-desktop')
    await page.getByRole('button', { name: 'ENTRAR' }).click()
    await snap(page, 'login-validation-desktop')

    await page.setViewportSize(PHONE)
    await page.goto('/login')
    await expect(page.getByRole('button', { name: 'ENTRAR' })).toBeVisible()
    await expect(page.getByRole('img', { name: 'Ilustração de um mapa' })).toBeHidden()
    expect(await seriousViolations(page)).toEqual([])
    await snap(page, 'login-phone')
  })
})
