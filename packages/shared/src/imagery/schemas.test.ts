import { describe, expect, it } from 'vitest'
import { t } from '../i18n/messages'
import {
  eventClosestQuerySchema,
  eventNeighboursQuerySchema,
  eventSearchQuerySchema,
  parseDecimal,
} from './schemas'

describe('the imagery queries', () => {
  it('read a decimal typed either way', () => {
    expect(parseDecimal('13,5')).toBe(13.5)
    expect(parseDecimal(' 13.5 ')).toBe(13.5)
    expect(parseDecimal('1.234,5')).toBe(1234.5)
    expect(parseDecimal('-23.55')).toBe(-23.55)
    expect(parseDecimal('14')).toBe(14)
    for (const bad of ['', 'abc', '1,2,3', '1e3', '0x10', 'Infinity']) {
      expect(parseDecimal(bad), bad).toBeUndefined()
    }
  })

  it('filter a search only by its non-empty parameters', () => {
    expect(
      eventSearchQuerySchema.parse({ road: 'SP-280', way: '', km: '13,5', survey: ' ' }),
    ).toEqual({
      road: 'SP-280',
      way: undefined,
      km: 13.5,
      survey: undefined,
    })
    const bad = eventSearchQuerySchema.safeParse({ km: 'treze' })
    expect(bad.error?.issues[0]?.message).toBe(t('imageryApi.kmInvalid'))
  })

  it('default the neighbour distance to 30 m and keep it within 500 m', () => {
    expect(eventNeighboursQuerySchema.parse({})).toEqual({ distance: 30 })
    expect(eventNeighboursQuerySchema.parse({ distance: '' })).toEqual({ distance: 30 })
    expect(eventNeighboursQuerySchema.parse({ distance: '500' })).toEqual({ distance: 500 })
    for (const distance of ['0', '500,1', 'x']) {
      expect(eventNeighboursQuerySchema.safeParse({ distance }).success, distance).toBe(false)
    }
  })

  it('need a latitude and a longitude in range', () => {
    expect(eventClosestQuerySchema.parse({ lat: '-23.5', lon: '-46,8' })).toEqual({
      lat: -23.5,
      lon: -46.8,
      survey: undefined,
    })
    expect(eventClosestQuerySchema.safeParse({ lat: '90.1', lon: '0' }).success).toBe(false)
    expect(eventClosestQuerySchema.safeParse({ lon: '0' }).error?.issues[0]?.message).toBe(
      t('imageryApi.latitudeInvalid'),
    )
  })
})
