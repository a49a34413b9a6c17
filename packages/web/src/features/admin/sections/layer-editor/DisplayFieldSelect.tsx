import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import { canNameFeatures, defaultDisplayField, SYSTEM_FIELD_NAMES } from '@gis/shared'
import type { LayerRecord } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import type { TabProps } from './layer-draft'

/**
 * The field that names the layer's features in lists: Automático (the default rule, naming the
 * field it picks) or one of the layer's text fields, by title.
 */
export function DisplayFieldSelect({
  layer,
  draft,
  set,
  errors,
}: TabProps & { layer: LayerRecord }) {
  const texts = layer.attributes.filter(
    (a) => !SYSTEM_FIELD_NAMES.includes(a.name) && canNameFeatures(a),
  )
  const titleOf = (name: string) => draft.attributes.find((a) => a.name === name)?.title || name
  const auto = defaultDisplayField(texts)
  return (
    <TextField
      select
      label={t('adm.layers.displayField')}
      value={draft.displayField ?? ''}
      onChange={(e) => set({ displayField: e.target.value || null })}
      error={Boolean(errors.displayField)}
      helperText={errors.displayField ?? t('adm.layers.displayFieldHint')}
      // Automático is the empty value: shown, with the label above it.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">
        {auto
          ? t('adm.layers.displayFieldAuto', { title: titleOf(auto) })
          : t('adm.layers.displayFieldAutoNone')}
      </MenuItem>
      {texts.map((a) => (
        <MenuItem key={a.name} value={a.name}>
          {titleOf(a.name)}
        </MenuItem>
      ))}
    </TextField>
  )
}
