import Button, { type ButtonProps } from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import { useFormContext } from 'react-hook-form'

/**
 * The submit button of a form of the pattern: contained, disabled while `busy` (by default
 * while the form submits), with a spinner of `spinner` px meanwhile when asked.
 */
export function SubmitButton({
  label,
  busy,
  spinner,
  ...props
}: Omit<ButtonProps, 'type' | 'children'> & { label: string; busy?: boolean; spinner?: number }) {
  const form = useFormContext()
  const working = busy ?? Boolean(form?.formState.isSubmitting)
  return (
    <Button
      type="submit"
      variant="contained"
      disabled={working}
      startIcon={
        spinner && working ? <CircularProgress size={spinner} color="inherit" /> : undefined
      }
      {...props}
    >
      {label}
    </Button>
  )
}
