import { inspectionToday } from '@gis/shared/inspections'
import { describe, expect, it } from 'vitest'
import { checkForm, newForm, serverErrors, withPhoto, type InspectionFormState } from './form-model'

const filled = (): InspectionFormState => ({
  ...newForm('Ana', 2),
  structural: 5,
  functional: 4,
  durability: 3,
})

describe('inspection form', () => {
  it('starts today (dd/mm/aaaa) and sends the ISO date and the sent photos only', () => {
    const s = {
      ...filled(),
      photos: [
        { key: 'a', name: 'a.jpg', caption: ' vista ', preview: '', percent: 100, contentId: 7 },
        { key: 'b', name: 'b.jpg', caption: '', preview: '', percent: 40 },
      ],
    }
    expect(s.date).toBe(inspectionToday().split('-').reverse().join('/'))
    const { input, errors } = checkForm(12, s)
    expect(errors).toEqual({})
    expect(input).toMatchObject({
      featureId: 12,
      typeId: 2,
      date: inspectionToday(),
      photos: [{ contentId: 7, caption: 'vista' }],
    })
  })

  it('asks for the notes, the type and a readable date, with the schema messages', () => {
    const { errors } = checkForm(12, { ...newForm('', ''), date: '31/02/2026' })
    expect(Object.keys(errors).sort()).toEqual(
      ['date', 'durability', 'functional', 'inspector', 'structural', 'typeId'].sort(),
    )
    expect(errors.structural).toBe('Escolha a nota.')
    expect(errors.inspector).toBe('É necessário informar o inspetor.')
  })

  it('puts an anomaly problem and a server field error on their fields', () => {
    const s = {
      ...filled(),
      anomalies: [{ key: 'x', element: '', description: 'Fissura', note: null, photos: [] }],
    }
    expect(checkForm(1, s).errors['anomalies.0.element']).toBe(
      'É necessário informar o elemento da anomalia.',
    )
    expect(
      serverErrors({
        status: 400,
        message: '',
        errors: [{ field: 'anomalies[0].photos[1].contentId', message: 'A foto 9 …' }],
      }),
    ).toEqual({ 'anomalies.0.photos.1.contentId': 'A foto 9 …' })
  })

  it('changes or removes a photo wherever it is', () => {
    const photo = { key: 'p', name: 'p.jpg', caption: '', preview: '', percent: 0 }
    const s = {
      ...filled(),
      anomalies: [{ key: 'x', element: 'Juntas', description: 'd', note: 2, photos: [photo] }],
    }
    const sent = withPhoto(s, 'p', { contentId: 3, percent: 100 })
    expect(sent.anomalies[0]!.photos[0]).toMatchObject({ contentId: 3, percent: 100 })
    expect(withPhoto(sent, 'p', null).anomalies[0]!.photos).toEqual([])
  })
})
