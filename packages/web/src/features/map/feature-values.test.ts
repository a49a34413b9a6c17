import type { LayerDescription } from '@gis/shared'
import { describe, expect, it } from 'vitest'
import { attributeGroups, isImage } from './feature-values'

const description = {
  name: 'oae',
  title: 'OAE',
  attributes: [
    { name: 'id', type: 'number', maxLength: null, title: 'Id', tooltip: '' },
    { name: 'uuid', type: 'string', maxLength: null, title: 'UUID', tooltip: '' },
    { name: 'd_e_l_e_t_', type: 'boolean', maxLength: null, title: 'Excluído?', tooltip: '' },
    { name: 'codigo', type: 'string', maxLength: 24, title: 'Código', tooltip: '' },
    { name: 'km', type: 'number', maxLength: null, title: 'Km', tooltip: '' },
    { name: 'ultima', type: 'date', maxLength: null, title: 'Última inspeção', tooltip: '' },
  ],
  layout: [
    { title: 'Identificação', fields: [{ name: 'codigo', title: 'Código', visible: true }] },
  ],
} as unknown as LayerDescription

describe('feature values in the selection drawer', () => {
  it('groups by layout, then the id, the other fields and the system fields', () => {
    const groups = attributeGroups(description, {
      id: 7,
      uuid: 'u',
      d_e_l_e_t_: false,
      codigo: 'OAE-1',
      km: 12.5,
      ultima: null,
      geom: 'POINT(1 2)',
    })
    expect(groups.map((g) => g.title)).toEqual(['Identificação', null])
    expect(groups[0]!.rows).toEqual([{ name: 'codigo', title: 'Código', value: 'OAE-1' }])
    expect(groups[1]!.rows.map((r) => r.name)).toEqual(['id', 'km', 'ultima', 'uuid', 'd_e_l_e_t_'])
  })

  it('shows a value sent for review beside the current one (issue 42)', () => {
    const groups = attributeGroups(
      description,
      { id: 7, codigo: 'OAE-1', km: 20.6 },
      { km: 21.35, codigo: null },
    )
    const rows = groups.flatMap((g) => g.rows)
    expect(rows.find((r) => r.name === 'km')!.value).toBe('20,6 (aguardando aprovação: 21,35)')
    expect(rows.find((r) => r.name === 'codigo')!.value).toBe('OAE-1 (aguardando aprovação: -)')
    expect(rows.find((r) => r.name === 'id')!.value).toBe('7')
  })

  it('knows images by content type or extension', () => {
    expect(isImage({ contentType: 'image/jpeg', filename: 'x' })).toBe(true)
    expect(isImage({ contentType: 'application/octet-stream', filename: 'FOTO.JPG' })).toBe(true)
    expect(isImage({ contentType: 'application/pdf', filename: 'a.pdf' })).toBe(false)
  })
})
