import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings'
import Code from '@mui/icons-material/Code'
import Lock from '@mui/icons-material/Lock'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import CircularProgress from '@mui/material/CircularProgress'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import { t } from '@gis/shared/i18n'
import type { SessionUser } from '@gis/shared'
import { useSnackbar } from 'notistack'
import { useEffect, useState, type FormEvent } from 'react'
import { fieldErrorMap } from '../../api/client'
import { useGetProfileQuery, useUpdateProfileMutation } from '../../api/endpoints'
import { developerMode, storeUser } from '../../api/local-session'
import { useAppDispatch } from '../../app/store'
import { useBusy } from '../../app/use-busy'
import { LoadingScreen } from '../../components/LoadingScreen'
import { PageHeader } from '../../components/PageHeader'
import { userLoaded } from '../../state/auth-slice'
import { ChangePasswordDialog } from './ChangePasswordDialog'
import { useDeveloperKeys } from './use-developer-keys'

interface Form {
  email: string
  name: string
  sector: string
}
type Errors = Partial<Record<keyof Form, string>>

function ProfileForm({ profile }: { profile: SessionUser }) {
  const [form, setForm] = useState<Form>({
    email: profile.email,
    name: profile.name,
    sector: profile.sector,
  })
  const [errors, setErrors] = useState<Errors>({})
  const [update, { isLoading: saving }] = useUpdateProfileMutation()
  const busy = useBusy()
  const { enqueueSnackbar } = useSnackbar()
  const dispatch = useAppDispatch()

  const set = (field: keyof Form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }))
    setErrors((errs) => ({ ...errs, [field]: undefined }))
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    const found: Errors = {}
    if (!form.name.trim()) found.name = t('field.required')
    if (!form.sector.trim()) found.sector = t('field.required')
    if (!form.email.trim()) found.email = t('field.required')
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    const result = await busy(() =>
      update({ name: form.name.trim(), email: form.email.trim(), sector: form.sector.trim() }),
    )
    if ('data' in result && result.data) {
      storeUser(result.data)
      dispatch(userLoaded(result.data))
      enqueueSnackbar(t('profile.updated'), { variant: 'success' })
      return
    }
    const failure = result.error as { status?: number; errors?: [] }
    if (failure.status === 400 && failure.errors?.length) {
      setErrors(fieldErrorMap(failure.errors) as Errors)
      enqueueSnackbar(t('profile.validationErrors'), { variant: 'error' })
    } else {
      enqueueSnackbar(t('profile.updateFailed'), { variant: 'error' })
    }
  }

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.5 }}>
      <TextField
        label={t('profile.username')}
        name="username"
        value={profile.username}
        slotProps={{ input: { readOnly: true } }}
        helperText=" "
        sx={{ '& .MuiInputBase-root': { bgcolor: 'action.hover' } }}
      />
      <TextField
        label={t('profile.email')}
        name="email"
        type="email"
        autoComplete="email"
        value={form.email}
        onChange={set('email')}
        error={Boolean(errors.email)}
        helperText={errors.email ?? ' '}
      />
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label={t('profile.name')}
          name="name"
          autoComplete="name"
          value={form.name}
          onChange={set('name')}
          error={Boolean(errors.name)}
          helperText={errors.name ?? ' '}
        />
        <TextField
          label={t('profile.sector')}
          name="sector"
          value={form.sector}
          onChange={set('sector')}
          error={Boolean(errors.sector)}
          helperText={errors.sector ?? ' '}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          sx={{ minWidth: 140 }}
        >
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  )
}

/** 'Meu perfil': the profile form, ALTERAR SENHA, the administrator notice, developer mode. */
export function ProfilePage() {
  const { data: profile, isError } = useGetProfileQuery(undefined, {
    refetchOnMountOrArgChange: true,
  })
  const [dialog, setDialog] = useState(false)
  const { enqueueSnackbar } = useSnackbar()
  const developer = developerMode()
  useDeveloperKeys()

  useEffect(() => {
    if (isError) enqueueSnackbar(t('profile.loadFailed'), { variant: 'error' })
  }, [isError, enqueueSnackbar])

  return (
    <Box
      sx={{ width: '100%', maxWidth: 760, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 5 } }}
    >
      <PageHeader
        title={t('profile.title')}
        subtitle={t('profile.subtitle')}
        actions={
          <Button variant="outlined" startIcon={<Lock />} onClick={() => setDialog(true)}>
            {t('profile.changePassword')}
          </Button>
        }
      />
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
        {profile ? (
          <ProfileForm key={profile.id} profile={profile} />
        ) : (
          <LoadingScreen text={t('common.loading')} />
        )}
      </Paper>
      <ChangePasswordDialog open={dialog} onClose={() => setDialog(false)} />
    </Box>
  )
}
