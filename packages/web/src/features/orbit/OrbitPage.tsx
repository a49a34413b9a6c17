import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import { useTheme } from '@mui/material/styles'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { visuallyHidden } from '@mui/utils'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import type OlMap from 'ol/Map'
import { fromLonLat } from 'ol/proj'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useGetConfigQuery } from '../../api/session.api'
import { MediaOverlay } from '../../components/MediaOverlay'
import { FEATURE_ZOOM } from '../../map/constants'
import { MapCanvas } from '../../map/MapCanvas'
import { useFeatureGeometries } from '../../map/use-map-query'
import { focusFeature, type FeatureKey } from '../../state/map-slice'
import { useAppDispatch, useAppSelector } from '../../state/root-state'
import { useSessionToken } from '../../state/session'
import { InfoOverlay } from './InfoOverlay'
import { MiniToolbar } from './MiniToolbar'
import { useOrbitInfoQuery } from './orbit.api'
import { EVENT_ZOOM, OrbitMapLayers } from './OrbitMapLayers'
import { PanoramaView } from './PanoramaView'
import { SearchPanel } from './SearchPanel'
import { SelectionPanel } from './SelectionPanel'
import { SurveySwitcher } from './SurveySwitcher'
import { useOrbitNavigation } from './use-orbit-navigation'

/** The second word of `Bearer <token>`: what `?token=` carries. */
function urlToken(authorization: string | null): string | null {
  return authorization ? (authorization.split(' ')[1] ?? authorization) : null
}

/**
 * The orbit module at /orbit (spec 2 §2.6, §4.6, §7.5): the map and the 360° view side by side
 * (stacked on a phone) under the top bar; the mini toolbar, 'Pesquisar rodovia', the info
 * overlay, both compasses, the survey switcher and the drawer of the map's selected features.
 */
export function OrbitPage() {
  const dispatch = useAppDispatch()
  const { enqueueSnackbar } = useSnackbar()
  const nav = useOrbitNavigation()
  const [params] = useSearchParams()
  const config = useGetConfigQuery()
  const info = useOrbitInfoQuery()
  const token = urlToken(useSessionToken())
  const selection = useAppSelector((s) => s.map.selection)
  const focused = useAppSelector((s) => s.map.focused)
  const geometries = useFeatureGeometries()
  const [map, setMap] = useState<OlMap | null>(null)
  const desktop = useMediaQuery(useTheme().breakpoints.up('md'))
  const [searchOpen, setSearchOpen] = useState(false)
  const [interactions, setInteractions] = useState(true)
  const [drawer, setDrawer] = useState(false)
  const [revision, setRevision] = useState(0)

  const { start } = nav
  useEffect(() => start(params), [start, params])

  const event = nav.event
  const imageBase = config.data?.imageServerUrl ?? '/api/images'

  const showOnMap = () => {
    if (!map || !event) return
    map.getView().animate({
      center: fromLonLat([event.longitude, event.latitude]),
      zoom: EVENT_ZOOM,
      duration: 300,
    })
  }

  const locate = async (key: FeatureKey) => {
    if (!map) return
    dispatch(focusFeature(key))
    try {
      const [feature] = await geometries([key])
      setRevision((r) => r + 1)
      const geometry = feature?.getGeometry()
      if (!geometry) {
        enqueueSnackbar(t('orbit.selection.noGeometry'), { variant: 'warning' })
        return
      }
      map.getView().fit(geometry.getExtent(), {
        maxZoom: FEATURE_ZOOM,
        padding: [48, 48, 48, 48],
        duration: 400,
      })
    } catch {
      enqueueSnackbar(t('orbit.selection.failed'), { variant: 'error' })
    }
  }

  return (
    <Box
      component="main"
      aria-label={t('orbit.region')}
      sx={{
        flex: 1,
        minHeight: 0,
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        position: 'relative',
        overflow: 'hidden',
      }}
    >
      <Typography component="h1" sx={visuallyHidden}>
        {t('module.orbitTitle')}
      </Typography>
      {nav.busy && (
        <LinearProgress
          aria-label={t('orbit.loading')}
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 30 }}
        />
      )}
      <Box
        data-testid="orbit-map"
        data-event={event?.id ?? ''}
        sx={{
          position: 'relative',
          flex: 1,
          minHeight: 0,
          minWidth: 0,
          // The mini toolbar owns the bottom-left corner: the scale bar goes to the right.
          '& .gis-map .ol-scale-bar': { left: 'auto', right: 12 },
          '& .gis-map .ol-attribution': { left: 'auto', right: 12, bottom: 50 },
        }}
      >
        <MapCanvas onReady={setMap}>
          <OrbitMapLayers
            event={event}
            neighbours={nav.neighbours}
            revision={revision}
            onGo={nav.show}
            onPick={(lat, lon) => void nav.openClosest(lat, lon, false)}
          />
        </MapCanvas>
        <SearchPanel
          open={searchOpen}
          info={info.data}
          defaultRoad={event?.road}
          searching={nav.busy === 'search'}
          onSearch={(p) =>
            void nav.search(p).then((found) => {
              // On a phone the panel covers the map: it gives way to the event found.
              if (found && !desktop) setSearchOpen(false)
            })
          }
          onClose={() => setSearchOpen(false)}
        />
        <MiniToolbar
          searchOpen={searchOpen}
          interactions={interactions}
          selectionCount={selection.length}
          onSearch={() => setSearchOpen((o) => !o)}
          onShowOnMap={showOnMap}
          onInteractions={() => setInteractions((v) => !v)}
          onSelection={() => setDrawer((o) => !o)}
        />
        {drawer && (
          <SelectionPanel
            selection={selection}
            focused={focused}
            onLocate={(k) => void locate(k)}
            onClose={() => setDrawer(false)}
          />
        )}
      </Box>
      <Box
        sx={{
          position: 'relative',
          flex: 1,
          minHeight: 0,
          minWidth: 0,
          borderLeft: { md: 1 },
          borderTop: { xs: 1, md: 0 },
          borderColor: { xs: 'divider', md: 'divider' },
        }}
      >
        <PanoramaView
          event={event}
          neighbours={nav.neighbours}
          imageBase={imageBase}
          token={token}
          interactions={interactions}
          onGo={nav.show}
        >
          {event && <InfoOverlay event={event} />}
          {event && (
            <SurveySwitcher
              surveys={info.data?.surveys ?? [event.survey]}
              current={event.survey}
              busy={nav.busy !== null}
              onPick={(s) => void nav.openSurvey(s)}
            />
          )}
          {nav.empty && (
            <MediaOverlay>
              <Typography>{t('orbit.noEvent')}</Typography>
            </MediaOverlay>
          )}
        </PanoramaView>
      </Box>
    </Box>
  )
}
