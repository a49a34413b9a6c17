import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { shownPosition, type CoordinateSystem } from '../../map/coordinate-system'
import type { LatLon } from '../../map/coordinates'
import { utmSystemName } from '../../map/utm'

/**
 * The coordinates panel's read-out: the cursor's or the centre's position in the chosen
 * system, latitude and longitude (6 decimals) or the UTM zone, E and N in metres, written the
 * Brazilian way, with the system's name under it.
 */
export function CoordinatesReadout({
  readout,
  system,
}: {
  readout: { at: LatLon; source: 'cursor' | 'center' } | null
  system: CoordinateSystem
}) {
  const shown = readout ? shownPosition(readout.at, system) : null
  const rows: [string, string, string][] =
    shown?.system === 'utm'
      ? [
          [t('map.coords.zone'), `${shown.zone}S`, 'zone'],
          [t('map.coords.easting'), t('map.coords.metres', { value: shown.easting }), 'easting'],
          [t('map.coords.northing'), t('map.coords.metres', { value: shown.northing }), 'northing'],
        ]
      : system === 'utm' && !shown
        ? [
            [t('map.coords.zone'), '-', 'zone'],
            [t('map.coords.easting'), '-', 'easting'],
            [t('map.coords.northing'), '-', 'northing'],
          ]
        : [
            [t('map.coords.latitude'), shown?.lat ?? '-', 'latitude'],
            [t('map.coords.longitude'), shown?.lon ?? '-', 'longitude'],
          ]
  const name =
    shown?.system === 'utm'
      ? utmSystemName(shown.zone)
      : shown?.outsideUtm
        ? t('map.coords.outsideUtm')
        : t('map.coords.degreesName')
  return (
    <Box sx={{ flex: 1, minWidth: 0 }} data-testid="coordinates-readout">
      <Typography variant="caption" color="text.secondary">
        {t(readout?.source === 'cursor' ? 'map.coords.cursor' : 'map.coords.center')}
      </Typography>
      {/* Label and value side by side, the numbers right-aligned so that their decimal commas
          line up (the zone, not a number, at the left); never wrapped on a phone. */}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto auto',
          justifyContent: 'start',
          columnGap: 1,
          fontFamily: 'monospace',
          fontSize: 13,
          whiteSpace: 'nowrap',
        }}
      >
        {rows.map(([label, value, id]) => (
          <Box key={id} sx={{ display: 'contents' }}>
            <span>{label}:</span>
            <Box
              component="span"
              sx={{ textAlign: id === 'zone' ? 'left' : 'right' }}
              data-testid={`coordinates-${id}`}
            >
              {value}
            </Box>
          </Box>
        ))}
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        data-testid="coordinates-system-name"
        sx={{ display: 'block', mt: 0.25, lineHeight: 1.3 }}
      >
        {name}
      </Typography>
    </Box>
  )
}
