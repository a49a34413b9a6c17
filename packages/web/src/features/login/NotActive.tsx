import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import { t } from '@gis/shared/i18n'
import { AuthLayout, AuthTitle } from '../../components/AuthLayout'

/** 'Usuário não ativo!': shown after the sign-in of an account not yet activated. */
export function NotActive({ onBack }: { onBack: () => void }) {
  return (
    <AuthLayout>
      <AuthTitle title={t('login.notActive')} />
      <Alert severity="warning" sx={{ mb: 3 }}>
        {t('login.notActiveDetail')}
      </Alert>
      <Button variant="contained" size="large" fullWidth onClick={onBack}>
        {t('login.notActiveBack')}
      </Button>
    </AuthLayout>
  )
}
