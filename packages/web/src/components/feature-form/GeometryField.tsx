import EditLocationAlt from '@mui/icons-material/EditLocationAlt'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import { t } from '@gis/shared/i18n'

/**
 * The feature's geometry ('Geometria') as WKT, read-only here: 'Editar no mapa' takes it to
 * the map's geometry editor (the external flow), which gives the new text back to this form.
 */
export function GeometryField({
  value,
  changed,
  onEdit,
}: {
  value: string | null
  changed: boolean
  /** Absent when the form already sits beside the editor, or may not change the geometry. */
  onEdit?: () => void
}) {
  return (
    <TextField
      id="attr-geom"
      label={t('layers.field.geom')}
      value={value ?? ''}
      placeholder={t('editor.noGeometry')}
      fullWidth
      size="small"
      multiline
      maxRows={3}
      helperText={changed ? t('editor.geometryChanged') : undefined}
      color={changed ? 'warning' : undefined}
      focused={changed || undefined}
      slotProps={{
        htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } },
        inputLabel: { shrink: true },
        input: onEdit
          ? {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title={t('editor.editOnMap')}>
                    <IconButton
                      size="small"
                      edge="end"
                      onClick={onEdit}
                      aria-label={t('editor.editOnMap')}
                    >
                      <EditLocationAlt fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            }
          : undefined,
      }}
    />
  )
}
