import FormControl from '@mui/material/FormControl'
import FormHelperText from '@mui/material/FormHelperText'
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel'
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput'
import { useDefaultProps } from '@mui/material/DefaultPropsProvider'
import type { SxProps, Theme } from '@mui/material/styles'
import {
  useId,
  type ChangeEventHandler,
  type FocusEventHandler,
  type ReactNode,
  type Ref,
} from 'react'

export interface TextInputProps {
  id?: string
  name?: string
  label?: ReactNode
  value?: unknown
  type?: string
  placeholder?: string
  autoComplete?: string
  autoFocus?: boolean
  disabled?: boolean
  required?: boolean
  error?: boolean
  helperText?: ReactNode
  fullWidth?: boolean
  size?: 'small' | 'medium'
  margin?: 'none' | 'dense' | 'normal'
  multiline?: boolean
  minRows?: number
  maxRows?: number
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement>
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>
  className?: string
  sx?: SxProps<Theme>
  slotProps?: {
    /** The outlined input (adornments, its own sx). */
    input?: Partial<OutlinedInputProps>
    /** The HTML input element's attributes (inputMode, maxLength, aria-*). */
    htmlInput?: OutlinedInputProps['inputProps']
    /** The label (`shrink` to keep it above an empty box that shows a placeholder). */
    inputLabel?: Partial<InputLabelProps>
  }
}

/**
 * The text field of the forms: MUI's outlined TextField without its select, filled and
 * standard variants, which would bring the menu, popover and modal code to every page that
 * has a text box (the sign-in page first, docs/web.md 'First load'). Same markup, same theme
 * defaults (`MuiTextField` in app/theme.ts); a select is `FormSelect` (components/form).
 */
export function TextInput(inProps: TextInputProps) {
  const props = useDefaultProps({ props: inProps, name: 'MuiTextField' })
  const {
    id: idOverride,
    label,
    helperText,
    error = false,
    disabled = false,
    required = false,
    fullWidth = false,
    size,
    margin,
    className,
    sx,
    slotProps,
    ...input
  } = props
  const ownId = useId()
  const id = idOverride ?? ownId
  const helperTextId = helperText ? `${id}-helper-text` : undefined
  const hasLabel = label != null && label !== ''
  return (
    <FormControl
      className={className}
      sx={sx}
      disabled={disabled}
      error={error}
      required={required}
      fullWidth={fullWidth}
      size={size}
      margin={margin}
    >
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`} {...slotProps?.inputLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        {...input}
        id={id}
        label={hasLabel ? label : undefined}
        notched={slotProps?.inputLabel?.shrink}
        fullWidth={fullWidth}
        aria-describedby={helperTextId}
        inputProps={slotProps?.htmlInput}
        {...slotProps?.input}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  )
}
