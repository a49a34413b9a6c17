import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fileOf, formFields, holdUploads } from '../../../test/held-uploads'
import { renderInApp } from '../../../test/render'
import type { FolderEntry } from './document-format'
import { UploadDialog } from './UploadDialog'

afterEach(() => vi.unstubAllGlobals())

const folder = (id: number, name: string, path: string): FolderEntry => ({
  folder: { id, parentId: null, name, canWrite: true, documentCount: 0 },
  depth: 0,
  path,
})
const FOLDERS = [folder(3, 'Projetos', 'Projetos'), folder(4, 'Laudos', 'Projetos / Laudos')]

const pdf = fileOf('Laudo.pdf', 'application/pdf', 2048)
const csv = fileOf('Medições.csv', 'text/csv', 40)
const txt = fileOf('Notas.txt', 'text/plain', 12)

function open(onClose = vi.fn()) {
  const user = userEvent.setup()
  renderInApp(<UploadDialog folders={FOLDERS} folderId={4} onClose={onClose} />)
  const dialog = within(screen.getByRole('dialog', { name: 'Enviar arquivos' }))
  return { user, dialog, onClose }
}

/** A file's row in the list, by its name. */
const row = (name: string) =>
  within(
    within(screen.getByRole('list', { name: 'Enviar arquivos' }))
      .getByText(name)
      .closest('li')!,
  )

describe('Enviar arquivos (documents)', () => {
  it('lists each chosen file with its name, size and state; one taken off is not sent', async () => {
    const uploads = holdUploads()
    const { user, dialog } = open()
    expect(dialog.getByRole('combobox', { name: 'Pasta de destino' }).textContent).toBe(
      'Projetos / Laudos',
    )
    const big = fileOf('Ortofoto.tif', 'image/tiff', 101 * 1_048_576)
    await user.upload(dialog.getByTestId('document-files'), [pdf, csv, txt, big])
    expect(row('Laudo.pdf').getByText('2,00 KB')).toBeTruthy()
    expect(row('Medições.csv').getByText('40 B')).toBeTruthy()
    expect(row('Notas.txt').getByRole('status').textContent).toBe('Aguardando')
    // Over the library's limit: shown, never sent.
    expect(row('Ortofoto.tif').getByRole('status').textContent).toBe('Maior que 100 MB')
    expect(dialog.getByText('0 de 4 enviados')).toBeTruthy()

    await user.click(dialog.getByRole('button', { name: 'Remover Medições.csv' }))
    expect(dialog.queryByText('Medições.csv')).toBeNull()
    await user.click(dialog.getByLabelText('Tags (separadas por vírgula)'))
    await user.paste('vistoria, e2e')
    await user.click(dialog.getByLabelText('Descrição'))
    await user.paste('  Visita de março  ')
    await user.click(dialog.getByRole('button', { name: 'CARREGAR' }))

    // Two at a time: both files that may go, in their order, each with the dialog's fields.
    expect(uploads.map((u) => [u.method, u.url, formFields(u.form)])).toEqual([
      [
        'POST',
        '/api/documents',
        {
          folderId: '4',
          tags: 'vistoria, e2e',
          description: 'Visita de março',
          file: 'Laudo.pdf (2048 B)',
        },
      ],
      [
        'POST',
        '/api/documents',
        {
          folderId: '4',
          tags: 'vistoria, e2e',
          description: 'Visita de março',
          file: 'Notas.txt (12 B)',
        },
      ],
    ])
  })

  it("shows the server's message on the file it refused, and the others still go", async () => {
    const uploads = holdUploads()
    const { user, dialog, onClose } = open()
    await user.upload(dialog.getByTestId('document-files'), [pdf, csv, txt])
    await user.click(dialog.getByRole('button', { name: 'CARREGAR' }))
    expect(uploads).toHaveLength(2)
    await uploads[0]!.progress(40)
    expect(row('Laudo.pdf').getByRole('status').textContent).toBe('Enviando 40%')
    expect(dialog.getByRole('progressbar', { name: 'Laudo.pdf: Enviando 40%' })).toBeTruthy()

    await uploads[1]!.answer(400, {
      message: 'O tipo do arquivo não corresponde à sua extensão.',
      errors: [],
    })
    expect(row('Medições.csv').getByRole('status').textContent).toBe(
      'Falha: O tipo do arquivo não corresponde à sua extensão.',
    )
    // The third goes in the refused one's place.
    expect(uploads).toHaveLength(3)
    expect(formFields(uploads[2]!.form).file).toBe('Notas.txt (12 B)')
    await uploads[0]!.answer(201, { id: 1 })
    await uploads[2]!.answer(201, { id: 2 })

    expect(await screen.findByText('2 documentos enviados!')).toBeTruthy()
    expect(row('Laudo.pdf').getByRole('status').textContent).toBe('Enviado')
    expect(row('Notas.txt').getByRole('status').textContent).toBe('Enviado')
    expect(dialog.getByText('2 de 3 enviados')).toBeTruthy()
    // Something did not go: the dialog stays, to be read.
    expect(onClose).not.toHaveBeenCalled()
    expect(dialog.getByRole('button', { name: 'FECHAR' })).toBeTruthy()
    expect(dialog.getByRole('button', { name: 'CARREGAR' })).toHaveProperty('disabled', true)
  })

  it('closes once every file went, saying how many', async () => {
    const uploads = holdUploads()
    const { user, dialog, onClose } = open()
    await user.upload(dialog.getByTestId('document-files'), [pdf])
    await user.click(dialog.getByRole('button', { name: 'CARREGAR' }))
    expect(dialog.getByRole('button', { name: 'CANCELAR' })).toBeTruthy()
    await uploads[0]!.answer(201, { id: 1 })
    expect(await screen.findByText('1 documento enviado!')).toBeTruthy()
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('asks before cancelling a file being sent, and only that file stops', async () => {
    const uploads = holdUploads()
    const { user, dialog, onClose } = open()
    await user.upload(dialog.getByTestId('document-files'), [pdf, txt])
    await user.click(dialog.getByRole('button', { name: 'CARREGAR' }))
    await user.click(dialog.getByRole('button', { name: 'Cancelar envio de Laudo.pdf' }))
    const ask = within(screen.getByRole('dialog', { name: 'Confirma?' }))
    expect(ask.getByText('O envio de Laudo.pdf será interrompido.')).toBeTruthy()
    await user.click(ask.getByRole('button', { name: 'SIM' }))
    expect(uploads[0]!.aborted).toBe(true)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirma?' })).toBeNull())
    expect(row('Laudo.pdf').getByRole('status').textContent).toBe('Cancelado')

    await uploads[1]!.answer(201, { id: 2 })
    expect(await screen.findByText('1 documento enviado!')).toBeTruthy()
    expect(uploads[1]!.aborted).toBe(false)
    expect(onClose).not.toHaveBeenCalled()
  })

  it('CANCELAR while sending asks, then stops everything and closes', async () => {
    const uploads = holdUploads()
    const { user, dialog, onClose } = open()
    await user.upload(dialog.getByTestId('document-files'), [pdf, csv, txt])
    await user.click(dialog.getByRole('button', { name: 'CARREGAR' }))
    await user.click(dialog.getByRole('button', { name: 'CANCELAR' }))
    const ask = within(screen.getByRole('dialog', { name: 'Confirma?' }))
    expect(ask.getByText('Os envios em andamento serão interrompidos.')).toBeTruthy()
    await user.click(ask.getByRole('button', { name: 'SIM' }))
    expect(onClose).toHaveBeenCalledOnce()
    expect(uploads.map((u) => u.aborted)).toEqual([true, true])
    // The third never went, and nothing says it did.
    expect(screen.queryByText(/documentos? enviados?!/)).toBeNull()
  })
})
