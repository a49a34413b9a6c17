import { describe, expect, it } from 'vitest'
import { visibleNavItems, visibleTools } from './tools'

const all = () => true

describe('FERRAMENTAS visibility', () => {
  it('hides administrator tools from ordinary users and SMMCAD without its module', () => {
    const labels = visibleTools(false, [], all).map((t) => t.label)
    expect(labels).toEqual([
      'tools.search',
      'tools.createFeature',
      'tools.dataLoader',
      'tools.report',
    ])
  })

  it('shows every tool to an administrator with the smmcad module', () => {
    expect(visibleTools(true, ['smmcad'], all)).toHaveLength(8)
  })

  it('offers only tools whose window type exists, and the map tools (CRIAR FEIÇÃO)', () => {
    const labels = visibleTools(true, [], (type) => type === 'Auditor').map((t) => t.label)
    expect(labels).toEqual(['tools.createFeature', 'tools.auditor'])
    expect(visibleTools(false, [], () => false).map((t) => t.mapTool)).toEqual(['editor'])
  })
})

describe('top bar items', () => {
  it('lists module items only with their module and the control panel only for administrators', () => {
    expect(visibleNavItems(false, []).map((i) => i.label)).toEqual(['nav.map', 'nav.workspace'])
    expect(
      visibleNavItems(true, ['documents', 'orbit', 'oaeInspections']).map((i) => i.label),
    ).toEqual([
      'nav.map',
      'nav.workspace',
      'nav.documents',
      'nav.orbit',
      'nav.inspection',
      'nav.dashboard',
    ])
  })
})
