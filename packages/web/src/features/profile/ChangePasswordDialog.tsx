import Stack from '@mui/material/Stack'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { toFailure } from '../../api/base-api'
import {
  FormDialog,
  FormPasswordField,
  NewPasswordFields,
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
    <FormDialog
      open={open}
      onClose={close}
      maxWidth="xs"
      titleId="change-password-title"
      title={t('profile.changePasswordTitle')}
      form={form}
      formId="change-password"
      onSubmit={submit}
      submitLabel={t('common.save')}
      submitSpinner={16}
      actionsSx={{ px: 3, pb: 2 }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormPasswordField
          name="currentPassword"
          label={t('profile.currentPassword')}
          autoComplete="current-password"
          autoFocus
        />
        <NewPasswordFields labels={[t('profile.newPassword'), t('profile.confirmPassword')]} />
      </Stack>
    </FormDialog>
  )
}
