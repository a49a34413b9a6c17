import Close from '@mui/icons-material/Close'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { BaseLayer } from '@gis/shared'
import type { BridgeFeatureCollection, BridgeRow } from '@gis/shared/inspections'
import { t } from '@gis/shared/i18n'
import type Feature from 'ol/Feature'
import GeoJSON from 'ol/format/GeoJSON'
import VectorLayer from 'ol/layer/Vector'
import VectorSource from 'ol/source/Vector'
import { useEffect, useMemo, useRef, useState } from 'react'
import { isOffline } from '../../map/base-layers'
import { MapCanvas } from '../../map/MapCanvas'
import { useMap } from '../../map/map-context'
import { useBaseLayers } from '../../map/use-base-layers'
import { useMapLayer } from '../../map/use-map-layer'
import { useGetActiveBaseLayersQuery } from '../../api/layers.api'
import { drawnColour, featureStyle } from './map-style'
import { MapLegend } from './MapLegend'
import { dateText, kmText, noteLabel } from './notes'
import { StatusChip } from './StatusChip'

/** Above the base layers. */
const BRIDGES_Z = 10_000

/** The base layer users see first; the one served here when it cannot load (no internet). */
function BaseLayerShown() {
  const records = useGetActiveBaseLayersQuery().data
  const [failed, setFailed] = useState(false)
  const entries = useMemo(() => {
    const list: readonly BaseLayer[] = records ?? []
    const preferred = list.find((r) => r.visible) ?? list[0]
    const record = failed ? (list.find(isOffline) ?? preferred) : preferred
    return record
      ? [{ name: `inspection-base-${record.id}`, record, visible: true, opacity: 255, zIndex: 0 }]
      : []
  }, [records, failed])
  useBaseLayers(entries, () => setFailed(true))
  return null
}

type Properties = Omit<BridgeRow, 'lon' | 'lat'>

/**
 * The bridges as points coloured by their worst note, the overdue ones (and those never
 * inspected) ringed; the view fits them at first, or centres the one asked for. A click
 * chooses a bridge.
 */
function BridgesLayer({
  collection,
  chosen,
  onChoose,
}: {
  collection: BridgeFeatureCollection
  chosen: number | null
  onChoose: (properties: Properties | null, colour: string) => void
}) {
  const map = useMap()
  const { layer, source } = useMemo(() => {
    const source = new VectorSource()
    const layer = new VectorLayer({ source, zIndex: BRIDGES_Z, updateWhileInteracting: true })
    return { layer, source }
  }, [])
  useMapLayer(layer)

  useEffect(() => {
    source.clear(true)
    source.addFeatures(
      new GeoJSON().readFeatures(collection, {
        dataProjection: 'EPSG:4326',
        featureProjection: 'EPSG:3857',
      }),
    )
  }, [source, collection])

  useEffect(() => {
    layer.setStyle((f) => featureStyle(f, chosen))
  }, [layer, chosen])

  // The card follows the feature drawn: its properties and the colour its style paints.
  const latest = useRef(onChoose)
  latest.current = onChoose
  useEffect(() => {
    const feature = chosen === null ? null : (source.getFeatureById(chosen) as Feature | null)
    latest.current(
      feature ? (feature.getProperties() as Properties) : null,
      feature ? drawnColour(feature) : '',
    )
  }, [source, chosen, collection])

  // The view: the chosen bridge at zoom 14, else every bridge, once.
  const placed = useRef(false)
  useEffect(() => {
    if (placed.current || source.isEmpty()) return
    placed.current = true
    const feature = chosen === null ? null : source.getFeatureById(chosen)
    const geometry = feature?.getGeometry()
    if (geometry) {
      map.getView().fit(geometry.getExtent(), { maxZoom: 14, padding: [80, 40, 80, 40] })
    } else {
      const extent = source.getExtent()
      if (extent) map.getView().fit(extent, { maxZoom: 14, padding: [40, 40, 40, 40] })
    }
  }, [map, source, chosen, collection])

  useEffect(() => {
    const onClick = (e: { pixel: number[] }) => {
      let hit: number | null = null
      map.forEachFeatureAtPixel(
        e.pixel,
        (f) => {
          hit = f.get('featureId') as number
          return true
        },
        { layerFilter: (l) => l === layer, hitTolerance: 6 },
      )
      const feature = hit === null ? null : source.getFeatureById(hit)
      latest.current(
        feature ? (feature.getProperties() as Properties) : null,
        feature ? drawnColour(feature) : '',
      )
    }
    map.on('singleclick', onClick as never)
    return () => map.un('singleclick', onClick as never)
  }, [map, layer, source])
  return null
}

/** The map of MAPA: the bridges, the legend, and the card of the bridge chosen. */
export function BridgesMap({
  collection,
  focus,
  onFocus,
  onOpen,
}: {
  collection: BridgeFeatureCollection
  focus: number | null
  onFocus: (featureId: number | null) => void
  onOpen: (featureId: number) => void
}) {
  const [card, setCard] = useState<{ bridge: Properties; colour: string } | null>(null)
  const onChoose = (bridge: Properties | null, colour: string) => {
    setCard(bridge ? { bridge, colour } : null)
    if ((bridge?.featureId ?? null) !== focus) onFocus(bridge?.featureId ?? null)
  }
  const b = card?.bridge
  return (
    <Box
      role="region"
      aria-label={t('inspection.map.region')}
      data-testid="inspection-map"
      data-bridges={collection.features.length}
      sx={{
        position: 'relative',
        height: { xs: 'calc(100dvh - 340px)', sm: 'calc(100dvh - 280px)' },
        minHeight: 360,
        borderRadius: 1,
        overflow: 'hidden',
        border: 1,
        borderColor: 'divider',
        // The legend owns the bottom-left corner: the scale bar goes to the right.
        '& .gis-map .ol-scale-bar': { left: 'auto', right: 12 },
      }}
    >
      <MapCanvas>
        <BaseLayerShown />
        <BridgesLayer collection={collection} chosen={focus} onChoose={onChoose} />
      </MapCanvas>
      <MapLegend />
      {b && (
        <Paper
          elevation={4}
          data-testid="bridge-card"
          data-feature={b.featureId}
          data-colour={card.colour}
          data-status={b.status}
          data-due={b.nextDue ?? ''}
          sx={{
            position: 'absolute',
            top: 12,
            right: 12,
            left: { xs: 12, sm: 'auto' },
            width: { sm: 320 },
            p: 1.5,
            zIndex: 5,
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Box
              aria-hidden
              sx={{
                width: 14,
                height: 14,
                mt: 0.5,
                borderRadius: '50%',
                bgcolor: card.colour,
                flexShrink: 0,
              }}
            />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography
                variant="subtitle1"
                component="h2"
                sx={{ fontWeight: 700, lineHeight: 1.3 }}
              >
                {b.codigo ?? b.featureId} {b.tipo ? `· ${b.tipo}` : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {b.rodovia ?? '-'} km {kmText(b.km)} {b.sentido ? `· ${b.sentido}` : ''}
              </Typography>
            </Box>
            <IconButton
              size="small"
              aria-label={t('inspection.detail.close')}
              onClick={() => onChoose(null, '')}
            >
              <Close fontSize="small" />
            </IconButton>
          </Box>
          <Box
            component="dl"
            sx={{
              m: 0,
              mt: 1,
              display: 'grid',
              gridTemplateColumns: 'auto 1fr',
              columnGap: 1.5,
              rowGap: 0.5,
              '& dt': { color: 'text.secondary', typography: 'body2' },
              '& dd': { m: 0, typography: 'body2', fontWeight: 600 },
            }}
          >
            <dt>{t('inspection.col.worst')}</dt>
            <dd data-testid="bridge-card-note">{noteLabel(b.worstNote)}</dd>
            <dt>{t('inspection.col.last')}</dt>
            <dd>{b.last ? `${dateText(b.last.date)} (${b.last.type})` : '-'}</dd>
            <dt>{t('inspection.col.nextDue')}</dt>
            <dd data-testid="bridge-card-due">
              {b.nextDue ? `${dateText(b.nextDue)} (${b.nextDueType ?? ''})` : '-'}
            </dd>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', mt: 1.5, gap: 1 }}>
            <StatusChip status={b.status} />
            <Button
              size="small"
              variant="contained"
              sx={{ ml: 'auto' }}
              onClick={() => onOpen(b.featureId)}
            >
              {t('inspection.map.open')}
            </Button>
          </Box>
        </Paper>
      )}
    </Box>
  )
}
