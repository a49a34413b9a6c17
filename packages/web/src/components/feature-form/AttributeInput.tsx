import InfoOutlined from '@mui/icons-material/InfoOutlined'
import PhotoLibrary from '@mui/icons-material/PhotoLibrary'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import InputAdornment from '@mui/material/InputAdornment'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import { t } from '@gis/shared/i18n'
import { useController, useFormContext } from 'react-hook-form'
import { attributeText } from '../attribute-text'
import { BrKindInput, brText, isBrKind } from '../br-input'
import type { FormField } from './form-fields'

export interface AttributeInputProps {
  field: FormField
  /** Read-only (no permission, a deleted feature, a system field). */
  readOnly: boolean
  /** Opens the attachment picker of a file or photo field. */
  onPickAttachment?: (field: FormField) => void
  /** How the chosen attachment of a file or photo field is named. */
  attachmentLabel?: (value: string) => string | undefined
  /** The value a change awaiting approval proposes for this field (issue 42). */
  pending?: { value: unknown }
}

/**
 * One attribute's input, by type (spec 1 section 5, decision 63): numbers, dates and times are
 * typed and shown the Brazilian way whatever the browser's language (`1.234,5`, dd/mm/aaaa,
 * 24-hour times), as text that is never altered while typed: what does not parse is an error
 * under the field; booleans Sim/Não; texts within maxLength; a selectable domain is a list; a
 * file or photo field picks one of the feature's attachments. The error (the shared rules' or
 * the server's) shows under it.
 */
export function AttributeInput({
  field,
  readOnly,
  onPickAttachment,
  attachmentLabel,
  pending,
}: AttributeInputProps) {
  const { control } = useFormContext<Record<string, string>>()
  const { field: input, fieldState } = useController({ name: field.name, control })
  const error = fieldState.error?.message
  // The value sent for review, under the current one (an error of the typed text first).
  const awaiting =
    pending && t('approvals.pendingValue', { value: attributeText(pending.value, field.type) })
  const id = `attr-${field.name}`
  const tooltip = field.tooltip ? (
    <InputAdornment position="end">
      <Tooltip title={field.tooltip}>
        <InfoOutlined fontSize="small" sx={{ color: 'text.disabled' }} aria-label={field.tooltip} />
      </Tooltip>
    </InputAdornment>
  ) : undefined
  const common = {
    id,
    name: input.name,
    label: field.title,
    required: field.required,
    error: Boolean(error),
    helperText: error ?? awaiting,
    inputRef: input.ref,
    onBlur: input.onBlur,
    fullWidth: true,
    size: 'small' as const,
    sx: {
      // A field the system keeps (id, uuid, the last change) looks like what it is: not editable.
      ...(field.system ? { '& .MuiInputBase-root': { bgcolor: 'action.hover' } } : {}),
      ...(awaiting && !error ? { '& .MuiFormHelperText-root': { color: 'warning.dark' } } : {}),
    },
  }
  const selectProps = {
    select: true,
    ...common,
    value: input.value,
    onChange: input.onChange,
    slotProps: { input: { readOnly } },
  }

  if (field.type === 'boolean') {
    return (
      <TextField {...selectProps}>
        <MenuItem value="true">{t('common.yes')}</MenuItem>
        <MenuItem value="false">{t('common.no')}</MenuItem>
      </TextField>
    )
  }

  if (field.options) {
    // An option as the field's text holds it: a number or a date the Brazilian way.
    const text = (o: string | number) => (isBrKind(field.type) ? brText(field.type, o) : String(o))
    const known = field.options.some((o) => text(o) === input.value)
    return (
      <TextField {...selectProps}>
        {!field.required && (
          <MenuItem value="">
            <em>{t('features.form.noneOption')}</em>
          </MenuItem>
        )}
        {!known && input.value !== '' && <MenuItem value={input.value}>{input.value}</MenuItem>}
        {field.options.map((o) => (
          <MenuItem key={String(o)} value={text(o)}>
            {text(o)}
          </MenuItem>
        ))}
      </TextField>
    )
  }

  if (field.attachment) {
    const label = input.value ? (attachmentLabel?.(input.value) ?? `#${input.value}`) : ''
    return (
      <TextField
        {...common}
        value={label}
        placeholder={t('features.form.noneOption')}
        slotProps={{
          input: {
            readOnly: true,
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={t('features.form.pickAttachment')}>
                  <span>
                    <IconButton
                      size="small"
                      edge="end"
                      disabled={readOnly}
                      aria-label={t('features.form.pickAttachment')}
                      onClick={() => onPickAttachment?.(field)}
                    >
                      <PhotoLibrary fontSize="small" />
                    </IconButton>
                  </span>
                </Tooltip>
              </InputAdornment>
            ),
          },
          inputLabel: { shrink: true },
        }}
      />
    )
  }

  if (isBrKind(field.type)) {
    return (
      <BrKindInput
        kind={field.type}
        {...common}
        // Nothing to type in a field the system keeps: a new feature's Id says when it comes.
        placeholder={
          field.system ? (field.name === 'id' ? t('features.form.idOnSave') : '') : undefined
        }
        value={input.value}
        onChange={input.onChange}
        readOnly={readOnly}
        slotProps={{ input: tooltip ? { endAdornment: tooltip } : undefined }}
      />
    )
  }

  const system = field.system
  return (
    <Box>
      <TextField
        {...common}
        value={input.value}
        multiline={field.type === 'string' && !system && (field.maxLength ?? 0) > 120}
        maxRows={4}
        onChange={input.onChange}
        slotProps={{
          htmlInput: {
            ...(field.type === 'string' && field.maxLength ? { maxLength: field.maxLength } : {}),
            readOnly,
          },
          input: tooltip ? { endAdornment: tooltip } : undefined,
        }}
      />
    </Box>
  )
}
