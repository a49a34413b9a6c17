import { ADMIN, DEMO, DESKTOP, PHONE, expect, test, unique } from '../fixtures'
import { seriousViolations, snap } from '../steps/pictures'
import { createUser, openUserMenu, signIn } from '../steps/session'

test.describe('profile', () => {
  test('edit the profile: required fields, save, the top bar follows', async ({
    page,
    request,
  }) => {
    const username = unique('perfil')
    await createUser(request, { username, password: 'perfil1234', name: 'Pessoa Perfil' })
    await signIn(page, { username, password: 'perfil1234' })
    await openUserMenu(page)
    await expect(page.getByRole('menu').getByText('Pessoa Perfil')).toBeVisible()
    await page.getByRole('menuitem', { name: 'Perfil' }).click()
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible()
    await expect(page.getByLabel('Usuário', { exact: true })).toHaveValue(username)
    await expect(page.getByLabel('Usuário', { exact: true })).toHaveAttribute('readonly', '')
    await expect(page.getByText('Você possui permissões de administrador')).toBeHidden()

    await page.getByLabel('Nome').fill('')
    await page.getByLabel('Setor').fill('  ')
    await page.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Campo obrigatório')).toHaveCount(2)

    // The shared rules apply before sending; changing the e-mail asks for the current password.
    await page.getByLabel('Nome').fill('Pessoa Renomeada')
    await page.getByLabel('Setor').fill('Planejamento')
    const current = page.getByLabel('Senha atual')
    await expect(current).toBeHidden()
    await page.getByLabel('Email').fill('sem-arroba')
    await expect(current).toBeVisible()
    await page.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Informe um e-mail válido')).toBeVisible()
    await expect(current).toHaveAttribute('aria-invalid', 'true')
    await snap(page, 'profile-email-password-desktop')

    // Server validation errors land on their field with 'Erros de validação encontrados!'.
    await page.getByLabel('Email').fill(`${username}@novo.example.com`)
    await current.fill('errada12345')
    await page.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Erros de validação encontrados!')).toBeVisible()
    await expect(page.getByText('A senha atual não confere')).toBeVisible()

    await current.fill('perfil1234')
    await page.getByRole('button', { name: 'SALVAR' }).click()
    await expect(page.getByText('Perfil atualizado com sucesso.')).toBeVisible()
    await expect(page.getByTestId('user-name')).toHaveText('Pessoa Renomeada')
    // Saved: the new address is the loaded one, and the password is not asked any more.
    await expect(current).toBeHidden()

    await page.reload()
    await expect(page.getByLabel('Nome')).toHaveValue('Pessoa Renomeada')
    await expect(page.getByLabel('Setor')).toHaveValue('Planejamento')
  })

  test('developer mode: the key sequence turns it on, and again off', async ({ page }) => {
    await signIn(page, DEMO, '/profile')
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible()
    await expect(page.getByTestId('developer-mode')).toBeHidden()
    // The Konami code, typed anywhere on the page.
    const sequence =
      'ArrowUp ArrowUp ArrowDown ArrowDown ArrowLeft ArrowRight ArrowLeft ArrowRight b a'.split(' ')
    await page.locator('body').click({ position: { x: 5, y: 300 } })
    for (const key of sequence) await page.keyboard.press(key)
    await expect(page.getByTestId('developer-mode')).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('gis.developer'))).toBe('true')

    // Off again, typed after a stray ArrowUp (the last keys count, not the first).
    await page.locator('body').click({ position: { x: 5, y: 300 } })
    for (const key of ['ArrowUp', ...sequence]) await page.keyboard.press(key)
    await expect(page.getByRole('heading', { name: 'Meu perfil' })).toBeVisible()
    await expect(page.getByTestId('developer-mode')).toBeHidden()
    expect(await page.evaluate(() => localStorage.getItem('gis.developer'))).toBeNull()
  })

  test('administrators see their notice; screenshots and axe at both widths', async ({ page }) => {
    await page.setViewportSize(DESKTOP)
    await signIn(page, ADMIN, '/profile')
    await expect(page.getByText('Você possui permissões de administrador')).toBeVisible()
    await expect(page.getByLabel('Nome')).not.toHaveValue('')
    expect(await seriousViolations(page)).toEqual([])
    await snap(page, 'profile-desktop')
    await page.getByRole('button', { name: 'ALTERAR SENHA' }).click()
    await expect(page.getByRole('dialog', { name: 'Alterar senha' })).toBeVisible()
    await snap(page, 'profile-password-dialog-desktop')
    await page.getByRole('button', { name: 'CANCELAR' }).click()

    await page.setViewportSize(PHONE)
    await page.reload()
    await expect(page.getByLabel('Nome')).not.toHaveValue('')
    expect(await seriousViolations(page)).toEqual([])
    await snap(page, 'profile-phone')
  })
})
