import { CHROMIUM_ARGS } from '../chromium'
import { DEMO, DESKTOP, baseUrl, expect, test } from '../fixtures'
import { LAYER, api, featureTab, freeBridge, openWindowOn } from '../steps/feature-window'
import { snap } from '../steps/pictures'
import { apiToken } from '../steps/session'

// Chromium's fake camera (a test pattern at the size asked for); the permission is granted per
// test, so that one test can see it refused.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream'],
  },
})

test.describe('camera capture', () => {
  test('FOTOGRAFAR captures foto1.png and DOCUMENTOS lists it', async ({ page, request }) => {
    await page.context().grantPermissions(['camera'])
    const token = await apiToken(request, DEMO)
    const bridge = await freeBridge(request, token)
    await page.setViewportSize(DESKTOP)
    await openWindowOn(page, request, token, bridge.id)
    await featureTab(page, 'DOCUMENTOS').click()
    await page.getByRole('button', { name: 'FOTOGRAFAR' }).click()
    const camera = page.getByRole('dialog', { name: 'Câmera' })
    const take = camera.getByRole('button', { name: 'CAPTURAR' })
    await expect(take).toBeEnabled()
    // The fake camera's frames play at the size asked for (1280x720).
    await expect
      .poll(() =>
        camera.getByTestId('camera-video').evaluate((v: HTMLVideoElement) => v.videoWidth),
      )
      .toBe(1280)
    await snap(page, 'feature-camera')
    await take.click()
    const dialog = page.getByRole('dialog', { name: 'Anexar arquivo' })
    await expect(dialog).toContainText('foto1.png')
    await dialog.getByLabel('Descrição').fill('Foto da câmera')
    await dialog.getByRole('button', { name: 'CARREGAR' }).click()
    await expect(page.getByText('Arquivo anexado com sucesso!')).toBeVisible()
    const documents = page.getByTestId('documents')
    await expect(documents).toContainText('foto1.png')
    await expect(documents).toContainText('Foto da câmera')
    const files = (await (
      await api(request, token, `/api/features/${LAYER}/${bridge.id}/attachments`)
    ).json()) as { id: number; filename: string; contentType: string }[]
    const photo = files.find((f) => f.filename === 'foto1.png')!
    expect(photo.contentType).toBe('image/png')
    const png = await (await api(request, token, `/api/attachments/${photo.id}`)).body()
    // A PNG of the captured frame: 1280 wide, 720 high (IHDR).
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect(png.readUInt32BE(16)).toBe(1280)
    expect(png.readUInt32BE(20)).toBe(720)
    await request.delete(`${baseUrl()}/api/attachments/${photo.id}`, {
      headers: { authorization: token },
    })
  })

  test('says so when the browser has no camera support, no camera, or refuses it', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, DEMO)
    const bridge = await freeBridge(request, token)
    await page.setViewportSize(DESKTOP)
    // First a browser without media devices at all.
    await page.addInitScript(() => {
      const mode = sessionStorage.getItem('camera-mode') ?? 'none'
      if (mode === 'none') {
        Object.defineProperty(navigator, 'mediaDevices', { value: undefined })
      } else if (mode === 'missing') {
        navigator.mediaDevices.getUserMedia = () =>
          Promise.reject(new DOMException('Requested device not found', 'NotFoundError'))
      }
    })
    await openWindowOn(page, request, token, bridge.id)
    await featureTab(page, 'DOCUMENTOS').click()
    await page.getByRole('button', { name: 'FOTOGRAFAR' }).click()
    await expect(page.getByText('Navegador não suporta o uso de cameras!')).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Câmera' })).toBeHidden()

    // A browser with media devices but no camera plugged in.
    await page.evaluate(() => sessionStorage.setItem('camera-mode', 'missing'))
    await page.reload()
    await featureTab(page, 'DOCUMENTOS').click()
    await page.getByRole('button', { name: 'FOTOGRAFAR' }).click()
    await expect(page.getByText('Navegador não suporta o uso de cameras!')).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Câmera' })).toBeHidden()

    // Chromium itself, its camera permission refused.
    await page.evaluate(() => sessionStorage.setItem('camera-mode', 'real'))
    await page.context().clearPermissions()
    await page.reload()
    await featureTab(page, 'DOCUMENTOS').click()
    await page.getByRole('button', { name: 'FOTOGRAFAR' }).click()
    await expect(
      page.getByText('Permissão para usar a câmera negada pelo navegador.'),
    ).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Câmera' })).toBeHidden()
    const files = (await (
      await api(request, token, `/api/features/${LAYER}/${bridge.id}/attachments`)
    ).json()) as unknown[]
    expect(files).toEqual([])
  })
})
