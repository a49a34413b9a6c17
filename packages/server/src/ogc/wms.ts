import { SERVED_CRS } from '@gis/shared'
import type { CatalogueLayer } from '../layer-data/model'
import { escapeXml } from './ows-errors'
import {
  INFO_FORMATS,
  MAP_FORMATS,
  MAX_MAP_LAYERS,
  MAX_MAP_SIDE,
  type WmsVersion,
} from './wms-request'

/** The legend's size a client may expect (one entry; categories make it taller). */
const LEGEND_WIDTH = 200
const LEGEND_ROW = 24

/** The systems a map is drawn in, as WMS names them (CRS:84 in 1.3.0 besides EPSG:4326). */
function systems(version: WmsVersion): string[] {
  const codes = SERVED_CRS.map((c) => `EPSG:${c.srid}`)
  return version === '1.3.0' ? ['CRS:84', ...codes] : codes
}

/**
 * WMS capabilities, 1.3.0 or 1.1.1: every layer with geometry the caller reads (its name,
 * title, bounding box, legend), GetMap in PNG and JPEG in every served system, and
 * GetFeatureInfo for the queryable layers.
 */
export function wmsCapabilitiesXml(
  layers: CatalogueLayer[],
  url: string,
  query = '',
  version: WmsVersion = '1.3.0',
): string {
  const v13 = version === '1.3.0'
  const base = escapeXml(url)
  const sep = query ? `${escapeXml(query)}&amp;` : ''
  const online = (extra = '') =>
    `<OnlineResource xmlns:xlink="http://www.w3.org/1999/xlink" xlink:type="simple" xlink:href="${base}?${sep}${extra}"/>`
  const dcp = `<DCPType><HTTP><Get>${online()}</Get></HTTP></DCPType>`
  const formats = (list: readonly string[]) => list.map((f) => `<Format>${f}</Format>`).join('')
  const word = v13 ? 'CRS' : 'SRS'
  const crsList = systems(version)
    .map((c) => `<${word}>${c}</${word}>`)
    .join('')
  const items = layers
    .filter((l) => l.geometryType !== 'TABULAR')
    .map((l) => {
      // A layer without features has no box: zeros, which the web map reads as no extent.
      const [w, s, e, n] = l.extent ?? [0, 0, 0, 0]
      const legend = online(
        `SERVICE=WMS&amp;VERSION=${version}&amp;REQUEST=GetLegendGraphic&amp;FORMAT=image/png&amp;LAYER=${l.name}&amp;legendVersion=${l.legendVersion}`,
      )
      const geographic = v13
        ? `<EX_GeographicBoundingBox><westBoundLongitude>${w}</westBoundLongitude><eastBoundLongitude>${e}</eastBoundLongitude><southBoundLatitude>${s}</southBoundLatitude><northBoundLatitude>${n}</northBoundLatitude></EX_GeographicBoundingBox>
        <BoundingBox CRS="CRS:84" minx="${w}" miny="${s}" maxx="${e}" maxy="${n}"/>
        <BoundingBox CRS="EPSG:4326" minx="${s}" miny="${w}" maxx="${n}" maxy="${e}"/>`
        : `<LatLonBoundingBox minx="${w}" miny="${s}" maxx="${e}" maxy="${n}"/>
        <BoundingBox SRS="EPSG:4326" minx="${w}" miny="${s}" maxx="${e}" maxy="${n}"/>`
      return `<Layer queryable="${l.queryable ? 1 : 0}" opaque="0">
        <Name>${l.name}</Name>
        <Title>${escapeXml(l.title)}</Title>
        ${geographic}
        <Style><Name>default</Name><Title>Padrão</Title><LegendURL width="${LEGEND_WIDTH}" height="${LEGEND_ROW}"><Format>image/png</Format>${legend}</LegendURL></Style>
      </Layer>`
    })
    .join('\n      ')
  const operations = `<GetCapabilities><Format>${v13 ? 'text/xml' : 'application/vnd.ogc.wms_xml'}</Format>${dcp}</GetCapabilities>
      <GetMap>${formats(MAP_FORMATS)}${dcp}</GetMap>
      <GetFeatureInfo>${formats(INFO_FORMATS)}${dcp}</GetFeatureInfo>
      ${v13 ? '<sld:GetLegendGraphic>' : '<GetLegendGraphic>'}<Format>image/png</Format>${dcp}${v13 ? '</sld:GetLegendGraphic>' : '</GetLegendGraphic>'}`
  const service = `<Service>
    <Name>${v13 ? 'WMS' : 'OGC:WMS'}</Name>
    <Title>Serviço de mapas (WMS)</Title>
    <Abstract>Os layers do mapa desenhados no servidor com os estilos, rótulos e legendas do mapa web.</Abstract>
    ${online()}
    ${v13 ? `<LayerLimit>${MAX_MAP_LAYERS}</LayerLimit><MaxWidth>${MAX_MAP_SIDE}</MaxWidth><MaxHeight>${MAX_MAP_SIDE}</MaxHeight>` : ''}
  </Service>`
  const root = `<Layer>
      <Title>Camadas</Title>
      ${crsList}
      ${v13 ? '<EX_GeographicBoundingBox><westBoundLongitude>-180</westBoundLongitude><eastBoundLongitude>180</eastBoundLongitude><southBoundLatitude>-90</southBoundLatitude><northBoundLatitude>90</northBoundLatitude></EX_GeographicBoundingBox>' : '<LatLonBoundingBox minx="-180" miny="-90" maxx="180" maxy="90"/>'}
      ${items}
    </Layer>`
  if (!v13) {
    return `<?xml version="1.0" encoding="UTF-8"?>
<WMT_MS_Capabilities version="1.1.1">
  ${service}
  <Capability>
    <Request>
      ${operations}
    </Request>
    <Exception><Format>application/vnd.ogc.se_xml</Format></Exception>
    ${root}
  </Capability>
</WMT_MS_Capabilities>
`
  }
  return `<?xml version="1.0" encoding="UTF-8"?>
<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" xmlns:sld="http://www.opengis.net/sld" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  ${service}
  <Capability>
    <Request>
      ${operations}
    </Request>
    <Exception><Format>XML</Format></Exception>
    ${root}
  </Capability>
</WMS_Capabilities>
`
}
