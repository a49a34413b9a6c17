import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import OlMap from 'ol/Map'
import View from 'ol/View'
import WKT from 'ol/format/WKT'
import VectorLayer from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import { Circle, Fill, Stroke, Style } from 'ol/style'
import { useEffect, useRef } from 'react'
import 'ol/ol.css'

const style = (color: string, dash?: number[]) =>
  new Style({
    stroke: new Stroke({ color, width: 3, lineDash: dash }),
    fill: new Fill({ color: `${color}33` }),
    image: new Circle({
      radius: 7,
      fill: new Fill({ color: `${color}aa` }),
      stroke: new Stroke({ color, width: 2 }),
    }),
  })

const CURRENT = style('#1565c0')
const PROPOSED = style('#ef6c00', [8, 6])

/**
 * A small map of one item: the feature's current geometry (blue) under the proposed one
 * (orange, dashed), fitted to both. No base layer: the shapes and their difference are what
 * the reviewer compares.
 */
export function GeometryPreview({
  current,
  proposed,
}: {
  current: string | null
  proposed: string | null
}) {
  const target = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!target.current) return
    const format = new WKT()
    const read = (wkt: string | null, s: Style) => {
      if (!wkt) return []
      const f = format.readFeature(wkt, {
        dataProjection: 'EPSG:4326',
        featureProjection: 'EPSG:3857',
      })
      if (!f) return []
      f.setStyle(s)
      return [f]
    }
    const source = new VectorSource({
      features: [...read(current, CURRENT), ...read(proposed, PROPOSED)],
    })
    const map = new OlMap({
      target: target.current,
      controls: [],
      layers: [new VectorLayer({ source })],
      view: new View({ center: [0, 0], zoom: 2 }),
    })
    const extent = source.getExtent()
    if (extent && source.getFeatures().length && Number.isFinite(extent[0])) {
      map.getView().fit(extent, { padding: [30, 30, 30, 30], maxZoom: 18 })
    }
    return () => map.setTarget(undefined)
  }, [current, proposed])
  return (
    <Box>
      <Box
        ref={target}
        data-testid="approval-geometry"
        sx={{
          height: 200,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#eef2f5',
          backgroundImage:
            'linear-gradient(#dde3e8 1px, transparent 1px), linear-gradient(90deg, #dde3e8 1px, transparent 1px)',
          backgroundSize: '24px 24px',
        }}
      />
      <Typography variant="caption" color="text.secondary">
        {t('approvals.review.geometryLegend')}
      </Typography>
    </Box>
  )
}
