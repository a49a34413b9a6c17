import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Stack from '@mui/material/Stack'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { toFailure } from '../../api/base-api'
import {
  FormPasswordField,
  SchemaForm,
  showServerErrors,
  useSchemaForm,
} from '../../components/form'
import { changePasswordResolver, type ChangePasswordForm } from './profile-forms'
import { useChangePasswordMutation } from './profile.api'

const EMPTY: ChangePasswordForm = { currentPassword: '', password: '', confirmation: '' }

/** ALTERAR SENHA: current, new and confirmation; it cannot be closed while saving. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useSchemaForm<ChangePasswordForm>({
    resolver: changePasswordResolver,
    defaultValues: EMPTY,
  })
  const [change] = useChangePasswordMutation()
  const { enqueueSnackbar } = useSnackbar()
  const saving = form.formState.isSubmitting

  function close() {
    if (saving) return
    form.reset(EMPTY)
    onClose()
  }

  async function submit({ currentPassword, password }: ChangePasswordForm) {
    try {
      await change({ currentPassword, password }).unwrap()
      enqueueSnackbar(t('password.changed'), { variant: 'success' })
      form.reset(EMPTY)
      onClose()
    } catch (err) {
      // The server's rules (wrong current password, a weak new one) land on their fields.
      showServerErrors(form, toFailure(err))
      enqueueSnackbar(t('password.changeFailed'), { variant: 'error' })
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="change-password-title"
    >
      <SchemaForm form={form} onSubmit={submit}>
        <DialogTitle id="change-password-title">{t('profile.changePasswordTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormPasswordField
              name="currentPassword"
              label={t('profile.currentPassword')}
              autoComplete="current-password"
              autoFocus
            />
            <FormPasswordField
              name="password"
              label={t('profile.newPassword')}
              autoComplete="new-password"
            />
            <FormPasswordField
              name="confirmation"
              label={t('profile.confirmPassword')}
              autoComplete="new-password"
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
      </SchemaForm>
    </Dialog>
  )
}
