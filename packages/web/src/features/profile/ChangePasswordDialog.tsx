import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import { t } from '@gis/shared/i18n'
import { MIN_PASSWORD_LENGTH } from '../../app/constants'
import { useSnackbar } from 'notistack'
import { useState, type FormEvent } from 'react'
import { fieldErrorMap } from '../../api/client'
import { useChangePasswordMutation } from '../../api/endpoints'
import { PasswordField } from '../../components/PasswordField'

interface Errors {
  currentPassword?: string
  password?: string
  confirmation?: string
}

/** ALTERAR SENHA: current, new and confirmation; it cannot be closed while saving. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [currentPassword, setCurrent] = useState('')
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [change, { isLoading: saving }] = useChangePasswordMutation()
  const { enqueueSnackbar } = useSnackbar()

  function reset() {
    setCurrent('')
    setPassword('')
    setConfirmation('')
    setErrors({})
  }

  function close() {
    if (saving) return
    reset()
    onClose()
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found: Errors = {}
    if (!currentPassword) found.currentPassword = t('field.required')
    if (!password) found.password = t('field.required')
    else if (password.length < MIN_PASSWORD_LENGTH) found.password = t('field.passwordTooShort')
    if (confirmation !== password) found.confirmation = t('password.mismatch')
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    const result = await change({ currentPassword, password })
    if ('data' in result) {
      enqueueSnackbar(t('password.changed'), { variant: 'success' })
      reset()
      onClose()
      return
    }
    const failure = result.error as { status?: number; errors?: [] }
    if (failure.status === 400 && failure.errors?.length) setErrors(fieldErrorMap(failure.errors))
    enqueueSnackbar(t('password.changeFailed'), { variant: 'error' })
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="change-password-title"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id="change-password-title">{t('profile.changePasswordTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <PasswordField
            label={t('profile.currentPassword')}
            name="currentPassword"
            autoComplete="current-password"
            fullWidth
            autoFocus
            disabled={saving}
            value={currentPassword}
            onChange={(e) => setCurrent(e.target.value)}
            error={Boolean(errors.currentPassword)}
            helperText={errors.currentPassword}
          />
          <PasswordField
            label={t('profile.newPassword')}
            name="newPassword"
            autoComplete="new-password"
            fullWidth
            disabled={saving}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={Boolean(errors.password)}
            helperText={errors.password}
          />
          <PasswordField
            label={t('profile.confirmPassword')}
            name="confirmPassword"
            autoComplete="new-password"
            fullWidth
            disabled={saving}
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            error={Boolean(errors.confirmation)}
            helperText={errors.confirmation}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={saving}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
