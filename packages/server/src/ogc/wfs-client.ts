import type { FastifyRequest } from 'fastify'

/** GIS clients the history names by their product, wherever it stands in the User-Agent. */
const KNOWN = /\b(QGIS|GDAL|ArcGIS|gvSIG|uDig|OpenJUMP|GeoServer|OpenLayers)\b/i

/**
 * The application the history shows for a WFS-T write: 'wfs-t', with the client's product
 * from its User-Agent when there is one ('wfs-t (QGIS)', 'wfs-t (GDAL)').
 */
export function clientName(request: FastifyRequest): string {
  const agent = String(request.headers['user-agent'] ?? '').slice(0, 256)
  const known = KNOWN.exec(agent)?.[1]
  const product =
    known ??
    /^([A-Za-z][\w.-]{0,31})\//.exec(agent.replace(/^Mozilla\/\S+\s*(\([^)]*\)\s*)?/, ''))?.[1]
  return product ? `wfs-t (${product})` : 'wfs-t'
}
