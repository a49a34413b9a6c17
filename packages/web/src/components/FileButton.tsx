import Button, { type ButtonProps } from '@mui/material/Button'

/**
 * A button that opens the browser's file chooser and hands over the chosen file (the input is
 * emptied, so the same file may be chosen again).
 */
export function FileButton({
  label,
  accept,
  onFile,
  inputTestId,
  ...props
}: Omit<ButtonProps<'label'>, 'component' | 'children'> & {
  label: string
  accept?: string
  onFile: (file: File | undefined) => void
  inputTestId?: string
}) {
  return (
    <Button component="label" {...props}>
      {label}
      <input
        hidden
        type="file"
        accept={accept}
        data-testid={inputTestId}
        onChange={(e) => {
          onFile(e.target.files?.[0])
          e.target.value = ''
        }}
      />
    </Button>
  )
}
