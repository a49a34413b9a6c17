import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderInApp } from '../../../test/render'
import { layerDescription } from '../../../test/layer-description'
import { defaultSpatialize, emptyMappings } from './column-mappings'
import { ConfigTab } from './ConfigTab'
import type { ImportConfig, ImportJob } from './dataloader-types'

const COLUMNS = ['ID', 'Rodovia', 'Km', 'Observação']

const job: ImportJob = {
  id: 7,
  filename: 'placas.csv',
  user: 'demo',
  createdDate: '2026-12-03T09:00:00Z',
  rowCount: 3,
  metadata: {
    columnNames: COLUMNS,
    columnIndexes: Object.fromEntries(COLUMNS.map((c, i) => [c, i])),
    columnTypes: Object.fromEntries(COLUMNS.map((c) => [c, 'string'])),
  },
  config: null,
  state: 'READY',
} as ImportJob

const attribute = (name: string, title: string) =>
  ({ name, title, type: 'string', maxLength: null, tooltip: '' }) as const

const placas = layerDescription({
  name: 'placas',
  title: 'Placas',
  attributes: [attribute('rodovia', 'Rodovia'), attribute('km', 'Km'), attribute('obs', 'Nota')],
})

const chosen: ImportConfig = {
  destinyType: 0,
  layerName: 'placas',
  layerTitle: 'Placas',
  mappings: emptyMappings(job),
  // As LAYER EXISTENTE leaves it (DestinationPicker).
  ...defaultSpatialize(job, 0),
}

/** The tab as the wizard holds it: the configuration in state, every change kept. */
function Harness({ seen }: { seen: (ImportConfig | undefined)[] }) {
  const [config, setConfig] = useState<ImportConfig | undefined>(chosen)
  return (
    <ConfigTab
      job={job}
      config={config}
      layers={[placas]}
      onChange={(next) => {
        seen.push(next)
        setConfig(next)
      }}
    />
  )
}

const destinyOf = (column: string) =>
  screen.getByRole('combobox', { name: `Atributo de destino ${column}` })
const keyOf = (column: string) => screen.getByRole('checkbox', { name: `Campo chave ${column}` })

describe('the import mapping (CONFIGURAÇÃO)', () => {
  it('AUTO MAPEAR maps the columns alike in name, id as the key, and leaves the rest unmapped', async () => {
    const user = userEvent.setup()
    const seen: (ImportConfig | undefined)[] = []
    renderInApp(<Harness seen={seen} />)
    expect(screen.getByText('Atualizar layer existente')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'AUTO MAPEAR' }))
    const mapped = seen.at(-1)!.mappings
    expect(mapped.map((m) => [m.source, m.destiny, m.primaryKey])).toEqual([
      ['ID', 'id', true],
      ['Rodovia', 'rodovia', false],
      ['Km', 'km', false],
      ['Observação', null, false],
    ])
    expect(destinyOf('Rodovia').textContent).toBe('Rodovia')
    expect(keyOf('ID')).toHaveProperty('checked', true)
    // A column with no destination cannot be the key.
    expect(keyOf('Observação')).toHaveProperty('disabled', true)

    await user.click(screen.getByRole('button', { name: 'LIMPAR' }))
    expect(seen.at(-1)!.mappings.every((m) => m.destiny === null && !m.primaryKey)).toBe(true)
  })

  it('gives each destination to one column at most, and one key at most', async () => {
    const user = userEvent.setup()
    const seen: (ImportConfig | undefined)[] = []
    renderInApp(<Harness seen={seen} />)
    await user.click(destinyOf('Observação'))
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Km' }))
    expect(seen.at(-1)!.mappings[3]).toMatchObject({ destiny: 'km', destinyTitle: 'Km' })

    // Km is taken: offered to the other columns, but not to be chosen.
    await user.click(destinyOf('Km'))
    const options = within(screen.getByRole('listbox'))
    expect(options.getByRole('option', { name: 'Km' }).getAttribute('aria-disabled')).toBe('true')
    await user.click(options.getByRole('option', { name: 'Rodovia' }))

    await user.click(keyOf('Observação'))
    await user.click(keyOf('Km'))
    const keys = seen
      .at(-1)!
      .mappings.filter((m) => m.primaryKey)
      .map((m) => m.source)
    expect(keys).toEqual(['Km'])
    // A key other than id may name the column of the old key.
    expect(screen.getByRole('button', { name: 'CHAVE ANTIGA' })).toBeTruthy()
  })

  it('REDEFINIR asks first, then goes back to choosing the destination', async () => {
    const user = userEvent.setup()
    const seen: (ImportConfig | undefined)[] = []
    renderInApp(<Harness seen={seen} />)
    await user.click(screen.getByRole('button', { name: 'REDEFINIR' }))
    const dialog = screen.getByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'REDEFINIR' }))
    expect(seen).toEqual([undefined])
    expect(screen.getByRole('button', { name: 'LAYER EXISTENTE' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'AUTO MAPEAR' })).toBeNull()
  })
})
