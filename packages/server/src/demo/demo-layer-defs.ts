import type { LayerDomain, LayerGeometryType, LayerStyle, LayoutGroup } from '@gis/shared'
import type { LayerFieldDef } from '../layer-data/layer-tables'

export interface DemoLayerDef {
  name: string
  title: string
  geometryType: LayerGeometryType
  fields: LayerFieldDef[]
  layout: LayoutGroup[]
  domains: Record<string, LayerDomain>
  style: LayerStyle
}

const SENTIDOS = ['Norte', 'Sul', 'Leste', 'Oeste']
const text = (name: string, title: string, max = 80, tooltip?: string): LayerFieldDef => ({
  name,
  type: 'string',
  sqlType: `varchar(${max})`,
  maxLength: max,
  title,
  tooltip,
})
const num = (name: string, title: string, sqlType = 'double precision'): LayerFieldDef => ({
  name,
  type: 'number',
  sqlType,
  title,
})
const km = (name = 'km', title = 'Km'): LayerFieldDef => ({
  ...num(name, title, 'numeric(9,3)'),
  tooltip: 'Quilômetro com três casas decimais (ex.: 23,450)',
})
const list = (title: string, values: LayerDomain['values']): LayerDomain => ({
  title,
  type: 'selectable',
  values,
})
/** A selectable grade from 1 to 5. */
const grade = (title: string): LayerDomain => list(title, [1, 2, 3, 4, 5])

/** Where on the road a point is: the road, the km and the direction (fields, then names). */
const onTheRoad = (): LayerFieldDef[] => [
  text('rodovia', 'Rodovia', 12),
  km(),
  text('sentido', 'Sentido', 10),
]
const ON_THE_ROAD = ['rodovia', 'km', 'sentido']

/**
 * A layer as written below: each layout group names its fields, whose titles come from the
 * field list (a field is described once).
 */
type DemoLayerInput = Omit<DemoLayerDef, 'layout'> & { layout: [string, string[]][] }

function demoLayer({ layout, domains, style, ...def }: DemoLayerInput): DemoLayerDef {
  const titleOf = (name: string): string => {
    const field = def.fields.find((f) => f.name === name)
    if (!field) throw new Error(`demo layer ${def.name}: no field ${name} for the layout`)
    return field.title
  }
  return {
    ...def,
    layout: layout.map(([title, names]) => ({
      title,
      fields: names.map((name) => ({ name, title: titleOf(name), visible: true })),
    })),
    domains,
    style,
  }
}

/** The concession's layers: a road operator in the west of the state of São Paulo. */
const LAYERS: DemoLayerInput[] = [
  {
    name: 'rodovias',
    title: 'Rodovias',
    geometryType: 'multilinestring',
    fields: [
      text('codigo', 'Código', 12),
      text('codigo_artesp', 'Código ARTESP', 12),
      text('denominacao', 'Denominação', 120),
      text('lote', 'Lote', 4),
      text('concessionaria', 'Concessionária', 120),
      km('km_ini', 'Km inicial'),
      km('km_fim', 'Km final'),
      num('pistas', 'Faixas por sentido', 'integer'),
    ],
    layout: [
      ['Identificação', ['codigo', 'codigo_artesp', 'denominacao']],
      ['Concessão', ['lote', 'concessionaria', 'km_ini', 'km_fim', 'pistas']],
    ],
    domains: {},
    style: { stroke: { color: '#c62828', width: 3 }, label: { attribute: 'codigo', minZoom: 8 } },
  },
  {
    name: 'marcos_km',
    title: 'Marcos quilométricos',
    geometryType: 'point',
    fields: onTheRoad(),
    layout: [['Localização', ON_THE_ROAD]],
    domains: { sentido: list('Sentido', SENTIDOS) },
    style: {
      point: { shape: 'circle', radius: 3 },
      fill: '#455a64',
      stroke: { color: '#ffffff', width: 1 },
      label: { attribute: 'km', minZoom: 13 },
    },
  },
  {
    name: 'oae',
    title: 'Obras de arte especiais (pontes e viadutos)',
    geometryType: 'point',
    fields: [
      text('codigo', 'Código', 24),
      text('codigo_artesp', 'Código ARTESP', 24),
      text('tipo', 'Tipo', 20),
      ...onTheRoad(),
      num('comprimento', 'Comprimento (m)'),
      num('largura', 'Largura (m)'),
      num('nota_estrutural', 'Nota estrutural', 'integer'),
      num('nota_funcional', 'Nota funcional', 'integer'),
      num('nota_durabilidade', 'Nota de durabilidade', 'integer'),
      { name: 'ultima_inspecao', type: 'date', sqlType: 'date', title: 'Última inspeção' },
      text('foto', 'Foto', 200),
    ],
    layout: [
      ['Identificação', ['codigo', 'codigo_artesp', 'tipo', 'foto']],
      ['Localização', ON_THE_ROAD],
      ['Dimensões', ['comprimento', 'largura']],
      ['Inspeção', ['nota_estrutural', 'nota_funcional', 'nota_durabilidade', 'ultima_inspecao']],
    ],
    domains: {
      tipo: list('Tipo', ['ponte', 'viaduto', 'passarela']),
      sentido: list('Sentido', SENTIDOS),
      nota_estrutural: grade('Nota estrutural'),
      nota_funcional: grade('Nota funcional'),
      nota_durabilidade: grade('Nota de durabilidade'),
      foto: { title: 'Foto', type: 'photo', values: [] },
    },
    style: {
      point: { shape: 'square', radius: 6 },
      stroke: { color: '#212121', width: 1 },
      categories: {
        attribute: 'tipo',
        classes: [
          { value: 'ponte', label: 'Ponte', fill: '#1565c0' },
          { value: 'viaduto', label: 'Viaduto', fill: '#6a1b9a' },
          { value: 'passarela', label: 'Passarela', fill: '#2e7d32' },
        ],
      },
      label: { attribute: 'codigo', minZoom: 14 },
    },
  },
  {
    name: 'faixa_dominio',
    title: 'Faixa de domínio',
    geometryType: 'multipolygon',
    fields: [
      text('rodovia', 'Rodovia', 12),
      km('km_ini', 'Km inicial'),
      km('km_fim', 'Km final'),
      num('largura_m', 'Largura (m)'),
      num('area_m2', 'Área (m²)'),
      text('situacao', 'Situação', 40),
    ],
    layout: [
      ['Trecho', ['rodovia', 'km_ini', 'km_fim']],
      ['Faixa', ['largura_m', 'area_m2', 'situacao']],
    ],
    domains: { situacao: list('Situação', ['Regularizada', 'Em desapropriação', 'Invadida']) },
    style: {
      fill: '#ff98004d',
      stroke: { color: '#ef6c00', width: 1 },
      categories: {
        attribute: 'situacao',
        classes: [
          { value: 'Regularizada', label: 'Regularizada', fill: '#ff98004d' },
          { value: 'Em desapropriação', label: 'Em desapropriação', fill: '#fdd8354d' },
          { value: 'Invadida', label: 'Invadida', fill: '#e539354d' },
        ],
      },
    },
  },
  {
    name: 'pracas_pedagio',
    title: 'Praças de pedágio',
    geometryType: 'point',
    fields: [
      text('nome', 'Nome', 80),
      ...onTheRoad(),
      num('cabines', 'Cabines', 'integer'),
      num('tarifa_auto', 'Tarifa de automóvel (R$)', 'numeric(6,2)'),
      { name: 'automatica', type: 'boolean', sqlType: 'boolean', title: 'Cobrança automática' },
    ],
    layout: [
      ['Praça', ['nome', ...ON_THE_ROAD]],
      ['Operação', ['cabines', 'tarifa_auto', 'automatica']],
    ],
    domains: { sentido: list('Sentido', [...SENTIDOS, 'Ambos']) },
    style: {
      point: { shape: 'triangle', radius: 8 },
      fill: '#fbc02d',
      stroke: { color: '#5d4037', width: 1.5 },
      label: { attribute: 'nome', minZoom: 11 },
    },
  },
  {
    name: 'municipios',
    title: 'Municípios',
    geometryType: 'multipolygon',
    fields: [
      text('nome', 'Nome', 80),
      text('codigo_ibge', 'Código IBGE', 7),
      text('uf', 'UF', 2),
      num('populacao', 'População', 'integer'),
      num('area_km2', 'Área (km²)'),
    ],
    layout: [],
    domains: {},
    style: {
      fill: '#9e9e9e1a',
      stroke: { color: '#616161', width: 1 },
      label: { attribute: 'nome', minZoom: 9 },
    },
  },
  {
    name: 'ocorrencias',
    title: 'Ocorrências',
    geometryType: 'TABULAR',
    fields: [
      { name: 'data', type: 'datetime', sqlType: 'timestamptz', title: 'Data e hora' },
      ...onTheRoad(),
      text('tipo', 'Tipo', 40),
      num('vitimas', 'Vítimas', 'integer'),
      text('descricao', 'Descrição', 500),
    ],
    layout: [
      ['Ocorrência', ['data', 'tipo', 'vitimas']],
      ['Local', ON_THE_ROAD],
      ['Detalhes', ['descricao']],
    ],
    domains: {
      sentido: list('Sentido', SENTIDOS),
      tipo: list('Tipo', [
        'Acidente',
        'Animal na pista',
        'Pane mecânica',
        'Obras na pista',
        'Objeto na pista',
        'Incêndio às margens',
      ]),
    },
    style: {},
  },
  {
    name: 'placas',
    title: 'Sinalização vertical',
    geometryType: 'point',
    fields: [
      text('codigo_ctb', 'Código CTB', 10),
      ...onTheRoad(),
      text('lado', 'Lado', 10),
      text('estado', 'Estado de conservação', 10),
      { name: 'data_implantacao', type: 'date', sqlType: 'date', title: 'Data de implantação' },
    ],
    layout: [
      ['Placa', ['codigo_ctb', 'estado']],
      ['Localização', [...ON_THE_ROAD, 'lado']],
    ],
    domains: {
      sentido: list('Sentido', SENTIDOS),
      lado: list('Lado', ['Direito', 'Esquerdo']),
      estado: list('Estado de conservação', ['Bom', 'Regular', 'Ruim']),
    },
    style: {
      point: { shape: 'circle', radius: 3 },
      categories: {
        attribute: 'estado',
        classes: [
          { value: 'Bom', label: 'Bom', fill: '#2e7d32' },
          { value: 'Regular', label: 'Regular', fill: '#f9a825' },
          { value: 'Ruim', label: 'Ruim', fill: '#c62828' },
        ],
      },
    },
  },
]

export const DEMO_LAYERS: DemoLayerDef[] = LAYERS.map(demoLayer)
