import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import type { SxProps, Theme } from '@mui/material/styles'
import { t } from '@gis/shared/i18n'
import type { ReactNode } from 'react'
import type { FieldValues, SubmitErrorHandler, SubmitHandler, UseFormReturn } from 'react-hook-form'
import { DialogButtons, DialogFrame, type DialogFrameProps } from '../DialogFrame'
import { SchemaForm } from './SchemaForm'

/**
 * A dialog around a form of the pattern: the title, the form, CANCELAR and the submit button
 * (both disabled while submitting; the dialog does not close meanwhile). `aside` stands beside
 * the form (a preview), `below` under it, outside the form (a list the form does not bind).
 */
export function FormDialog<T extends FieldValues>({
  title,
  form,
  formId,
  onSubmit,
  onInvalid,
  onClose,
  submitLabel,
  submitDisabled,
  submitSpinner,
  formSx,
  aside,
  below,
  children,
  ...frame
}: Omit<DialogFrameProps, 'title' | 'onClose' | 'actions' | 'onSubmit'> & {
  title: ReactNode
  form: UseFormReturn<T>
  formId: string
  onSubmit: SubmitHandler<T>
  onInvalid?: SubmitErrorHandler<T>
  onClose: () => void
  submitLabel: string
  submitDisabled?: boolean
  /** A spinner of this many px on the submit button while submitting. */
  submitSpinner?: number
  formSx?: SxProps<Theme>
  aside?: ReactNode
  below?: ReactNode
}) {
  const submitting = form.formState.isSubmitting
  const body = (
    <SchemaForm form={form} onSubmit={onSubmit} onInvalid={onInvalid} id={formId} sx={formSx}>
      {children}
    </SchemaForm>
  )
  return (
    <DialogFrame
      {...frame}
      title={title}
      onClose={submitting ? undefined : onClose}
      actions={
        <DialogButtons
          back={t('adm.cancel')}
          onBack={onClose}
          backDisabled={submitting}
          act={submitLabel}
          actDisabled={submitting || submitDisabled}
          actProps={{
            type: 'submit',
            form: formId,
            startIcon:
              submitSpinner && submitting ? (
                <CircularProgress size={submitSpinner} color="inherit" />
              ) : undefined,
          }}
        />
      }
    >
      {aside ? (
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', pt: 1 }}>
          {body}
          {aside}
        </Box>
      ) : (
        body
      )}
      {below}
    </DialogFrame>
  )
}
