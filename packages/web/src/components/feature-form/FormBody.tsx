import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Grid from '@mui/material/Grid'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import type { ReactNode } from 'react'
import { AttributeInput } from './AttributeInput'
import type { FormField } from './form-fields'
import type { useFieldFilter } from './use-field-filter'
import { SearchField } from '../SearchField'

/** Characters of a field title that a third of the form's row shows whole. */
const LONG_TITLE = 26

/**
 * The form's right side: the notice, 'Procurar atributo', the geometry (`geometry`), the
 * inputs of the shown fields on a 12/6/4 grid, and the actions below them (`actions`).
 */
export function FormBody({
  notice,
  search,
  geometry,
  shown,
  readOnly,
  pending,
  attachmentLabel,
  onPickAttachment,
  actions,
}: {
  notice: string | undefined
  search: ReturnType<typeof useFieldFilter>
  geometry: ReactNode
  shown: readonly FormField[]
  readOnly: boolean
  pending?: Readonly<Record<string, unknown>>
  attachmentLabel: (value: string) => string | undefined
  onPickAttachment: (field: FormField) => void
  actions: ReactNode
}) {
  return (
    <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
      {notice && <Alert severity="info">{notice}</Alert>}
      <SearchField
        label={t('features.form.searchAttribute')}
        value={search.text}
        onChange={(e) => search.setText(e.target.value)}
        sx={{ maxWidth: { sm: 360 } }}
      />
      {geometry}
      <Grid container spacing={2} sx={{ pt: 0.5 }}>
        {shown.map((f) => (
          // A title too long for a third of the row takes two thirds, so it is read whole.
          <Grid key={f.name} size={{ xs: 12, md: 6, lg: f.title.length > LONG_TITLE ? 8 : 4 }}>
            <AttributeInput
              field={f}
              pending={pending && f.name in pending ? { value: pending[f.name] } : undefined}
              readOnly={readOnly || f.system}
              attachmentLabel={attachmentLabel}
              onPickAttachment={onPickAttachment}
            />
          </Grid>
        ))}
      </Grid>
      {shown.length === 0 && (
        <Typography color="text.secondary">{t('features.form.noAttribute')}</Typography>
      )}
      {actions}
    </Box>
  )
}
