import { canNameFeatures, defaultDisplayField, SYSTEM_FIELD_NAMES } from '@gis/shared'
import type { LayerRecord } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { FormSelect } from '../../../../components/form'
import type { Draft } from './layer-draft'

/**
 * The field that names the layer's features in lists (the form's `displayField`): Automático
 * (the default rule, naming the field it picks) or one of the layer's text fields, by their
 * titles in the draft (as the CAMPOS tab has them).
 */
export function DisplayFieldSelect({ layer, draft }: { layer: LayerRecord; draft: Draft }) {
  const texts = layer.attributes.filter(
    (a) => !SYSTEM_FIELD_NAMES.includes(a.name) && canNameFeatures(a),
  )
  const titleOf = (name: string) => draft.attributes.find((a) => a.name === name)?.title || name
  const auto = defaultDisplayField(texts)
  return (
    <FormSelect
      name="displayField"
      label={t('adm.layers.displayField')}
      hint={t('adm.layers.displayFieldHint')}
      // Automático is the empty value: shown, with the label above it.
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      options={[
        {
          value: null,
          label: auto
            ? t('adm.layers.displayFieldAuto', { title: titleOf(auto) })
            : t('adm.layers.displayFieldAutoNone'),
        },
        ...texts.map((a) => ({ value: a.name, label: titleOf(a.name) })),
      ]}
    />
  )
}
