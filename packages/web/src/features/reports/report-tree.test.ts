import type { ReportNode } from '@gis/shared'
import { describe, expect, it } from 'vitest'
import { parseReportBuilderState, INITIAL_REPORTS } from './report-state'
import { filterTree, folderNodes, folderTrail, reportsOf, sortNodes } from './report-tree'

const report = (id: string, name: string): ReportNode => ({
  id,
  name,
  type: 'report',
  reportType: 'record',
  dir: '',
  visible: true,
  expansible: false,
  children: [],
  parent: null,
  reportId: Number(id.replace(/\D/g, '')) || 1,
})
const folder = (id: string, name: string, children: ReportNode[]): ReportNode => ({
  ...report(id, name),
  type: 'directory',
  reportType: 'folder',
  expansible: true,
  children,
  reportId: undefined,
})

const tree = [
  folder('f1', 'Obras de Arte', [
    report('r1', 'Ficha da Obra de Arte'),
    folder('f2', 'Pontes', []),
  ]),
  folder('f3', 'Rodovias', [report('r2', 'Resumo por Rodovia')]),
  report('r3', 'Relatório simples'),
]

describe('report tree', () => {
  it('opens folders by path and falls back to the root', () => {
    expect(folderNodes(tree, ['f1']).map((n) => n.name)).toEqual([
      'Ficha da Obra de Arte',
      'Pontes',
    ])
    expect(folderNodes(tree, ['f1', 'f2'])).toEqual([])
    expect(folderNodes(tree, ['gone'])).toHaveLength(3)
    expect(folderTrail(tree, ['f1', 'f2']).map((n) => n.name)).toEqual(['Obras de Arte', 'Pontes'])
  })

  it('filters by name ignoring accents and case', () => {
    expect(reportsOf(filterTree(tree, 'rodovia')).map((n) => n.name)).toEqual([
      'Resumo por Rodovia',
    ])
    expect(reportsOf(filterTree(tree, 'RELATORIO')).map((n) => n.name)).toEqual([
      'Relatório simples',
    ])
    expect(filterTree(tree, 'pontes').map((n) => n.name)).toEqual(['Obras de Arte'])
    expect(filterTree(tree, '  ')).toHaveLength(3)
  })

  it('puts folders before reports', () => {
    expect(sortNodes([report('r9', 'A'), folder('f9', 'Z', [])]).map((n) => n.name)).toEqual([
      'Z',
      'A',
    ])
  })

  it('checks the window state restored from the workspace', () => {
    expect(parseReportBuilderState(undefined)).toBeUndefined()
    expect(parseReportBuilderState(INITIAL_REPORTS)).toEqual(INITIAL_REPORTS)
    expect(() => parseReportBuilderState({ ...INITIAL_REPORTS, limit: 7 })).toThrow()
    expect(() => parseReportBuilderState({ ...INITIAL_REPORTS, tab: 'x' })).toThrow()
    expect(() => parseReportBuilderState({ ...INITIAL_REPORTS, folder: [1] })).toThrow()
  })
})
