import type { BridgeDetail, InspectionType } from '@gis/shared/inspections'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { answerFetch, type Answer } from '../../../test/answered-fetch'
import { fileOf, formFields, holdUploads } from '../../../test/held-uploads'
import { renderInApp } from '../../../test/render'
import { InspectionForm } from './InspectionForm'

beforeEach(() => {
  // jsdom makes no object URLs: the form shows a chosen photo by one.
  vi.stubGlobal(
    'URL',
    class extends URL {
      static override createObjectURL = () => 'blob:photo'
    },
  )
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

const type = (id: number, name: string): InspectionType => ({
  id,
  name,
  periodicityMonths: 12,
  position: id,
  inUse: false,
})
const TYPES = [type(1, 'Rotineira'), type(2, 'Especial')]

const bridge = {
  featureId: 12,
  codigo: 'OAE-014',
  rodovia: 'SP-055',
  km: 14.2,
  nextDueType: 'Especial',
  canRecord: true,
  moderated: false,
} as BridgeDetail

const CREATE = 'POST /api/inspections'

function open(answers: Record<string, Answer> = {}) {
  const api = answerFetch({ 'GET /api/inspections/types': { body: TYPES }, ...answers })
  const onClose = vi.fn()
  renderInApp(<InspectionForm bridge={bridge} onClose={onClose} />)
  const dialog = within(screen.getByRole('dialog', { name: /Nova inspeção/ }))
  return { api, onClose, dialog, user: userEvent.setup() }
}

async function choose(user: ReturnType<typeof userEvent.setup>, field: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: field }))
  await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }))
}

/** Everything the schema asks for, typed as a user would. */
async function fill(user: ReturnType<typeof userEvent.setup>, dialog: ReturnType<typeof within>) {
  await user.click(dialog.getByRole('textbox', { name: 'Inspetor' }))
  await user.paste('Ana Souza')
  const date = dialog.getByRole('textbox', { name: 'Data da inspeção' })
  await user.clear(date)
  await user.paste('05/03/2026')
  await choose(user, 'Estrutural', '5 - Excelente')
  await choose(user, 'Funcional', '4 - Boa')
  await choose(user, 'Durabilidade', '3 - Regular')
}

describe('the inspection form', () => {
  it('starts on the type that falls due next, refuses what is missing, then sends the ISO date', async () => {
    const { api, onClose, dialog, user } = open({
      [CREATE]: { status: 201, body: { id: 40, status: 'ACCEPTED' } },
    })
    expect(dialog.getByText(/OAE-014 · SP-055 km 14,200/)).toBeTruthy()
    await waitFor(() =>
      expect(dialog.getByRole('combobox', { name: 'Tipo de inspeção' }).textContent).toBe(
        'Especial',
      ),
    )
    await user.click(dialog.getByRole('button', { name: 'SALVAR' }))
    expect(await screen.findByText('Corrija os campos marcados.')).toBeTruthy()
    expect(dialog.getByText('É necessário informar o inspetor.')).toBeTruthy()
    expect(dialog.getAllByText('Escolha a nota.')).toHaveLength(3)
    expect(api.to('POST', '/api/inspections')).toEqual([])

    await fill(user, dialog)
    // Each field put right loses its message.
    expect(dialog.queryByText('É necessário informar o inspetor.')).toBeNull()
    expect(dialog.queryByText('Escolha a nota.')).toBeNull()
    await user.click(dialog.getByRole('button', { name: 'SALVAR' }))
    expect(await screen.findByText('Inspeção registrada.')).toBeTruthy()
    expect(api.to('POST', '/api/inspections').map((c) => c.body)).toEqual([
      {
        featureId: 12,
        typeId: 2,
        date: '2026-03-05',
        inspector: 'Ana Souza',
        structural: 5,
        functional: 4,
        durability: 3,
        recommendations: '',
        anomalies: [],
        photos: [],
      },
    ])
    expect(onClose).toHaveBeenCalledOnce()
    expect(api.unexpected).toEqual([])
  })

  it('flags a date that is not one, and puts the server’s field errors on their fields', async () => {
    const { api, onClose, dialog, user } = open({
      [CREATE]: {
        status: 400,
        body: {
          message: 'Dados inválidos.',
          errors: [{ field: 'body.date', message: 'A data não pode estar no futuro.' }],
        },
      },
    })
    await dialog.findByRole('combobox', { name: 'Tipo de inspeção' })
    await fill(user, dialog)
    const date = dialog.getByRole('textbox', { name: 'Data da inspeção' })
    await user.clear(date)
    await user.paste('31/02/2026')
    await user.click(dialog.getByRole('button', { name: 'SALVAR' }))
    expect(dialog.getByText('Data inválida (use dd/mm/aaaa)')).toBeTruthy()
    expect(api.to('POST', '/api/inspections')).toEqual([])

    await user.clear(date)
    await user.paste('05/03/2026')
    await user.click(dialog.getByRole('button', { name: 'SALVAR' }))
    expect(await dialog.findByText('A data não pode estar no futuro.')).toBeTruthy()
    // Said once for the date the form refused, once for the server's.
    await waitFor(() => expect(screen.getAllByText('Corrija os campos marcados.')).toHaveLength(2))
    expect(onClose).not.toHaveBeenCalled()
  })

  it('asks an anomaly for its element, and waits for the photos before sending their content ids', async () => {
    const uploads = holdUploads()
    const { api, dialog, user } = open({
      [CREATE]: { status: 201, body: { id: 41, status: 'PENDING' } },
    })
    await dialog.findByRole('combobox', { name: 'Tipo de inspeção' })
    await fill(user, dialog)
    await user.click(dialog.getByRole('button', { name: 'ADICIONAR ANOMALIA' }))
    const anomaly = within(dialog.getByRole('group', { name: 'Anomalia 1' }))
    await user.click(anomaly.getByRole('textbox', { name: 'Descrição' }))
    await user.paste('Fissura na longarina')
    await user.click(dialog.getByRole('button', { name: 'SALVAR' }))
    expect(anomaly.getByText('É necessário informar o elemento da anomalia.')).toBeTruthy()
    await user.type(anomaly.getByRole('combobox', { name: 'Elemento' }), 'Juntas')
    expect(anomaly.queryByText('É necessário informar o elemento da anomalia.')).toBeNull()

    const general = within(dialog.getByRole('group', { name: 'Fotos gerais' }))
    await user.upload(general.getByTestId('photo-input'), fileOf('vista.jpg', 'image/jpeg', 900))
    expect(uploads.map((u) => [u.method, u.url, formFields(u.form)])).toEqual([
      [
        'POST',
        '/api/content',
        { tag: 'inspecoes/fotos', title: 'vista.jpg', file: 'vista.jpg (900 B)' },
      ],
    ])
    expect(dialog.getByText('Aguarde o envio das fotos.')).toBeTruthy()
    expect(dialog.getByRole('button', { name: 'SALVAR' })).toHaveProperty('disabled', true)
    await uploads[0]!.answer(201, { id: 55 })
    expect(dialog.queryByText('Aguarde o envio das fotos.')).toBeNull()
    await user.click(general.getByRole('textbox', { name: 'Legenda' }))
    await user.paste(' Vista geral ')

    await user.click(dialog.getByRole('button', { name: 'SALVAR' }))
    // A moderated user's inspection waits for approval.
    expect(await screen.findByText('Inspeção enviada para aprovação.')).toBeTruthy()
    expect(api.to('POST', '/api/inspections')[0]!.body).toMatchObject({
      anomalies: [
        { element: 'Juntas', description: 'Fissura na longarina', note: null, photos: [] },
      ],
      photos: [{ contentId: 55, caption: 'Vista geral' }],
    })
  })

  it("says the server's message when it refused without field errors", async () => {
    const { dialog, onClose, user } = open({
      [CREATE]: { status: 403, body: { message: 'Você não pode registrar inspeções desta obra.' } },
    })
    await dialog.findByRole('combobox', { name: 'Tipo de inspeção' })
    await fill(user, dialog)
    await user.click(dialog.getByRole('button', { name: 'SALVAR' }))
    expect(await screen.findByText('Você não pode registrar inspeções desta obra.')).toBeTruthy()
    expect(onClose).not.toHaveBeenCalled()
  })
})
