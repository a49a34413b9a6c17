import { expect, holdRequests, test, unique } from '../fixtures'
import { resetLinkFor } from '../steps/mail'
import { snap } from '../steps/pictures'
import { createUser, signIn, signInThroughScreen, signOut } from '../steps/session'
import { budget } from '../slowdown'

test.describe('passwords', () => {
  test('reset by the e-mailed link, then sign in with the new password', async ({
    page,
    request,
  }) => {
    const username = unique('esq')
    await createUser(request, { username, password: 'antiga1234', name: 'Esquecido da Silva' })

    await page.goto('/login')
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    await page.getByRole('button', { name: 'ENVIAR LINK' }).click()
    await expect(page.getByText('É necessário informar um usuário!')).toBeVisible()
    await page.getByLabel('Usuário').fill(username)
    await page.getByRole('button', { name: 'ENVIAR LINK' }).click()
    await expect(page.getByText('Se o usuário estiver cadastrado')).toBeVisible()

    let link: string | undefined
    await expect
      .poll(() => (link = resetLinkFor(`${username}@example.com`)), { timeout: budget(15_000) })
      .toBeTruthy()
    await page.goto(link!)
    await expect(page.getByRole('heading', { name: 'Nova senha' })).toBeVisible()
    await page.getByRole('button', { name: 'SALVAR NOVA SENHA' }).click()
    await expect(page.getByText('Campo obrigatório').first()).toBeVisible()
    await page.getByLabel('Nova senha', { exact: true }).fill('novinha1234')
    await page.getByLabel('Confirmar nova senha').fill('diferente1234')
    await page.getByRole('button', { name: 'SALVAR NOVA SENHA' }).click()
    await expect(page.getByText('As senhas informadas não são iguais!')).toBeVisible()
    // The server's rules land on the field: not a common password.
    await page.getByLabel('Nova senha', { exact: true }).fill('12345678')
    await page.getByLabel('Confirmar nova senha').fill('12345678')
    await page.getByRole('button', { name: 'SALVAR NOVA SENHA' }).click()
    await expect(page.getByText('Esta senha é muito comum e fácil de adivinhar.')).toBeVisible()
    await expect(page.getByLabel('Nova senha', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    )
    await page.getByLabel('Nova senha', { exact: true }).fill('novinha1234')
    await page.getByLabel('Confirmar nova senha').fill('novinha1234')
    await page.getByRole('button', { name: 'SALVAR NOVA SENHA' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByText('Senha redefinida com sucesso!')).toBeVisible()

    await signInThroughScreen(page, { username, password: 'novinha1234' })
    await signOut(page)

    // The link works once.
    await page.goto(link!)
    await page.getByLabel('Nova senha', { exact: true }).fill('outra12345')
    await page.getByLabel('Confirmar nova senha').fill('outra12345')
    await page.getByRole('button', { name: 'SALVAR NOVA SENHA' }).click()
    await expect(
      page.getByText('O link de redefinição de senha é inválido ou expirou'),
    ).toBeVisible()
  })

  test('change the password in the profile', async ({ page, request }) => {
    const username = unique('troca')
    await createUser(request, { username, password: 'atual12345', name: 'Troca Senha' })
    await signIn(page, { username, password: 'atual12345' }, '/profile')
    await page.getByRole('button', { name: 'ALTERAR SENHA' }).click()
    const dialog = page.getByRole('dialog', { name: 'Alterar senha' })
    await dialog.getByRole('button', { name: 'SALVAR' }).click()
    await expect(dialog.getByText('Campo obrigatório')).toHaveCount(2)
    await dialog.getByLabel('Senha atual').fill('atual12345')
    await dialog.getByLabel('Nova senha', { exact: true }).fill('trocada1234')
    await dialog.getByLabel('Confirmar nova senha').fill('trocada9999')
    await dialog.getByRole('button', { name: 'SALVAR' }).click()
    await expect(dialog.getByText('As senhas informadas não são iguais!')).toBeVisible()

    // A wrong current password is refused by the server, on its field.
    await dialog.getByLabel('Senha atual').fill('errada12345')
    await dialog.getByLabel('Confirmar nova senha').fill('trocada1234')
    await dialog.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Erro ao alterar senha')).toBeVisible()
    await expect(dialog.getByText('A senha atual não confere')).toBeVisible()
    await expect(dialog).toBeVisible()

    // So is a new password equal to the username.
    await dialog.getByLabel('Senha atual').fill('atual12345')
    await dialog.getByLabel('Nova senha', { exact: true }).fill(username)
    await dialog.getByLabel('Confirmar nova senha').fill(username)
    await dialog.getByRole('button', { name: 'SALVAR' }).click()
    await expect(dialog.getByText('A senha não pode ser igual ao nome de usuário')).toBeVisible()
    await dialog.getByLabel('Nova senha', { exact: true }).fill('trocada1234')
    await dialog.getByLabel('Confirmar nova senha').fill('trocada1234')

    await dialog.getByLabel('Senha atual').fill('atual12345')
    // While saving, the dialog cannot be closed.
    const release = await holdRequests(page, '**/api/me/change-password')
    await dialog.getByRole('button', { name: 'SALVAR' }).click()
    await page.keyboard.press('Escape')
    await expect(dialog.getByRole('button', { name: 'CANCELAR' })).toBeDisabled()
    await expect(dialog).toBeVisible()
    release()
    await expect(page.getByText('Senha alterada com sucesso!')).toBeVisible()
    await expect(dialog).toBeHidden()

    await signOut(page)
    await page.getByLabel('Usuário').fill(username)
    await page.getByLabel('Senha', { exact: true }).fill('atual12345')
    await page.getByRole('button', { name: 'ENTRAR' }).click()
    await expect(page.getByText('Falha ao realizar autenticação!')).toBeVisible()
    await signInThroughScreen(page, { username, password: 'trocada1234' })
  })

  test('asking for reset links too often from one address: the page says so', async ({
    page,
    request,
  }) => {
    // The test server trusts one proxy: this test's requests come from an address of its own.
    const from = { 'x-forwarded-for': '203.0.113.99' }
    for (let i = 0; i < 10; i++) {
      const res = await request.post('/api/me/forgot-password', {
        data: { username: 'ninguem' },
        headers: from,
      })
      expect(res.status()).toBe(200)
    }
    await page.setExtraHTTPHeaders(from)
    await page.goto('/forgot-password')
    await page.getByLabel('Usuário').fill('ninguem')
    await page.getByRole('button', { name: 'ENVIAR LINK' }).click()
    await expect(
      page.getByText(
        'Muitos pedidos de redefinição de senha a partir deste endereço. Tente novamente em uma hora.',
      ),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: 'ENVIAR LINK' })).toBeVisible()
    await snap(page, 'forgot-password-too-many')
  })
})
