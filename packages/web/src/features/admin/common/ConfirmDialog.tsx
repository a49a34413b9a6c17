import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogContentText from '@mui/material/DialogContentText'
import DialogTitle from '@mui/material/DialogTitle'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'

/**
 * The confirmation of a deletion (or another act that cannot be undone): a title, what will
 * happen, CANCELAR and the act's button. The button waits for `onConfirm` and cannot be
 * pressed twice.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel = t('adm.deleteButton'),
  onConfirm,
  onClose,
}: {
  open: boolean
  title: string
  text: string
  confirmLabel?: string
  onConfirm: () => Promise<void> | void
  onClose: () => void
}) {
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
    <Dialog open={open} onClose={working ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={working}>
          {t('adm.cancel')}
        </Button>
        <Button color="error" variant="contained" onClick={() => void confirm()} disabled={working}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
