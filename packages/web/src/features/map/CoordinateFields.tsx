import SwapVert from '@mui/icons-material/SwapVert'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import { t, type MessageKey } from '@gis/shared/i18n'
import type { ClipboardEvent } from 'react'
import type { CoordinateSystem } from '../../map/coordinate-system'
import type { CoordinateFieldsState } from './use-coordinate-fields'

/**
 * The coordinates panel's fields in the chosen system: Y (Latitude) and X (Longitude), or
 * Zona UTM, E (m) and N (m); a wrong value is marked and left as typed; the swap button.
 */
export function CoordinateFields({
  system,
  fields,
  onPaste,
}: {
  system: CoordinateSystem
  fields: CoordinateFieldsState
  onPaste: (e: ClipboardEvent<HTMLDivElement>) => void
}) {
  const { errors } = fields
  const field = (
    label: MessageKey,
    value: string,
    onChange: (value: string) => void,
    error: MessageKey | false,
  ) => (
    <TextField
      label={t(label)}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      onPaste={onPaste}
      error={error !== false}
      helperText={error !== false ? t(error) : undefined}
      slotProps={{
        htmlInput: { inputMode: label === 'map.coords.zoneField' ? 'text' : 'decimal' },
      }}
    />
  )
  const swapLabel = t(system === 'utm' ? 'map.coords.swapUtm' : 'map.coords.swap')
  return (
    <>
      {system === 'utm' && (
        // As wide as the fields below, left of their swap button.
        <Box sx={{ mb: 1.5, pr: 6 }}>
          {field(
            'map.coords.zoneField',
            fields.utm.zone,
            (zone) => fields.setUtm({ zone }),
            errors.zone && 'map.coords.zoneInvalid',
          )}
        </Box>
      )}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {system === 'utm' ? (
            <>
              {field(
                'map.coords.eastingField',
                fields.utm.easting,
                (easting) => fields.setUtm({ easting }),
                errors.easting && 'map.coords.eastingInvalid',
              )}
              {field(
                'map.coords.northingField',
                fields.utm.northing,
                (northing) => fields.setUtm({ northing }),
                errors.northing && 'map.coords.northingInvalid',
              )}
            </>
          ) : (
            <>
              {field(
                'map.coords.y',
                fields.y,
                fields.setY,
                errors.y && 'map.coords.latitudeInvalid',
              )}
              {field(
                'map.coords.x',
                fields.x,
                fields.setX,
                errors.x && 'map.coords.longitudeInvalid',
              )}
            </>
          )}
        </Box>
        <Tooltip title={swapLabel}>
          <IconButton onClick={fields.swap} aria-label={swapLabel}>
            <SwapVert />
          </IconButton>
        </Tooltip>
      </Box>
    </>
  )
}
