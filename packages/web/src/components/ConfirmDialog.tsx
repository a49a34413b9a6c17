import Button from '@mui/material/Button'
import DialogContentText from '@mui/material/DialogContentText'
import { t } from '@gis/shared/i18n'
import { useId, useState, type ReactNode } from 'react'
import { DialogFrame } from './DialogFrame'

/**
 * The one confirmation dialog: a title, what will happen, the way back (focused) and the act.
 * The act's button waits for `onConfirm` and cannot be pressed twice; `danger` (the default)
 * paints it as a deletion.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel = t('adm.deleteButton'),
  cancelLabel = t('adm.cancel'),
  danger = true,
  onConfirm,
  onClose,
}: {
  open: boolean
  title: string
  text?: ReactNode
  confirmLabel?: string
  cancelLabel?: string
  danger?: boolean
  onConfirm: () => Promise<void> | void
  onClose: () => void
}) {
  const titleId = useId()
  const [working, setWorking] = useState(false)
  async function confirm() {
    setWorking(true)
    try {
      await onConfirm()
    } finally {
      setWorking(false)
    }
  }
  return (
    <DialogFrame
      open={open}
      onClose={working ? undefined : onClose}
      maxWidth="xs"
      title={title}
      titleId={titleId}
      actions={
        <>
          <Button onClick={onClose} disabled={working} autoFocus>
            {cancelLabel}
          </Button>
          <Button
            color={danger ? 'error' : 'primary'}
            variant="contained"
            onClick={() => void confirm()}
            disabled={working}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {text && <DialogContentText>{text}</DialogContentText>}
    </DialogFrame>
  )
}
