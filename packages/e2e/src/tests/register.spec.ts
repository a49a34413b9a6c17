import { ADMIN, DESKTOP, PHONE, expect, holdRequests, test, unique } from '../fixtures'
import { seriousViolations, snap } from '../steps/pictures'
import { signIn, signInThroughScreen, signOut } from '../steps/session'

test.describe('registration', () => {
  test('shows every validation message of the form', async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('link', { name: 'Requisitar acesso' }).click()
    await expect(page).toHaveURL(/\/register$/)
    await page.getByRole('button', { name: 'REGISTRAR' }).click()
    for (const message of [
      'É necessário informar o nome',
      'É necessário informar o e-mail',
      'É necessário informar o usuário',
      'É necessário informar a senha',
      'É necessário informar a confirmação de senha',
      'É necessário informar o setor',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible()
    }

    await page.getByLabel('Senha', { exact: true }).fill('segredo123')
    await page.getByLabel('Confirmar senha').fill('segredo124')
    await page.getByRole('button', { name: 'REGISTRAR' }).click()
    await expect(page.getByText('A confirmação da senha não confere!')).toBeVisible()

    // The username is checked against the server 700 ms after typing.
    await page.getByLabel('Usuário').fill('demo')
    await expect(page.getByText('O usuário já existe')).toBeVisible()
    const free = unique('livre')
    const checked = page.waitForResponse(
      (answer) => answer.url().includes('/api/users/exists') && answer.url().includes(free),
    )
    await page.getByLabel('Usuário').fill(free)
    await checked
    await expect(page.getByText('O usuário já existe')).toBeHidden()

    await page.getByRole('link', { name: 'Já estou registrado!' }).click()
    await expect(page).toHaveURL(/\/login$/)
  })

  test('maps the field errors of a 400 answer to the fields', async ({ page }) => {
    await page.goto('/register')
    await page.getByLabel('Nome').fill('Ana Teste')
    // Accepted by the form's quick check, refused by the server's stricter rule.
    await page.getByLabel('Email').fill('ana@empresa.c')
    await page.getByLabel('Usuário').fill(unique('ana'))
    await page.getByLabel('Senha', { exact: true }).fill('segredo123')
    await page.getByLabel('Confirmar senha').fill('segredo123')
    await page.getByLabel('Setor').fill('Cadastro')
    await page.getByRole('button', { name: 'REGISTRAR' }).click()
    await expect(page.getByText('Informe um e-mail válido')).toBeVisible()
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  })

  test('the server’s password rules show on the password field', async ({ page }) => {
    const username = unique('regra')
    await page.goto('/register')
    await page.getByLabel('Nome').fill('Regra Senha')
    await page.getByLabel('Email').fill(`${username}@example.com`)
    await page.getByLabel('Usuário').fill(username)
    await page.getByLabel('Setor').fill('Cadastro')
    const password = page.getByLabel('Senha', { exact: true })
    const submit = async (value: string) => {
      await password.fill(value)
      await page.getByLabel('Confirmar senha').fill(value)
      await page.getByRole('button', { name: 'REGISTRAR' }).click()
    }
    // Not the username.
    await submit(username)
    await expect(page.getByText('A senha não pode ser igual ao nome de usuário')).toBeVisible()
    await expect(password).toHaveAttribute('aria-invalid', 'true')
    // Not a common password.
    await submit('12345678')
    await expect(page.getByText('Esta senha é muito comum e fácil de adivinhar.')).toBeVisible()
    await expect(password).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByRole('heading', { name: 'Sucesso' })).toBeHidden()
  })

  test('registration, activation by an administrator, then the first sign-in', async ({ page }) => {
    const username = unique('novo')
    const password = 'primeira123'
    await page.goto('/register')
    await page.getByLabel('Nome').fill('Novo Colaborador')
    await page.getByLabel('Email').fill(`${username}@example.com`)
    await page.getByLabel('Usuário').fill(username)
    await page.getByLabel('Senha', { exact: true }).fill(password)
    await page.getByLabel('Confirmar senha').fill(password)
    await page.getByLabel('Setor').fill('Engenharia')
    await page.getByRole('button', { name: 'REGISTRAR' }).click()
    await expect(page.getByRole('heading', { name: 'Sucesso' })).toBeVisible()
    await expect(page.getByText('Um administrador precisa aprovar')).toBeVisible()

    // Not active yet.
    await page.getByRole('link', { name: 'Ir para o login' }).click()
    await page.getByLabel('Usuário').fill(username)
    await page.getByLabel('Senha', { exact: true }).fill(password)
    await page.getByRole('button', { name: 'ENTRAR' }).click()
    await expect(page.getByRole('heading', { name: 'Usuário não ativo!' })).toBeVisible()
    await page.getByRole('button', { name: 'VOLTAR' }).click()

    // The administrator activates the account in the control panel's Usuários window.
    await signIn(page, ADMIN)
    await page.getByRole('link', { name: 'PAINEL DE CONTROLE' }).click()
    await page.getByRole('button', { name: 'ABRIR Usuários' }).click()
    await expect(page).toHaveURL(/\/workspace$/)
    await page.getByLabel('Procurar usuário').fill(username)
    const active = page.getByRole('switch', { name: `Conta de ${username} ativa` })
    await expect(active).not.toBeChecked()
    // While the change is saved, the top bar shows the busy spinner.
    const release = await holdRequests(page, '**/api/users/*', 'PUT')
    await active.click()
    await expect(page.getByTestId('busy')).toBeVisible()
    release()
    await expect(page.getByText('Usuário atualizado com sucesso!')).toBeVisible()
    await expect(page.getByTestId('busy')).toBeHidden()
    await expect(active).toBeChecked()
    await signOut(page)

    await signInThroughScreen(page, { username, password })
    await expect(page.getByTestId('user-name')).toHaveText('Novo Colaborador')
  })

  test('looks finished at desktop and phone widths and has no serious axe violation', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP)
    await page.goto('/register')
    await expect(page.getByRole('button', { name: 'REGISTRAR' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await snap(page, 'register-desktop')
    await page.getByRole('button', { name: 'REGISTRAR' }).click()
    expect(await seriousViolations(page)).toEqual([])
    await snap(page, 'register-validation-desktop')

    await page.setViewportSize(PHONE)
    await page.goto('/register')
    await expect(page.getByRole('button', { name: 'REGISTRAR' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await snap(page, 'register-phone')
  })
})
