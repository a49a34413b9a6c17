import type { CatalogueLayer } from '../layer-data/model'
import { escapeXml } from './ows-errors'

/** WMS 1.3.0 capabilities: the layers' names, titles, bounding boxes and legend URLs. */
export function wmsCapabilitiesXml(layers: CatalogueLayer[], url: string, query = ''): string {
  const base = escapeXml(url)
  const sep = query ? `${escapeXml(query)}&amp;` : ''
  const online = (extra = '') =>
    `<OnlineResource xlink:type="simple" xlink:href="${base}?${sep}${extra}"/>`
  const dcp = `<DCPType><HTTP><Get>${online()}</Get></HTTP></DCPType>`
  const items = layers
    .filter((l) => l.geometryType !== 'TABULAR')
    .map((l) => {
      const [w, s, e, n] = l.extent ?? [0, 0, 0, 0]
      const legend = online(
        `SERVICE=WMS&amp;VERSION=1.3.0&amp;REQUEST=GetLegendGraphic&amp;FORMAT=image/png&amp;LAYER=${l.name}&amp;legendVersion=${l.legendVersion}`,
      )
      return `<Layer queryable="${l.queryable ? 1 : 0}" opaque="0">
        <Name>${l.name}</Name>
        <Title>${escapeXml(l.title)}</Title>
        <CRS>EPSG:4326</CRS><CRS>EPSG:3857</CRS>
        <EX_GeographicBoundingBox><westBoundLongitude>${w}</westBoundLongitude><eastBoundLongitude>${e}</eastBoundLongitude><southBoundLatitude>${s}</southBoundLatitude><northBoundLatitude>${n}</northBoundLatitude></EX_GeographicBoundingBox>
        <BoundingBox CRS="EPSG:4326" minx="${s}" miny="${w}" maxx="${n}" maxy="${e}"/>
        <Style><Name>default</Name><Title>Padrão</Title><LegendURL><Format>image/png</Format>${legend}</LegendURL></Style>
      </Layer>`
    })
    .join('\n      ')
  return `<?xml version="1.0" encoding="UTF-8"?>
<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms" xmlns:sld="http://www.opengis.net/sld" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Service>
    <Name>WMS</Name>
    <Title>Serviço de mapas (WMS): legendas</Title>
    ${online()}
  </Service>
  <Capability>
    <Request>
      <GetCapabilities><Format>text/xml</Format>${dcp}</GetCapabilities>
      <GetMap><Format>image/png</Format>${dcp}</GetMap>
      <sld:GetLegendGraphic><Format>image/png</Format>${dcp}</sld:GetLegendGraphic>
    </Request>
    <Exception><Format>XML</Format></Exception>
    <Layer>
      <Title>Camadas</Title>
      <CRS>EPSG:4326</CRS><CRS>EPSG:3857</CRS>
      ${items}
    </Layer>
  </Capability>
</WMS_Capabilities>
`
}
