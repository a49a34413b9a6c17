import type { Feature, FeatureAttribute, LayerPermissions } from '@gis/shared'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerFetch, type Answer } from '../../../test/answered-fetch'
import { renderInApp } from '../../../test/render'
import { layerDescription } from '../../../test/layer-description'
import { FeatureForm } from './FeatureForm'

afterEach(() => vi.restoreAllMocks())

const attribute = (name: string, type: 'string' | 'number', title: string) =>
  ({ name, title, type, maxLength: type === 'string' ? 60 : null, tooltip: '' }) as const

const placas = layerDescription({
  name: 'placas',
  title: 'Placas',
  attributes: [
    attribute('id', 'number', ''),
    attribute('nome', 'string', 'Nome'),
    attribute('km', 'number', 'Km'),
    attribute('situacao', 'string', 'Situação'),
  ],
  domains: { situacao: { title: 'Situações', type: 'selectable', values: ['Boa', 'Ruim'] } },
})

/** What the server says of the layer's fields: nome is NOT NULL. */
const ATTRIBUTES: FeatureAttribute[] = placas.attributes.map((a) => ({
  ...a,
  system: a.name === 'id',
  editable: a.name !== 'id',
  notNull: a.name === 'nome' || a.name === 'id',
}))

const feature: Feature = {
  layer: 'placas',
  id: 7,
  attributes: { id: 7, nome: 'Placa A', km: 12.5, situacao: 'Boa' },
  geom: null,
  version: 'v1',
}

const allowed = (flags: Partial<LayerPermissions> = {}): LayerPermissions => ({
  readFeature: true,
  updateFeature: true,
  createFeature: true,
  deleteFeature: false,
  createFeatureAttachment: false,
  readFeatureAttachment: false,
  deleteFeatureAttachment: false,
  ...flags,
})

const SAVE = 'PUT /api/features/placas/7?geom=false'
const INSERT = 'POST /api/features/placas'

function show({
  /** null: a new feature (the geometry editor's insert). */
  editing = feature as Feature | null,
  perms = allowed(),
  answers = {} as Record<string, Answer>,
} = {}) {
  const api = answerFetch({
    'GET /auth/permissions': { body: { admin: false, layers: { placas: perms } } },
    'GET /api/features/placas/attributes': { body: ATTRIBUTES },
    ...answers,
  })
  renderInApp(
    <MemoryRouter>
      <FeatureForm layer={placas} feature={editing ?? undefined} />
    </MemoryRouter>,
  )
  return { api, user: userEvent.setup() }
}

const input = (name: string) => screen.getByRole('textbox', { name })
const sent = (api: ReturnType<typeof answerFetch>, call: string) =>
  api.to(call.split(' ')[0]!, call.split(' ')[1]!).map((c) => c.body)

/** Once the server's field list is in (what is required) and the permissions. */
async function loaded(button: string) {
  await waitFor(() => expect(input('Nome')).toHaveProperty('required', true))
  return screen.findByRole('button', { name: button })
}

describe('the attribute form (FeatureForm)', () => {
  it('keeps a Brazilian number as typed and sends it as a number, only the changed field', async () => {
    const { api, user } = show({
      answers: {
        [SAVE]: {
          body: { ...feature, version: 'v2', attributes: { ...feature.attributes, km: 1234.5 } },
        },
      },
    })
    const save = await loaded('SALVAR')
    expect(input('Km')).toHaveProperty('value', '12,5')
    expect(save).toHaveProperty('disabled', true)

    await user.clear(input('Km'))
    await user.type(input('Km'), '1.234,5')
    expect(input('Km')).toHaveProperty('value', '1.234,5')
    expect(screen.getByText('1 alteração não gravada')).toBeTruthy()
    await user.click(save)

    expect(await screen.findByText('Dados gravados com sucesso!')).toBeTruthy()
    expect(sent(api, SAVE)).toEqual([{ version: 'v1', attributes: { km: 1234.5 } }])
    expect(input('Km')).toHaveProperty('value', '1.234,5')
    expect(api.unexpected).toEqual([])
  })

  it('flags a number that does not read as one, and sends nothing', async () => {
    const { api, user } = show()
    const save = await loaded('SALVAR')
    await user.clear(input('Km'))
    await user.type(input('Km'), '12,3,4')
    await user.click(save)
    expect(
      await screen.findByText('Número inválido: use vírgula para os decimais (ex.: 1.234,5)'),
    ).toBeTruthy()
    expect(input('Km').getAttribute('aria-invalid')).toBe('true')
    expect(sent(api, SAVE)).toEqual([])
  })

  it('refuses an empty required field with the shared message', async () => {
    const { api, user } = show()
    const save = await loaded('SALVAR')
    await user.clear(input('Nome'))
    await user.click(save)
    expect(await screen.findByText('Campo obrigatório')).toBeTruthy()
    expect(input('Nome').getAttribute('aria-invalid')).toBe('true')
    expect(sent(api, SAVE)).toEqual([])
    // Put right, the message goes.
    await user.type(input('Nome'), 'Placa B')
    expect(screen.queryByText('Campo obrigatório')).toBeNull()
  })

  it("puts the server's field errors on their fields", async () => {
    const { api, user } = show({
      answers: {
        [SAVE]: {
          status: 400,
          body: {
            message: 'Corrija os campos marcados.',
            errors: [{ field: 'nome', message: 'Já existe uma placa com este nome.' }],
          },
        },
      },
    })
    const save = await loaded('SALVAR')
    await user.type(input('Nome'), ' 2')
    await user.click(save)
    expect(await screen.findByText('Já existe uma placa com este nome.')).toBeTruthy()
    expect(await screen.findByText('Corrija os campos marcados.')).toBeTruthy()
    expect(sent(api, SAVE)).toEqual([{ version: 'v1', attributes: { nome: 'Placa A 2' } }])
  })

  it("offers a domain field's values (and Nenhum when it may be empty)", async () => {
    const { api, user } = show({ answers: { [SAVE]: { body: { ...feature, version: 'v2' } } } })
    const save = await loaded('SALVAR')
    const situacao = screen.getByRole('combobox', { name: 'Situação' })
    expect(situacao.textContent).toBe('Boa')
    await user.click(situacao)
    const options = within(screen.getByRole('listbox'))
    expect(options.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Nenhum',
      'Boa',
      'Ruim',
    ])
    await user.click(options.getByRole('option', { name: 'Ruim' }))
    await user.click(save)
    await screen.findByText('Dados gravados com sucesso!')
    expect(sent(api, SAVE)).toEqual([{ version: 'v1', attributes: { situacao: 'Ruim' } }])
  })

  it('is read-only, with the reason, when the user may not edit the layer', async () => {
    show({ perms: allowed({ updateFeature: false }) })
    expect(
      await screen.findByText('Você não possui permissão para editar features nesta layer!'),
    ).toBeTruthy()
    expect(input('Nome')).toHaveProperty('readOnly', true)
    expect(input('Km')).toHaveProperty('readOnly', true)
    expect(screen.queryByRole('button', { name: 'SALVAR' })).toBeNull()
  })

  it('inserts a new feature with what was typed, refusing it first without the required field', async () => {
    const created = { ...feature, id: 8, attributes: { id: 8, nome: 'Placa C', km: 1234.5 } }
    const { api, user } = show({ editing: null, answers: { [INSERT]: { body: created } } })
    const insert = await loaded('Salvar')
    await user.type(input('Km'), '1.234,5')
    await user.click(insert)
    expect(await screen.findByText('Campo obrigatório')).toBeTruthy()
    expect(sent(api, INSERT)).toEqual([])

    await user.type(input('Nome'), 'Placa C')
    await user.click(insert)
    expect(await screen.findByText('Dados gravados com sucesso!')).toBeTruthy()
    expect(sent(api, INSERT)).toEqual([{ attributes: { nome: 'Placa C', km: 1234.5 }, geom: null }])
  })
})
