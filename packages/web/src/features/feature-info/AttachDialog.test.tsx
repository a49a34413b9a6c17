import type { Attachment } from '@gis/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fileOf, formFields, holdUploads } from '../../../test/held-uploads'
import { renderInApp } from '../../../test/render'
import { AttachDialog } from './AttachDialog'

afterEach(() => vi.unstubAllGlobals())

const PATH = '/api/features/placas/7/attachments'
const MiB = 1_048_576
const photo = fileOf('Placa km 14.jpg', 'image/jpeg', 3072)

const stored: Attachment = {
  id: 31,
  uuid: 'b1c2',
  filename: 'Placa km 14.jpg',
  description: 'Vista lateral',
  contentType: 'image/jpeg',
  src: '/api/attachments/31',
  uploadDate: '2026-12-03T09:00:00Z',
  user: 'demo',
  size: 3072,
} as Attachment

function open({ initialFile = null as File | null, maxBytes = 10 * MiB } = {}) {
  const user = userEvent.setup()
  const onClose = vi.fn()
  const onUploaded = vi.fn()
  renderInApp(
    <AttachDialog
      open
      url={PATH}
      feature={{ layer: 'placas', id: 7 }}
      initialFile={initialFile}
      maxBytes={maxBytes}
      onClose={onClose}
      onUploaded={onUploaded}
    />,
  )
  const dialog = within(screen.getByRole('dialog', { name: 'Anexar arquivo' }))
  const choose = (file: File) => user.upload(dialog.getByTestId('attach-input'), file)
  const send = () => user.click(dialog.getByRole('button', { name: 'CARREGAR' }))
  return { user, dialog, choose, send, onClose, onUploaded }
}

describe('Anexar arquivo (feature window, DOCUMENTOS)', () => {
  it('sends the chosen file with its description, shows the percent, and closes', async () => {
    const uploads = holdUploads()
    const { user, dialog, choose, send, onClose, onUploaded } = open()
    expect(dialog.getByText('Nenhum arquivo escolhido')).toBeTruthy()
    await choose(photo)
    expect(dialog.getByText('Placa km 14.jpg')).toBeTruthy()
    expect(dialog.getByText('3,00 KB')).toBeTruthy()
    await user.click(dialog.getByLabelText('Descrição'))
    await user.paste('  Vista lateral ')
    await send()

    expect(uploads.map((u) => [u.method, u.url, formFields(u.form)])).toEqual([
      ['POST', PATH, { description: 'Vista lateral', file: 'Placa km 14.jpg (3072 B)' }],
    ])
    await uploads[0]!.progress(60)
    expect(dialog.getByRole('status').textContent).toBe('Enviando: 60%')
    expect(dialog.getByRole('button', { name: 'CARREGAR' })).toHaveProperty('disabled', true)
    await uploads[0]!.answer(201, stored)
    expect(await screen.findByText('Arquivo anexado com sucesso!')).toBeTruthy()
    expect(onUploaded).toHaveBeenCalledWith(stored)
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('asks for a file before sending anything', async () => {
    const uploads = holdUploads()
    const { dialog, choose, send } = open()
    await send()
    expect(dialog.getByRole('alert').textContent).toBe('É necessário escolher um arquivo')
    expect(uploads).toHaveLength(0)
    await choose(photo)
    expect(dialog.queryByRole('alert')).toBeNull()
  })

  it('does not send a file over the layer’s limit', async () => {
    const uploads = holdUploads()
    const { dialog, choose } = open({ maxBytes: 2 * MiB })
    await choose(fileOf('Ortofoto.tif', 'image/tiff', 3 * MiB))
    expect(dialog.getByRole('alert').textContent).toBe('O arquivo excede o tamanho máximo de 2 MB.')
    expect(dialog.getByRole('button', { name: 'CARREGAR' })).toHaveProperty('disabled', true)
    expect(uploads).toHaveLength(0)
  })

  it("shows the server's reason for a refused file; CARREGAR sends it again", async () => {
    const uploads = holdUploads()
    const { dialog, send, onClose, onUploaded } = open({ initialFile: photo })
    // The camera's photo comes chosen.
    expect(dialog.getByText('Placa km 14.jpg')).toBeTruthy()
    await send()
    await uploads[0]!.answer(413, { message: 'O arquivo excede o tamanho máximo de 1 MB.' })
    expect(await screen.findByText('Falha ao fazer upload do arquivo!')).toBeTruthy()
    expect(dialog.getByRole('alert').textContent).toBe('O arquivo excede o tamanho máximo de 1 MB.')
    expect(onClose).not.toHaveBeenCalled()

    await send()
    expect(uploads).toHaveLength(2)
    expect(formFields(uploads[1]!.form).file).toBe('Placa km 14.jpg (3072 B)')
    await uploads[1]!.answer(201, stored)
    expect(onUploaded).toHaveBeenCalledWith(stored)
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('a failure without a reason only says the upload failed', async () => {
    const uploads = holdUploads()
    const { dialog, send } = open({ initialFile: photo })
    await send()
    await uploads[0]!.answer(500, { message: 'Erro interno.' })
    expect(await screen.findByText('Falha ao fazer upload do arquivo!')).toBeTruthy()
    expect(dialog.queryByRole('alert')).toBeNull()
    expect(screen.queryByText('Erro interno.')).toBeNull()
  })

  it("a moderated user's file goes to review: said instead of attached", async () => {
    const uploads = holdUploads()
    const { send, onClose, onUploaded } = open({ initialFile: photo })
    await send()
    await uploads[0]!.answer(202, {
      submittedForApproval: true,
      approvalId: 4,
      itemId: 9,
      message: 'Mudança enviada para aprovação',
    })
    expect(await screen.findByText('Mudança enviada para aprovação')).toBeTruthy()
    expect(screen.queryByText('Arquivo anexado com sucesso!')).toBeNull()
    expect(onUploaded).not.toHaveBeenCalled()
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('CANCELAR while sending asks; SIM stops the upload, which is no error', async () => {
    const uploads = holdUploads()
    const { user, dialog, send, onClose } = open({ initialFile: photo })
    await send()
    await user.click(dialog.getByRole('button', { name: 'CANCELAR' }))
    const ask = within(screen.getByRole('dialog', { name: 'Confirma?' }))
    expect(ask.getByText('O envio do arquivo será interrompido.')).toBeTruthy()
    await user.click(ask.getByRole('button', { name: 'SIM' }))
    expect(uploads[0]!.aborted).toBe(true)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirma?' })).toBeNull())
    expect(dialog.queryByRole('status')).toBeNull()
    expect(screen.queryByText('Falha ao fazer upload do arquivo!')).toBeNull()
    expect(onClose).not.toHaveBeenCalled()
    // Still chosen, to be sent again.
    expect(dialog.getByRole('button', { name: 'CARREGAR' })).toHaveProperty('disabled', false)
  })
})
