import { describe, expect, it } from 'vitest'
import { opacityPercent } from './layer-tree'

describe('opacityPercent', () => {
  it('shows the stored 0–255 opacity in whole percent', () => {
    expect(opacityPercent(255)).toBe(100)
    expect(opacityPercent(180)).toBe(71)
    expect(opacityPercent(1)).toBe(0)
    expect(opacityPercent(0)).toBe(0)
  })
})
