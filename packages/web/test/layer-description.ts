import type { LayerDescription } from '@gis/shared'

/** A layer as GET /api/layers describes it to the web, tabular and empty but for `layer`. */
export function layerDescription(
  layer: Pick<LayerDescription, 'name' | 'title' | 'attributes'> & Partial<LayerDescription>,
): LayerDescription {
  return {
    id: 1,
    layout: [],
    fieldsFormat: [],
    domains: {},
    geometryType: 'TABULAR',
    queryable: true,
    managed: true,
    style: {} as LayerDescription['style'],
    extent: null,
    dataVersion: 1,
    legendVersion: 1,
    displayField: null,
    labelField: null,
    public: false,
    ...layer,
  }
}
