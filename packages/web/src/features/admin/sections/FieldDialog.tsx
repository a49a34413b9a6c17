import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import TextField from '@mui/material/TextField'
import {
  FIELD_DEFAULTS,
  FIELD_TYPES,
  fieldDefinitionSchema,
  fieldNameProblem,
  typedName,
  type FieldDefinition,
} from '@gis/shared/admin'
import { t } from '@gis/shared/i18n'
import type { Resolver } from 'react-hook-form'
import { useController } from 'react-hook-form'
import { SchemaForm, useSchemaForm } from '../../../components/form'
import { schemaResolver } from '../../../components/form/schema-resolver'
import { FormNumberField, FormSelect, FormSwitch } from '../common/form-controls'

export type FieldRow = FieldDefinition & { id: string }

export const TYPE_OPTIONS = FIELD_TYPES.map((type) => ({
  value: type,
  label: t(`admin.schema.type.${type}`),
}))

/** What a field definition keeps of its sizes: a text's length, a numeric's precision and scale. */
export function withSizes(f: FieldDefinition): FieldDefinition {
  const { length, precision, scale, ...rest } = f
  if (f.type === 'string') return { ...rest, length: length ?? FIELD_DEFAULTS.length }
  if (f.type === 'numeric')
    return {
      ...rest,
      precision: precision ?? FIELD_DEFAULTS.precision,
      scale: scale ?? FIELD_DEFAULTS.scale,
    }
  return rest
}

/** The name box: what is typed is lowered, and a character that breaks the rule is refused. */
function NameField({ autoFocus }: { autoFocus?: boolean }) {
  const { field, fieldState } = useController<FieldDefinition, 'name'>({ name: 'name' })
  return (
    <TextField
      label={t('adm.field.name')}
      required
      autoFocus={autoFocus}
      name={field.name}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(typedName(e.target.value, field.value ?? ''))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? t('adm.newTable.nameHint')}
    />
  )
}

/**
 * 'Novo campo' (nested in 'Nova tabela', and for adding a field to an existing table): name,
 * the six types, obligatory, and the sizes with their defaults (text 32; numeric 12 and 6).
 * The name is checked against `others` with the spec's messages.
 */
export function FieldDialog({
  field,
  others,
  onSave,
  onClose,
}: {
  field: FieldRow | null
  others: string[]
  onSave: (field: FieldDefinition) => Promise<boolean> | boolean
  onClose: () => void
}) {
  const base = schemaResolver<FieldDefinition>(fieldDefinitionSchema)
  const resolver: Resolver<FieldDefinition> = async (values, context, options) => {
    const clean = withSizes({ ...values, id: undefined })
    const result = await base(clean, context, options)
    const problem = fieldNameProblem(values.name ?? '', others)
    if (problem && !result.errors.name) {
      return {
        values: {},
        errors: {
          ...result.errors,
          name: { type: 'custom', message: t(problem.key, problem.params) },
        },
      }
    }
    return result
  }
  const form = useSchemaForm<FieldDefinition>({
    resolver,
    defaultValues: field ?? {
      name: '',
      type: 'string',
      notNull: false,
      length: FIELD_DEFAULTS.length,
      precision: FIELD_DEFAULTS.precision,
      scale: FIELD_DEFAULTS.scale,
    },
  })
  const type = form.watch('type')
  async function submit(values: FieldDefinition) {
    if (await onSave(withSizes(values))) onClose()
  }
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{field ? t('adm.field.editTitle') : t('adm.field.title')}</DialogTitle>
      <DialogContent>
        <SchemaForm form={form} onSubmit={submit} id="field-form">
          <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
            <NameField autoFocus />
            <FormSelect name="type" label={t('adm.field.type')} options={TYPE_OPTIONS} />
            {type === 'string' && <FormNumberField name="length" label={t('adm.field.length')} />}
            {type === 'numeric' && (
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '1fr 1fr' }}>
                <FormNumberField name="precision" label={t('adm.field.precision')} />
                <FormNumberField name="scale" label={t('adm.field.scale')} />
              </Box>
            )}
            <FormSwitch name="notNull" label={t('adm.field.notNull')} />
          </Box>
        </SchemaForm>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('adm.cancel')}</Button>
        <Button type="submit" form="field-form" variant="contained">
          {field ? t('adm.save') : t('adm.field.add')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
