import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import type { OrbitEvent } from '@gis/shared/imagery'
import { t, type MessageKey } from '@gis/shared/i18n'
import { shownPosition, useCoordinateSystem } from '../../map/coordinate-system'
import { formatCoordinate, formatEventDate, formatKm } from './orbit-format'

/**
 * The event's data over the panorama (spec 2 §2.6): Rodovia, Sentido, KM, Latitude and
 * Longitude (6 decimals), Levantamento, Data, and Hora when not 00:00:00. With UTM chosen in
 * the map's coordinates panel, the position is its zone, E and N instead (SIRGAS 2000 / UTM).
 */
export function InfoOverlay({ event }: { event: OrbitEvent }) {
  const when = formatEventDate(event.date)
  const [system] = useCoordinateSystem()
  const shown = shownPosition({ lat: event.latitude, lon: event.longitude }, system)
  const position: [MessageKey, string, string][] =
    shown.system === 'utm'
      ? [
          ['map.coords.zone', `${shown.zone}S`, 'utm-zone'],
          ['map.coords.easting', t('map.coords.metres', { value: shown.easting }), 'easting'],
          ['map.coords.northing', t('map.coords.metres', { value: shown.northing }), 'northing'],
        ]
      : [
          ['orbit.info.latitude', formatCoordinate(event.latitude), 'latitude'],
          ['orbit.info.longitude', formatCoordinate(event.longitude), 'longitude'],
        ]
  const rows: [MessageKey, string, string][] = [
    ['orbit.info.road', event.road, 'road'],
    ['orbit.info.way', event.way, 'way'],
    ['orbit.info.km', formatKm(event.localization), 'km'],
    ...position,
    ['orbit.info.survey', event.survey, 'survey'],
    ['orbit.info.date', when.date, 'date'],
  ]
  if (when.time) rows.push(['orbit.info.time', when.time, 'time'])
  return (
    <Box
      component="dl"
      aria-label={t('orbit.info')}
      data-testid="orbit-info"
      sx={{
        position: 'absolute',
        top: 12,
        left: 12,
        zIndex: 10,
        m: 0,
        px: 1.5,
        py: 1,
        borderRadius: 2,
        bgcolor: 'rgba(23, 37, 47, 0.72)',
        color: '#fff',
        display: 'grid',
        gridTemplateColumns: 'auto auto',
        columnGap: 1.5,
        rowGap: 0.25,
        maxWidth: 'calc(100% - 110px)',
        pointerEvents: 'none',
      }}
    >
      {rows.map(([key, value, id]) => (
        <Box key={id} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="caption" sx={{ opacity: 0.8, fontWeight: 600 }}>
            {t(key)}
          </Typography>
          <Typography
            component="dd"
            variant="caption"
            data-testid={`orbit-info-${id}`}
            sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  )
}
