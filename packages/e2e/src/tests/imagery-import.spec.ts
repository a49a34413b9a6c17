import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ADMIN, DESKTOP, expect, test, unique } from '../fixtures'
import { seriousViolations, snap } from '../steps/pictures'
import { signIn } from '../steps/session'
import { budget } from '../slowdown'

/** A 1×1 PNG: a camera frame small enough to write inline. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
)

test.describe('Imagens 360° (control panel)', () => {
  test('an administrator imports a survey folder, reads its summary, and deletes it', async ({
    page,
  }) => {
    const name = unique('lev')
    const root = mkdtempSync(path.join(os.tmpdir(), 'gis-survey-'))
    const folder = path.join(root, name)
    mkdirSync(path.join(folder, 'cam'), { recursive: true })
    writeFileSync(
      path.join(folder, 'events.csv'),
      [
        'event;road;way;km;date;latitude;longitude;azimuth',
        'E1;SP-280;Crescente;13,000;18/03/2025 10:00:00;-23,536;-46,771;281',
        'E2;SP-280;Crescente;13,010;18/03/2025 10:00:01;-23,536;-46,7711;281',
        'E3;SP-280;Crescente;13,020;18/03/2025 10:00:02;longe;-46,7712;281',
      ].join('\n'),
    )
    writeFileSync(
      path.join(folder, 'frames.csv'),
      ['event;camera;file;rotation', 'E1;1;cam/E1_1.png;0', 'E2;1;cam/E2_1.png;0'].join('\n'),
    )
    writeFileSync(path.join(folder, 'cam', 'E1_1.png'), PNG)
    try {
      await page.setViewportSize(DESKTOP)
      await signIn(page, ADMIN)
      await page.goto('/dashboard?secao=imagens-360')
      const panel = page.getByRole('tabpanel')
      await expect(panel.getByRole('heading', { name: 'Imagens 360°' })).toBeVisible()

      await panel.getByRole('button', { name: 'IMPORTAR' }).click()
      const dialog = page.getByRole('dialog', { name: 'Importar levantamento' })
      await dialog.getByLabel('Nome').fill(name)
      await dialog.getByLabel('Data').fill('31/02/2025')
      await dialog.getByRole('button', { name: 'IMPORTAR' }).click()
      await expect(dialog.getByText('Data inválida: use dd/mm/aaaa')).toBeVisible()
      await expect(
        dialog.getByText('Escolha um arquivo .zip ou uma pasta com as imagens'),
      ).toBeVisible()
      await dialog.getByLabel('Data').fill('18/03/2025')
      await dialog.getByTestId('survey-folder-input').setInputFiles(folder)
      await expect(dialog.getByTestId('survey-files-chosen')).toContainText(
        `Pasta ${name}: 3 arquivos`,
      )
      await snap(page, 'imagery-import-dialog')
      expect(await seriousViolations(page)).toEqual([])
      await dialog.getByRole('button', { name: 'IMPORTAR' }).click()

      const progress = page.getByRole('dialog', { name: `Importando ${name}` })
      await expect(
        progress.getByText('Importado. Eventos: 2; quadros de câmera: 1; panoramas: 0'),
      ).toBeVisible({ timeout: budget(60_000) })
      await expect(progress.getByRole('cell', { name: 'Linha 4: latitude inválida' })).toBeVisible()
      await expect(
        progress.getByRole('cell', { name: 'Linha 3: arquivo cam/E2_1.png não encontrado' }),
      ).toBeVisible()
      await snap(page, 'imagery-import-summary')
      expect(await seriousViolations(page)).toEqual([])
      await progress.getByRole('button', { name: 'Fechar' }).click()

      const row = panel.getByRole('row').filter({ hasText: name })
      await expect(row).toContainText('18/03/2025')
      await expect(row).toContainText('SP-280')
      await expect(row).toContainText('Importado')
      await snap(page, 'imagery-import-section')
      expect(await seriousViolations(page)).toEqual([])

      await row.getByRole('button', { name: `Excluir ${name}` }).click()
      await page
        .getByRole('dialog', { name: `Excluir o levantamento ${name}?` })
        .getByRole('button', { name: 'EXCLUIR' })
        .click()
      await expect(row).toHaveCount(0)
    } finally {
      rmSync(root, { recursive: true, force: true })
    }
  })
})
