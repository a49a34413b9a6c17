import type { DocumentDetail } from '@gis/shared/documents'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fileOf, formFields, holdUploads } from '../../../test/held-uploads'
import { renderInApp } from '../../../test/render'
import { DocumentVersions } from './DocumentVersions'

afterEach(() => vi.unstubAllGlobals())

const doc = {
  id: 12,
  title: 'Laudo da ponte',
  version: 1,
  versions: [
    {
      version: 1,
      contentId: 5,
      filename: 'laudo.pdf',
      contentType: 'application/pdf',
      size: 2048,
      pageCount: 3,
      thumbnail: true,
      preview: 'READY',
      comment: '',
      created: '2026-12-03T09:00:00Z',
      createdBy: 'demo',
    },
  ],
  links: [],
} as unknown as DocumentDetail

describe('NOVA VERSÃO (documents)', () => {
  it("sends the file with its comment, shows the server's message, and sends it again", async () => {
    const uploads = holdUploads()
    const user = userEvent.setup()
    renderInApp(<DocumentVersions doc={doc} editable />)
    await user.click(screen.getByRole('button', { name: 'NOVA VERSÃO' }))
    const dialog = within(screen.getByRole('dialog', { name: 'Nova versão: Laudo da ponte' }))
    expect(dialog.getByText('Nenhum arquivo escolhido')).toBeTruthy()
    await user.upload(
      dialog.getByTestId('document-version-file'),
      fileOf('laudo-v2.pdf', 'application/pdf', 4096),
    )
    expect(dialog.getByText('laudo-v2.pdf · 4,00 KB')).toBeTruthy()
    await user.click(dialog.getByLabelText('Comentário'))
    await user.paste(' Fotos novas ')
    await user.click(dialog.getByRole('button', { name: 'CARREGAR' }))

    expect(uploads.map((u) => [u.method, u.url, formFields(u.form)])).toEqual([
      [
        'POST',
        '/api/documents/12/versions',
        { comment: 'Fotos novas', file: 'laudo-v2.pdf (4096 B)' },
      ],
    ])
    await uploads[0]!.progress(25)
    expect(dialog.getByRole('status').textContent).toBe('Enviando 25%')
    await uploads[0]!.answer(409, { message: 'O documento está bloqueado por outro usuário.' })
    expect(dialog.getByRole('alert').textContent).toBe(
      'O documento está bloqueado por outro usuário.',
    )

    await user.click(dialog.getByRole('button', { name: 'CARREGAR' }))
    expect(dialog.queryByRole('alert')).toBeNull()
    expect(uploads).toHaveLength(2)
    await uploads[1]!.answer(201, doc)
    expect(await screen.findByText('Nova versão enviada!')).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: /Nova versão/ })).toBeNull()
  })
})
