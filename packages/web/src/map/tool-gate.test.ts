import type OlMap from 'ol/Map'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toolGate } from './tool-gate'

const now = vi.spyOn(performance, 'now')
afterEach(() => now.mockReset())
const at = (ms: number) => now.mockReturnValue(ms)

describe('toolGate: the 250 ms after the right-click menu closes', () => {
  it('blocks while the menu is open and for 250 ms after it closes', () => {
    const gate = toolGate({} as OlMap)
    at(1000)
    expect(gate.blocked()).toBe(false)
    gate.menuOpened()
    at(5000)
    expect(gate.blocked()).toBe(true)
    gate.menuClosed()
    at(5249)
    expect(gate.blocked()).toBe(true)
    at(5251)
    expect(gate.blocked()).toBe(false)
  })

  it('judges a click by when it happened, not by when OpenLayers reports it', () => {
    const gate = toolGate({} as OlMap)
    at(1000)
    gate.menuOpened()
    at(2000)
    gate.menuClosed()
    // singleclick arrives 250 ms after the click: a click 100 ms after closing stays blocked.
    at(2350)
    expect(gate.blocked(2100)).toBe(true)
    expect(gate.blocked(2300)).toBe(false)
    // A click just before the right-click: the menu took over, its singleclick is dropped.
    expect(gate.blocked(900)).toBe(true)
    gate.menuOpened()
    expect(gate.blocked(2400)).toBe(true)
  })
})
