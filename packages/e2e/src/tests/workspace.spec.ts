import { ADMIN, DESKTOP, PHONE, baseUrl, expect, test } from '../fixtures'
import { seriousViolations, snap } from '../steps/pictures'
import {
  apiToken,
  resetWorkspace,
  saveWorkspace,
  signIn,
  signInFresh,
  signInThroughScreen,
  signOut,
} from '../steps/session'
import { openFromDashboard, openTool } from '../steps/tools'
import type { Page } from '@playwright/test'

const tab = (page: Page, title: string) => page.getByRole('tab', { name: new RegExp(`^${title}`) })

test.describe('workspace', () => {
  test('windows open, keep their state, close, and come back after logout and sign-in', async ({
    page,
    request,
  }) => {
    // Start from an empty saved workspace, whatever earlier tests left.
    await signInFresh(page, request, ADMIN)
    await page.getByRole('navigation').getByRole('link', { name: 'ÁREA DE TRABALHO' }).click()
    await expect(page.getByText('Nenhuma janela aberta')).toBeVisible()

    await openFromDashboard(page, 'Usuários')
    await expect(tab(page, 'Usuários')).toHaveAttribute('aria-selected', 'true')
    await page.getByLabel('Procurar usuário').fill('demo')
    await expect(page.getByRole('cell', { name: 'demo', exact: true })).toBeVisible()
    await expect(page.getByRole('cell', { name: 'admin', exact: true })).toBeHidden()

    await openFromDashboard(page, 'Acessos ao sistema')
    await expect(tab(page, 'Acessos ao sistema')).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('cell', { name: 'admin', exact: true }).first()).toBeVisible()
    await snap(page, 'workspace-desktop')

    // Switching tabs keeps each window's state.
    await tab(page, 'Usuários').click()
    await expect(page.getByLabel('Procurar usuário')).toHaveValue('demo')
    // Opening the same administration tool again activates its window.
    await openFromDashboard(page, 'Acessos ao sistema')
    await expect(page.getByRole('tab')).toHaveCount(2)
    await tab(page, 'Usuários').click()

    await signOut(page)
    await signInThroughScreen(page, ADMIN)
    await page.getByRole('navigation').getByRole('link', { name: 'ÁREA DE TRABALHO' }).click()
    await expect(page.getByRole('tab')).toHaveCount(2)
    await expect(tab(page, 'Usuários')).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByLabel('Procurar usuário')).toHaveValue('demo')
    expect(await seriousViolations(page)).toEqual([])

    await page.setViewportSize(PHONE)
    await snap(page, 'workspace-phone')
    await page.setViewportSize(DESKTOP)

    // Removing the active window activates the one at the same position (or the last).
    await tab(page, 'Usuários').getByTitle('Fechar janela Usuários').click()
    await expect(page.getByRole('tab')).toHaveCount(1)
    await expect(tab(page, 'Acessos ao sistema')).toHaveAttribute('aria-selected', 'true')
    // From the keyboard, Delete on a tab closes its window.
    await tab(page, 'Acessos ao sistema').press('Delete')
    await expect(page.getByText('Nenhuma janela aberta')).toBeVisible()

    // A tool opened twice before it is used goes back to its window instead of adding a tab.
    for (let i = 0; i < 2; i++) {
      await openTool(page, 'BUSCAR')
      await expect(tab(page, 'BUSCAR')).toHaveCount(1)
    }
    await signOut(page)
  })

  test('F5 keeps the open windows: the workspace is saved as it changes', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, ADMIN)
    const saved = async () => {
      const res = await request.get(`${baseUrl()}/api/users/workspace`, {
        headers: { authorization: token },
      })
      return ((await res.json()) as { windows: { type: string }[] } | null)?.windows ?? []
    }
    await resetWorkspace(request, token)
    await signIn(page, ADMIN)
    await openFromDashboard(page, 'Usuários')
    const maria = page.getByRole('cell', { name: 'maria.souza', exact: true })
    await expect(maria).toBeVisible()
    await page.getByLabel('Procurar usuário').fill('demo')
    await expect(maria).toBeHidden()
    await openFromDashboard(page, 'Acessos ao sistema')
    await expect(page.getByRole('tab')).toHaveCount(2)

    // Saved about a second after the last change, without signing out.
    await expect.poll(async () => (await saved()).map((w) => w.type)).toEqual(['Users', 'Logins'])
    await page.reload()
    await expect(page).toHaveURL(/\/workspace$/)
    await expect(page.getByRole('tab')).toHaveCount(2)
    await expect(tab(page, 'Acessos ao sistema')).toHaveAttribute('aria-selected', 'true')
    await tab(page, 'Usuários').click()
    await expect(page.getByLabel('Procurar usuário')).toHaveValue('demo')

    // Closing a window is saved too; a second F5 shows one window.
    await tab(page, 'Usuários').getByTitle('Fechar janela Usuários').click()
    await expect.poll(async () => (await saved()).map((w) => w.type)).toEqual(['Logins'])
    await page.reload()
    await expect(page.getByRole('tab')).toHaveCount(1)
    await tab(page, 'Acessos ao sistema').press('Delete')
    await expect(page.getByText('Nenhuma janela aberta')).toBeVisible()
    await expect.poll(saved).toEqual([])
  })

  test('a failed restore never overwrites the saved workspace', async ({ page, request }) => {
    const token = await apiToken(request, ADMIN)
    const windows = [{ id: 'w1', type: 'Logins', title: 'Acessos ao sistema', props: {} }]
    await saveWorkspace(request, token, windows)
    // The saved workspace cannot be read in this page load.
    await page.route('**/api/users/workspace', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, json: { message: 'falha' } })
        : route.continue(),
    )
    await signIn(page, ADMIN)
    await expect(
      page.getByText('Não foi possível carregar alguma informação necessária! [área de trabalho]'),
    ).toBeVisible()
    await openFromDashboard(page, 'Usuários')
    // Signing out saves the workspace at once (the modules spec sees it): were a workspace
    // that could not be read saved over, it would be now.
    await signOut(page)
    const res = await request.get(`${baseUrl()}/api/users/workspace`, {
      headers: { authorization: token },
    })
    expect(((await res.json()) as { windows: unknown[] }).windows).toEqual(windows)
  })

  test('a crashed window and an empty window are isolated from the others', async ({
    page,
    request,
  }) => {
    // A saved workspace with a window whose state is corrupt and one of an unknown type.
    const token = await apiToken(request, ADMIN)
    await saveWorkspace(
      request,
      token,
      [
        { id: 'w1', type: 'Logins', title: 'Acessos ao sistema', props: {} },
        { id: 'w2', type: 'Users', title: 'Usuários', props: {}, state: { page: 'x' } },
        { id: 'w3', type: 'JanelaDoFuturo', title: 'Janela futura', props: {} },
      ],
      { active: 'w2', windowCounter: 3 },
    )

    await signIn(page, ADMIN)
    await page.getByRole('navigation').getByRole('link', { name: 'ÁREA DE TRABALHO' }).click()
    await expect(page.getByRole('tab')).toHaveCount(3)
    const active = page.getByRole('tabpanel')
    await expect(active.getByTestId('error-code')).toHaveText('400')
    await expect(active.getByText('OPS... Algo de errado aconteceu aqui')).toBeVisible()
    await snap(page, 'workspace-crashed-desktop')

    await tab(page, 'Janela futura').click()
    await expect(page.getByRole('tabpanel').getByTestId('error-code')).toHaveText('404')

    await tab(page, 'Acessos ao sistema').click()
    await expect(
      page.getByRole('tabpanel').getByRole('heading', { name: 'Acessos ao sistema' }),
    ).toBeVisible()

    // Voltar on the crashed window closes it; the rest of the workspace goes on.
    await tab(page, 'Usuários').click()
    await page.getByRole('tabpanel').getByRole('button', { name: 'Voltar' }).click()
    await expect(page.getByRole('tab')).toHaveCount(2)
    await expect(tab(page, 'Janela futura')).toHaveAttribute('aria-selected', 'true')
    await page.getByRole('tabpanel').getByRole('button', { name: 'Voltar' }).click()
    await expect(page.getByRole('tab')).toHaveCount(1)
    await signOut(page)
  })
})
