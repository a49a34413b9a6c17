import Box from '@mui/material/Box'
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
import {
  FormDialog,
  FormNumberField,
  FormSelect,
  FormSwitch,
  FormTextField,
  schemaResolver,
  useSchemaForm,
} from '../../../components/form'

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

/**
 * The name box of a table or a field (`name` of the form): what is typed is lowered, and a
 * character that breaks the rule is refused; the rule is the hint under it.
 */
export function NameField({ label }: { label: string }) {
  return (
    <FormTextField
      name="name"
      label={label}
      required
      autoFocus
      typed={typedName}
      hint={t('adm.newTable.nameHint')}
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
    <FormDialog
      title={field ? t('adm.field.editTitle') : t('adm.field.title')}
      maxWidth="xs"
      form={form}
      formId="field-form"
      onSubmit={submit}
      onClose={onClose}
      submitLabel={field ? t('adm.save') : t('adm.field.add')}
    >
      <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
        <NameField label={t('adm.field.name')} />
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
    </FormDialog>
  )
}
