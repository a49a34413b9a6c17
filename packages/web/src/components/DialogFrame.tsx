import Button, { type ButtonProps } from '@mui/material/Button'
import Dialog, { type DialogProps } from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import type { SxProps, Theme } from '@mui/material/styles'
import type { ReactNode } from 'react'

export type DialogFrameProps = Omit<DialogProps, 'title' | 'open'> & {
  open?: boolean
  /** None: no title bar (the body has its own, e.g. a `PagedTable`). */
  title?: ReactNode
  /** The title's id; the dialog is labelled by it (`aria-labelledby`). */
  titleId?: string
  /** Between the title and the body, outside its scroll (tabs, a zoom bar). */
  header?: ReactNode
  /** The buttons at the bottom; none: no action bar. */
  actions?: ReactNode
  contentSx?: SxProps<Theme>
  actionsSx?: SxProps<Theme>
  /** Lines above and below the body. */
  dividers?: boolean
  /** Rendered after the action bar, inside the dialog (a nested dialog). */
  after?: ReactNode
}

/**
 * The one dialog frame: a title, the body, the actions (CANCELAR before the act). A frame
 * without a body (a confirmation without text) has no body padding either.
 */
export function DialogFrame({
  open = true,
  title,
  titleId,
  header,
  actions,
  contentSx,
  actionsSx,
  dividers,
  after,
  children,
  maxWidth = 'sm',
  fullWidth = true,
  ...props
}: DialogFrameProps) {
  const body = children !== undefined && children !== null && children !== false && children !== ''
  return (
    <Dialog
      open={open}
      maxWidth={maxWidth}
      fullWidth={fullWidth}
      aria-labelledby={titleId}
      {...props}
    >
      {title !== undefined && <DialogTitle id={titleId}>{title}</DialogTitle>}
      {header}
      {body && (
        <DialogContent dividers={dividers} sx={contentSx}>
          {children}
        </DialogContent>
      )}
      {actions && <DialogActions sx={actionsSx}>{actions}</DialogActions>}
      {after}
    </Dialog>
  )
}

/**
 * The buttons of a dialog: `before` first (pushed to the left with `sx={{ mr: 'auto' }}`), the
 * way back (CANCELAR, Voltar), then the act, contained (`actProps`: a form's submit).
 */
export function DialogButtons({
  before,
  back,
  onBack,
  backDisabled,
  act,
  onAct,
  actDisabled,
  actProps,
}: {
  before?: ReactNode
  back: string
  onBack: () => void
  backDisabled?: boolean
  act: string
  onAct?: () => void
  actDisabled?: boolean
  actProps?: Omit<ButtonProps, 'variant' | 'onClick' | 'disabled' | 'children'>
}) {
  return (
    <>
      {before}
      <Button onClick={onBack} disabled={backDisabled}>
        {back}
      </Button>
      <Button {...actProps} variant="contained" onClick={onAct} disabled={actDisabled}>
        {act}
      </Button>
    </>
  )
}
