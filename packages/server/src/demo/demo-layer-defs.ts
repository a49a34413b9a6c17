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
const group = (title: string, fields: [string, string][]): LayoutGroup => ({
  title,
  fields: fields.map(([name, t]) => ({ name, title: t, visible: true })),
})
const list = (title: string, values: string[]): LayerDomain => ({
  title,
  type: 'selectable',
  values,
})

/** The concession's layers: a road operator in the west of the state of São Paulo. */
export const DEMO_LAYERS: DemoLayerDef[] = [
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
      group('Identificação', [
        ['codigo', 'Código'],
        ['codigo_artesp', 'Código ARTESP'],
        ['denominacao', 'Denominação'],
      ]),
      group('Concessão', [
        ['lote', 'Lote'],
        ['concessionaria', 'Concessionária'],
        ['km_ini', 'Km inicial'],
        ['km_fim', 'Km final'],
        ['pistas', 'Faixas por sentido'],
      ]),
    ],
    domains: {},
    style: { stroke: { color: '#c62828', width: 3 }, label: { attribute: 'codigo', minZoom: 8 } },
  },
  {
    name: 'marcos_km',
    title: 'Marcos quilométricos',
    geometryType: 'point',
    fields: [text('rodovia', 'Rodovia', 12), km(), text('sentido', 'Sentido', 10)],
    layout: [
      group('Localização', [
        ['rodovia', 'Rodovia'],
        ['km', 'Km'],
        ['sentido', 'Sentido'],
      ]),
    ],
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
      text('rodovia', 'Rodovia', 12),
      km(),
      text('sentido', 'Sentido', 10),
      num('comprimento', 'Comprimento (m)'),
      num('largura', 'Largura (m)'),
      num('nota_estrutural', 'Nota estrutural', 'integer'),
      num('nota_funcional', 'Nota funcional', 'integer'),
      num('nota_durabilidade', 'Nota de durabilidade', 'integer'),
      { name: 'ultima_inspecao', type: 'date', sqlType: 'date', title: 'Última inspeção' },
      text('foto', 'Foto', 200),
    ],
    layout: [
      group('Identificação', [
        ['codigo', 'Código'],
        ['codigo_artesp', 'Código ARTESP'],
        ['tipo', 'Tipo'],
        ['foto', 'Foto'],
      ]),
      group('Localização', [
        ['rodovia', 'Rodovia'],
        ['km', 'Km'],
        ['sentido', 'Sentido'],
      ]),
      group('Dimensões', [
        ['comprimento', 'Comprimento (m)'],
        ['largura', 'Largura (m)'],
      ]),
      group('Inspeção', [
        ['nota_estrutural', 'Nota estrutural'],
        ['nota_funcional', 'Nota funcional'],
        ['nota_durabilidade', 'Nota de durabilidade'],
        ['ultima_inspecao', 'Última inspeção'],
      ]),
    ],
    domains: {
      tipo: list('Tipo', ['ponte', 'viaduto', 'passarela']),
      sentido: list('Sentido', SENTIDOS),
      nota_estrutural: { title: 'Nota estrutural', type: 'selectable', values: [1, 2, 3, 4, 5] },
      nota_funcional: { title: 'Nota funcional', type: 'selectable', values: [1, 2, 3, 4, 5] },
      nota_durabilidade: {
        title: 'Nota de durabilidade',
        type: 'selectable',
        values: [1, 2, 3, 4, 5],
      },
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
      group('Trecho', [
        ['rodovia', 'Rodovia'],
        ['km_ini', 'Km inicial'],
        ['km_fim', 'Km final'],
      ]),
      group('Faixa', [
        ['largura_m', 'Largura (m)'],
        ['area_m2', 'Área (m²)'],
        ['situacao', 'Situação'],
      ]),
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
      text('rodovia', 'Rodovia', 12),
      km(),
      text('sentido', 'Sentido', 10),
      num('cabines', 'Cabines', 'integer'),
      num('tarifa_auto', 'Tarifa de automóvel (R$)', 'numeric(6,2)'),
      { name: 'automatica', type: 'boolean', sqlType: 'boolean', title: 'Cobrança automática' },
    ],
    layout: [
      group('Praça', [
        ['nome', 'Nome'],
        ['rodovia', 'Rodovia'],
        ['km', 'Km'],
        ['sentido', 'Sentido'],
      ]),
      group('Operação', [
        ['cabines', 'Cabines'],
        ['tarifa_auto', 'Tarifa de automóvel (R$)'],
        ['automatica', 'Cobrança automática'],
      ]),
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
      text('rodovia', 'Rodovia', 12),
      km(),
      text('sentido', 'Sentido', 10),
      text('tipo', 'Tipo', 40),
      num('vitimas', 'Vítimas', 'integer'),
      text('descricao', 'Descrição', 500),
    ],
    layout: [
      group('Ocorrência', [
        ['data', 'Data e hora'],
        ['tipo', 'Tipo'],
        ['vitimas', 'Vítimas'],
      ]),
      group('Local', [
        ['rodovia', 'Rodovia'],
        ['km', 'Km'],
        ['sentido', 'Sentido'],
      ]),
      group('Detalhes', [['descricao', 'Descrição']]),
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
      text('rodovia', 'Rodovia', 12),
      km(),
      text('sentido', 'Sentido', 10),
      text('lado', 'Lado', 10),
      text('estado', 'Estado de conservação', 10),
      { name: 'data_implantacao', type: 'date', sqlType: 'date', title: 'Data de implantação' },
    ],
    layout: [
      group('Placa', [
        ['codigo_ctb', 'Código CTB'],
        ['estado', 'Estado de conservação'],
      ]),
      group('Localização', [
        ['rodovia', 'Rodovia'],
        ['km', 'Km'],
        ['sentido', 'Sentido'],
        ['lado', 'Lado'],
      ]),
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
