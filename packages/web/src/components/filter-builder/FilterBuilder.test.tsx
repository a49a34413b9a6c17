import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { FilterBuilder } from './FilterBuilder'
import { EMPTY_FILTER, type BuilderField, type FilterBuilderState } from './filter-model'

const FIELDS: BuilderField[] = [
  { name: 'rodovia', title: 'Rodovia', type: 'string' },
  { name: 'km', title: 'Km', type: 'number' },
]
const noSamples = () => ({ values: [], loading: false })

/** The builder as a screen holds it: its value in state; the last value it emitted kept. */
function Harness({ layer = 'placas', seen }: { layer?: string; seen: FilterBuilderState[] }) {
  const [value, setValue] = useState<FilterBuilderState>(EMPTY_FILTER)
  return (
    <FilterBuilder
      layer={layer}
      fields={FIELDS}
      value={value}
      onChange={(next) => {
        seen.push(next)
        setValue(next)
      }}
      useSamples={noSamples}
    />
  )
}

const says = () => screen.getByTestId('logic-says').textContent

describe('FilterBuilder', () => {
  it('asks for a layer before anything else', () => {
    render(
      <FilterBuilder
        layer={undefined}
        fields={FIELDS}
        value={EMPTY_FILTER}
        onChange={() => {}}
        useSamples={noSamples}
      />,
    )
    expect(screen.getByText("Selecione uma 'Layer' antes de filtrar")).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Adicionar Regra' })).toBeNull()
  })

  it('says in words that a basic search ORs its rules, and joins them by E in one click', async () => {
    const user = userEvent.setup()
    const seen: FilterBuilderState[] = []
    render(<Harness seen={seen} />)
    expect(screen.getByText('Filtragem Básica')).toBeTruthy()
    expect(screen.getByText('Nenhuma regra: a busca traz todos os registros.')).toBeTruthy()
    expect(says()).toBe('A busca traz todos os registros (nenhuma regra na lógica).')

    await user.click(screen.getByRole('button', { name: 'Adicionar Regra' }))
    expect(screen.getByRole('group', { name: 'Regra 1' })).toBeTruthy()
    expect(says()).toBe('A busca traz os registros que atendem à regra R1.')
    // One rule: nothing to join.
    expect(screen.queryByRole('button', { name: 'Exigir todas as regras (E)' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Adicionar Regra' }))
    expect(says()).toMatch(
      /^A busca traz os registros que atendem a qualquer uma das regras \(R1.*R2\)\.$/,
    )
    expect(seen.at(-1)!.logic).toMatchObject({ operator: 'or' })

    await user.click(screen.getByRole('button', { name: 'Exigir todas as regras (E)' }))
    expect(says()).toMatch(/^A busca traz os registros que atendem a todas as regras \(R1.*R2\)\.$/)
    expect(seen.at(-1)!.logic).toMatchObject({ operator: 'and' })
    expect(seen.at(-1)!.rules).toHaveLength(2)
    // The logic is now the user's: generated no more, and the choice is kept for the next time.
    expect(screen.getByRole('switch', { name: 'Gerar automaticamente' })).toHaveProperty(
      'checked',
      false,
    )
    expect(window.localStorage.getItem('gis.filterBuilder.autoGenerate')).toBe('false')
  })

  it('keeps a number as typed the Brazilian way and flags one that is not a number', async () => {
    const user = userEvent.setup()
    const seen: FilterBuilderState[] = []
    render(<Harness seen={seen} />)
    await user.click(screen.getByRole('button', { name: 'Adicionar Regra' }))
    const rule = within(screen.getByRole('group', { name: 'Regra 1' }))
    await user.selectOptions(rule.getByLabelText('Campo'), 'km')
    const input = rule.getByRole('combobox', { name: 'Valor' })
    // A number rule starts at 0 (the shared filters' defaultRuleValue).
    expect(input).toHaveProperty('value', '0')
    await user.clear(input)
    await user.type(input, '1.234,5')
    expect(input).toHaveProperty('value', '1.234,5')
    expect(seen.at(-1)!.rules[0]).toMatchObject({ field: 'km', value: '1.234,5' })
    expect(rule.queryByText(/número/i)).toBeNull()

    await user.clear(input)
    await user.type(input, '12,3,4')
    expect(input).toHaveProperty('value', '12,3,4')
    expect(input.getAttribute('aria-invalid')).toBe('true')
  })

  it('removes a rule and renumbers the rest', async () => {
    const user = userEvent.setup()
    render(<Harness seen={[]} />)
    await user.click(screen.getByRole('button', { name: 'Adicionar Regra' }))
    await user.click(screen.getByRole('button', { name: 'Adicionar Regra' }))
    await user.click(screen.getByRole('button', { name: 'Remover a regra 1' }))
    expect(screen.queryByRole('group', { name: 'Regra 2' })).toBeNull()
    expect(screen.getByRole('group', { name: 'Regra 1' })).toBeTruthy()
    expect(says()).toBe('A busca traz os registros que atendem à regra R1.')
  })
})
