import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings'
import Code from '@mui/icons-material/Code'
import Lock from '@mui/icons-material/Lock'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Collapse from '@mui/material/Collapse'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import { t } from '@gis/shared/i18n'
import type { SessionUser } from '@gis/shared'
import { useSnackbar } from 'notistack'
import { useEffect, useMemo, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { toFailure } from '../../api/base-api'
import { developerMode } from '../../api/local-session'
import { useCurrentUser } from '../../state/session'
import { useBusy } from '../../state/use-busy'
import {
  FormPasswordField,
  FormTextField,
  SchemaForm,
  showServerErrors,
  useSchemaForm,
  SubmitButton,
} from '../../components/form'
import { LoadingScreen } from '../../components/LoadingScreen'
import { PageFrame } from '../../components/PageHeader'
import { ChangePasswordDialog } from './ChangePasswordDialog'
import { emailChanged, profileResolver, type ProfileForm as Values } from './profile-forms'
import { useGetProfileQuery, useUpdateProfileMutation } from './profile.api'
import { useDeveloperKeys } from './use-developer-keys'

function ProfileForm({ profile }: { profile: SessionUser }) {
  const resolver = useMemo(() => profileResolver(profile.email), [profile.email])
  const form = useSchemaForm<Values>({
    resolver,
    defaultValues: {
      email: profile.email,
      name: profile.name,
      sector: profile.sector,
      currentPassword: '',
    },
  })
  const [update] = useUpdateProfileMutation()
  const busy = useBusy()
  const { enqueueSnackbar } = useSnackbar()
  const email = useWatch({ control: form.control, name: 'email' })
  // Changing the e-mail asks for the current password (the server tells the old address).
  const asksPassword = emailChanged(email, profile.email)
  const saving = form.formState.isSubmitting

  async function submit({ name, email, sector, currentPassword }: Values) {
    const changes = asksPassword
      ? { name, email, sector, currentPassword }
      : { name, email, sector }
    try {
      const saved = await busy(() => update(changes).unwrap())
      form.reset({
        email: saved.email,
        name: saved.name,
        sector: saved.sector,
        currentPassword: '',
      })
      enqueueSnackbar(t('profile.updated'), { variant: 'success' })
    } catch (err) {
      const failure = toFailure(err)
      if (showServerErrors(form, failure)) {
        enqueueSnackbar(t('profile.validationErrors'), { variant: 'error' })
      } else {
        enqueueSnackbar(t('profile.updateFailed'), { variant: 'error' })
      }
    }
  }

  return (
    <SchemaForm form={form} onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
      <TextField
        label={t('profile.username')}
        name="username"
        value={profile.username}
        slotProps={{ input: { readOnly: true } }}
        helperText=" "
        sx={{ '& .MuiInputBase-root': { bgcolor: 'action.hover' } }}
      />
      <FormTextField
        name="email"
        label={t('profile.email')}
        type="email"
        autoComplete="email"
        hint=" "
      />
      <Collapse in={asksPassword} unmountOnExit>
        <FormPasswordField
          name="currentPassword"
          label={t('profile.currentPassword')}
          autoComplete="current-password"
          hint={t('profile.emailNeedsPassword')}
        />
      </Collapse>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <FormTextField name="name" label={t('profile.name')} autoComplete="name" hint=" " />
        <FormTextField name="sector" label={t('profile.sector')} hint=" " />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <SubmitButton busy={saving} spinner={16} sx={{ minWidth: 140 }} label={t('common.save')} />
      </Box>
    </SchemaForm>
  )
}

/** 'Meu perfil': the profile form, ALTERAR SENHA, the administrator notice, developer mode. */
export function ProfilePage() {
  // Loaded afresh on every visit; the answer refreshes the session user, which the page shows.
  const { isSuccess, isError } = useGetProfileQuery(undefined, { refetchOnMountOrArgChange: true })
  const profile = useCurrentUser()
  const [dialog, setDialog] = useState(false)
  const { enqueueSnackbar } = useSnackbar()
  const developer = developerMode()
  useDeveloperKeys()

  useEffect(() => {
    if (isError) enqueueSnackbar(t('profile.loadFailed'), { variant: 'error' })
  }, [isError, enqueueSnackbar])

  return (
    <PageFrame
      narrow
      title={t('profile.title')}
      subtitle={t('profile.subtitle')}
      actions={
        <Button variant="outlined" startIcon={<Lock />} onClick={() => setDialog(true)}>
          {t('profile.changePassword')}
        </Button>
      }
    >
      {(profile?.admin || developer) && (
        <Box sx={{ display: 'grid', gap: 1.5, mb: 3 }}>
          {profile?.admin && (
            <Alert severity="info" icon={<AdminPanelSettings />}>
              {t('profile.adminNotice')}
            </Alert>
          )}
          {developer && (
            <Box>
              <Chip
                icon={<Code />}
                color="secondary"
                label={t('profile.developerOn')}
                data-testid="developer-mode"
              />
            </Box>
          )}
        </Box>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 } }}>
        {profile && (isSuccess || isError) ? (
          <ProfileForm key={profile.id} profile={profile} />
        ) : (
          <LoadingScreen text={t('common.loading')} />
        )}
      </Paper>
      <ChangePasswordDialog open={dialog} onClose={() => setDialog(false)} />
    </PageFrame>
  )
}
