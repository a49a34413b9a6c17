import type { LayerAttribute } from '@gis/shared'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { answerFetch } from '../../../test/answered-fetch'
import { layerDescription } from '../../../test/layer-description'
import { renderInApp } from '../../../test/render'
import { ExportDialog } from './ExportDialog'

afterEach(() => vi.restoreAllMocks())

const attribute = (name: string, title: string): LayerAttribute => ({
  name,
  type: name === 'geom' ? 'geometry' : name === 'km' ? 'number' : 'string',
  maxLength: null,
  title,
  tooltip: '',
})
const ATTRIBUTES = [attribute('id', 'Id'), attribute('km', 'Km'), attribute('geom', 'Geometria')]

/** Kilometre markers around Campinas: the extent's centre (-47.3°) is in UTM zone 23S. */
const marcos = layerDescription({
  name: 'marcos',
  title: 'Marcos quilométricos',
  attributes: ATTRIBUTES,
  geometryType: 'point',
  extent: [-47.6, -23.1, -47, -22.7],
})

async function open(layer = marcos) {
  answerFetch({
    [`POST /api/features/${layer.name}/search?page=0&limit=1`]: {
      body: { results: [], rowCount: 12 },
    },
  })
  const onExport = vi.fn()
  renderInApp(
    <ExportDialog
      layer={layer}
      scope={{}}
      fields={[]}
      selectedCount={0}
      foundCount={12}
      busy={false}
      onCancel={() => undefined}
      onExport={onExport}
    />,
  )
  const dialog = within(screen.getByRole('dialog', { name: 'Exportar relatório' }))
  // The live count answered: nothing arrives while the test types.
  expect(
    await dialog.findByText(
      'Serão exportados todos os 12 registros do layer (a busca não tem regras).',
    ),
  ).toBeTruthy()
  return { dialog, onExport, user: userEvent.setup() }
}

type Dialog = Awaited<ReturnType<typeof open>>['dialog']
/** The coordinate system select, its chosen option's text and whether it may be changed. */
function crs(dialog: Dialog) {
  const select = dialog.getByLabelText('Sistema de coordenadas') as HTMLSelectElement
  return {
    select,
    chosen: select.selectedOptions[0]!.textContent,
    options: [...select.options].map((o) => o.textContent),
    disabled: select.disabled,
  }
}
const hintOf = (dialog: Dialog) =>
  document.getElementById(`${crs(dialog).select.id}-helper-text`)?.textContent

describe('Exportar relatório: Sistema de coordenadas', () => {
  it('offers every served system, EPSG:4326 by default, the WKT column’s for a spreadsheet', async () => {
    const { dialog } = await open()
    const c = crs(dialog)
    expect(c.chosen).toBe('WGS 84 (geográficas, GPS) – EPSG:4326')
    expect(c.disabled).toBe(false)
    expect(c.options).toEqual([
      'SIRGAS 2000 (geográficas) – EPSG:4674',
      ...[18, 19, 20, 21, 22, 23, 24, 25].map(
        (zone) => `SIRGAS 2000 / UTM zona ${zone}S – EPSG:${31960 + zone}`,
      ),
      'SAD69 (geográficas) – EPSG:4618',
      'SAD69 / UTM zona 22S – EPSG:29192',
      'SAD69 / UTM zona 23S – EPSG:29193',
      'Córrego Alegre / UTM zona 22S – EPSG:22522',
      'Córrego Alegre / UTM zona 23S – EPSG:22523',
      'WGS 84 (geográficas, GPS) – EPSG:4326',
      'WGS 84 / Pseudo-Mercator (web) – EPSG:3857',
    ])
    expect(hintOf(dialog)).toBe(
      'Vale para a geometria em WKT, quando o atributo da geometria está marcado.',
    )
  })

  it('DXF and DGN default to the layer’s SIRGAS 2000 / UTM zone, said and sent', async () => {
    const { dialog, onExport, user } = await open()
    for (const format of ['ogr/dxf', 'ogr/dgn']) {
      await user.selectOptions(dialog.getByLabelText('Formato'), format)
      expect(crs(dialog).chosen).toBe('SIRGAS 2000 / UTM zona 23S – EPSG:31983')
      expect(hintOf(dialog)).toBe(
        'DXF e DGN saem, por padrão, na zona UTM (SIRGAS 2000) do centro do layer, em metros.',
      )
    }
    await user.click(dialog.getByRole('button', { name: 'EXPORTAR' }))
    expect(onExport).toHaveBeenCalledWith({
      format: 'ogr/dgn',
      fields: ['id', 'km'],
      includeDeleted: false,
      srid: 31983,
    })
  })

  it('a system chosen by hand goes with the export; another format starts at its own default', async () => {
    const { dialog, onExport, user } = await open()
    await user.selectOptions(dialog.getByLabelText('Formato'), 'ogr/shapefile')
    expect(crs(dialog).chosen).toBe('WGS 84 (geográficas, GPS) – EPSG:4326')
    await user.selectOptions(crs(dialog).select, '31982')
    expect(crs(dialog).chosen).toBe('SIRGAS 2000 / UTM zona 22S – EPSG:31982')
    expect(hintOf(dialog)).toBeUndefined()
    await user.click(dialog.getByRole('button', { name: 'EXPORTAR' }))
    expect(onExport).toHaveBeenLastCalledWith({
      format: 'ogr/shapefile',
      fields: ['id', 'km'],
      includeDeleted: false,
      srid: 31982,
    })
    await user.selectOptions(dialog.getByLabelText('Formato'), 'ogr/dxf')
    expect(crs(dialog).chosen).toBe('SIRGAS 2000 / UTM zona 23S – EPSG:31983')
  })

  it('KML and the ARTESP GeoJSON show their own system, fixed, and send none', async () => {
    const { dialog, onExport, user } = await open()
    await user.selectOptions(dialog.getByLabelText('Formato'), 'kml')
    expect(crs(dialog)).toMatchObject({
      chosen: 'WGS 84 (geográficas, GPS) – EPSG:4326',
      options: ['WGS 84 (geográficas, GPS) – EPSG:4326'],
      disabled: true,
    })
    expect(hintOf(dialog)).toBe('O KML usa sempre WGS 84 (EPSG:4326), como o formato exige.')

    await user.selectOptions(dialog.getByLabelText('Formato'), 'GeoJSON (ARTESP)')
    expect(crs(dialog)).toMatchObject({
      chosen: 'SIRGAS 2000 (geográficas) – EPSG:4674',
      options: ['SIRGAS 2000 (geográficas) – EPSG:4674'],
      disabled: true,
    })
    expect(hintOf(dialog)).toBe(
      'O manual GeoJSON da ARTESP exige SIRGAS 2000 (EPSG:4674); km com três casas decimais e datas AAAA-MM-DD.',
    )
    await user.click(dialog.getByRole('button', { name: 'EXPORTAR' }))
    expect(onExport).toHaveBeenCalledWith({
      format: 'geojson-artesp',
      fields: ['id', 'km'],
      includeDeleted: false,
    })
  })

  it('no system where no geometry goes out: GDAL’s Excel', async () => {
    const { dialog, user } = await open()
    await user.selectOptions(dialog.getByLabelText('Formato'), 'ogr/xlsx')
    expect(dialog.queryByLabelText('Sistema de coordenadas')).toBeNull()
  })

  it('nor for a TABULAR layer, which is not offered the ARTESP GeoJSON', async () => {
    const { dialog } = await open({
      ...marcos,
      name: 'tabela',
      geometryType: 'TABULAR',
      extent: null,
    })
    expect(dialog.queryByLabelText('Sistema de coordenadas')).toBeNull()
    const formats = [...(dialog.getByLabelText('Formato') as HTMLSelectElement).options].map(
      (o) => o.textContent,
    )
    expect(formats).not.toContain('GeoJSON (ARTESP)')
    expect(formats).toContain('GeoJSON (.geojson, GDAL)')
  })
})
