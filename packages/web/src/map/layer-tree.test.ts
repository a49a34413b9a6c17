import type { LayerTreeNode } from '@gis/shared'
import { describe, expect, it } from 'vitest'
import {
  filterTree,
  findNode,
  leaves,
  moveSibling,
  radioPeers,
  selectAll,
  viewTree,
  visibleNames,
  type TreeOverrides,
} from './layer-tree'

let nextId = 1
function node(
  type: LayerTreeNode['type'],
  name: string,
  title: string,
  extra: Partial<LayerTreeNode> = {},
): LayerTreeNode {
  return {
    id: nextId++,
    name,
    managedName: type === 'layer' ? name : null,
    title,
    type,
    managed: type === 'layer',
    visibility: true,
    opacity: 255,
    extent: null,
    legendVersion: 1,
    radioGroup: null,
    geometryType: type === 'layer' ? 'point' : null,
    dataVersion: type === 'layer' ? 1 : null,
    baseLayerId: null,
    children: [],
    ...extra,
  }
}

/** The demo's tree, in short. */
const TREE: LayerTreeNode[] = [
  node('folder', 'sistema_viario', 'Sistema viário', {
    children: [
      node('layer', 'rodovias', 'Rodovias'),
      node('layer', 'marcos_km', 'Marcos quilométricos', { visibility: false }),
      node('layer', 'pracas_pedagio', 'Praças de pedágio'),
    ],
  }),
  node('folder', 'limites', 'Limites administrativos', {
    visibility: false,
    children: [node('layer', 'municipios', 'Municípios', { opacity: 180 })],
  }),
  node('folder', 'mapas_base', 'Mapas base', {
    children: [
      node('layerBase', 'base_1', 'OpenStreetMap', { radioGroup: 'mapa-base' }),
      node('layerBase', 'base_2', 'Limites mundiais (offline)', {
        radioGroup: 'mapa-base',
        visibility: false,
      }),
    ],
  }),
]
const none: TreeOverrides = { visibility: {}, opacity: {}, order: {} }

describe('layer tree', () => {
  it('applies defaults: a leaf shows when it and its folders are visible', () => {
    const tree = viewTree(TREE, none)
    expect(visibleNames(tree)).toEqual(['rodovias', 'pracas_pedagio', 'base_1'])
    expect(findNode(tree, 'municipios')?.opacity).toBe(180)
    const roads = findNode(tree, 'sistema_viario')!
    expect(roads.visible).toBe(false)
    expect(roads.partial).toBe(true)
  })

  it("applies the user's visibility, opacity and order", () => {
    const tree = viewTree(TREE, {
      visibility: { municipios: true, rodovias: false },
      opacity: { municipios: 40 },
      order: { sistema_viario: ['pracas_pedagio', 'rodovias'], '': ['mapas_base'] },
    })
    expect(visibleNames(tree)).toEqual(['base_1', 'pracas_pedagio', 'municipios'])
    expect(leaves(tree).map((n) => n.name)).toEqual([
      'base_1',
      'base_2',
      'pracas_pedagio',
      'rodovias',
      'marcos_km',
      'municipios',
    ])
    expect(findNode(tree, 'municipios')?.opacity).toBe(40)
    expect(findNode(tree, 'limites')?.visible).toBe(true)
  })

  it('finds radio peers and keeps one member of a group on when selecting all', () => {
    const tree = viewTree(TREE, none)
    expect(radioPeers(tree, 'base_2')).toEqual(['base_1'])
    expect(radioPeers(tree, 'rodovias')).toEqual([])
    const base = findNode(tree, 'mapas_base')!
    expect(selectAll(base, true)).toEqual({ names: ['base_1'], radioPeers: ['base_2'] })
    expect(selectAll(base, false)).toEqual({ names: ['base_1', 'base_2'], radioPeers: [] })
    const roads = findNode(tree, 'sistema_viario')!
    expect(selectAll(roads, true).names).toEqual(['rodovias', 'marcos_km', 'pracas_pedagio'])
  })

  it('searches titles without case or accents, keeping folders of the hits', () => {
    const tree = viewTree(TREE, none)
    const hit = filterTree(tree, 'PRACAS')
    expect(hit.map((n) => n.name)).toEqual(['sistema_viario'])
    expect(hit[0]!.children.map((n) => n.name)).toEqual(['pracas_pedagio'])
    expect(filterTree(tree, 'limites').map((n) => n.name)).toEqual(['limites', 'mapas_base'])
    expect(filterTree(tree, 'limites')[0]!.children).toHaveLength(1)
    expect(filterTree(tree, 'zzz')).toEqual([])
    expect(filterTree(tree, '  ')).toHaveLength(3)
  })

  it('moves a node among its siblings', () => {
    expect(moveSibling(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b'])
    expect(moveSibling(['a', 'b', 'c'], 'a', 2)).toEqual(['b', 'c', 'a'])
    expect(moveSibling(['a', 'b', 'c'], 'b', 9)).toEqual(['a', 'c', 'b'])
  })
})
