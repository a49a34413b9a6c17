import Box from '@mui/material/Box'
import { t } from '@gis/shared/i18n'

/**
 * The map page. This is the region the one OpenLayers map (src/map/) mounts into; the map,
 * the layer manager and the tool column arrive with the map feature.
 */
export function MapPage() {
  return (
    <Box
      role="region"
      aria-label={t('map.region')}
      data-testid="map"
      sx={{
        flex: 1,
        position: 'relative',
        bgcolor: '#e6edf0',
        backgroundImage:
          'linear-gradient(rgba(11,79,108,0.05) 1px, transparent 1px), linear-gradient(90deg, rgba(11,79,108,0.05) 1px, transparent 1px)',
        backgroundSize: '64px 64px',
      }}
    />
  )
}
