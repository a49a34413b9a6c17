import { describe, expect, it } from 'vitest'
import { usableExtent } from './capabilities'

describe("a layer's box", () => {
  it('treats null, short, out-of-range and zero boxes as no information', () => {
    expect(usableExtent(null)).toBeNull()
    expect(usableExtent([1, 2, 3])).toBeNull()
    expect(usableExtent([0, 0, 0, 0])).toBeNull()
    expect(usableExtent([-181, 0, 10, 10])).toBeNull()
    expect(usableExtent([0, -91, 10, 10])).toBeNull()
    expect(usableExtent([10, 0, 0, 10])).toBeNull()
    expect(usableExtent([NaN, 0, 1, 1])).toBeNull()
  })

  it('keeps a good box, a single point included', () => {
    expect(usableExtent([-48, -23.5, -46, -22])).toEqual([-48, -23.5, -46, -22])
    expect(usableExtent([-47, -23, -47, -23])).toEqual([-47, -23, -47, -23])
  })
})
