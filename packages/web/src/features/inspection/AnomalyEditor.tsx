import DeleteOutline from '@mui/icons-material/DeleteOutlined'
import Autocomplete from '@mui/material/Autocomplete'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { INSPECTION_ELEMENTS } from '@gis/shared/inspections'
import { t } from '@gis/shared/i18n'
import type { FormAnomaly, FormErrors } from './form-model'
import { NoteSelect } from './NoteSelect'
import { PhotoPicker } from './PhotoPicker'

/** One anomaly of the form: the element (a usual one or any other), its description, note and photos. */
export function AnomalyEditor({
  anomaly: a,
  index,
  errors,
  disabled,
  onChange,
  onRemove,
  onFiles,
  onCaption,
  onRemovePhoto,
}: {
  anomaly: FormAnomaly
  index: number
  errors: FormErrors
  disabled?: boolean
  onChange: (patch: Partial<FormAnomaly>) => void
  onRemove: () => void
  onFiles: (files: File[]) => void
  onCaption: (key: string, caption: string) => void
  onRemovePhoto: (key: string) => void
}) {
  const n = index + 1
  const error = (field: string) => errors[`anomalies.${index}.${field}`]
  return (
    <Paper
      variant="outlined"
      role="group"
      aria-label={t('inspection.form.anomaly', { n })}
      sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {t('inspection.form.anomaly', { n })}
        </Typography>
        <IconButton
          size="small"
          aria-label={t('inspection.form.removeAnomaly', { n })}
          onClick={onRemove}
          disabled={disabled}
        >
          <DeleteOutline fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <Autocomplete
          freeSolo
          options={INSPECTION_ELEMENTS}
          value={a.element}
          inputValue={a.element}
          onInputChange={(_, value) => onChange({ element: value })}
          disabled={disabled}
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label={t('inspection.form.element')}
              error={Boolean(error('element'))}
              helperText={error('element')}
            />
          )}
        />
        <NoteSelect
          size="small"
          optional
          label={t('inspection.form.elementNote')}
          value={a.note}
          onChange={(note) => onChange({ note })}
          disabled={disabled}
          error={Boolean(error('note'))}
          helperText={error('note')}
        />
      </Box>
      <TextField
        size="small"
        multiline
        minRows={2}
        label={t('inspection.form.description')}
        value={a.description}
        onChange={(e) => onChange({ description: e.target.value })}
        disabled={disabled}
        error={Boolean(error('description'))}
        helperText={error('description')}
        slotProps={{ htmlInput: { maxLength: 4000 } }}
      />
      <PhotoPicker
        label={t('inspection.detail.photos')}
        photos={a.photos}
        disabled={disabled}
        onFiles={onFiles}
        onCaption={onCaption}
        onRemove={onRemovePhoto}
      />
    </Paper>
  )
}
