import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { t, type MessageKey } from '@gis/shared/i18n'
import { useNavigate } from 'react-router'

export interface ErrorScreenProps {
  /** The large code; 404 unless told. */
  code?: number
  detail?: MessageKey
  /** Fill the viewport (routes outside the shell). */
  fullPage?: boolean
  /** What Voltar does; by default, back in history or to the map. */
  onBack?: () => void
}

/** The generic error screen: a large code, 'OPS... Algo de errado aconteceu aqui' and Voltar. */
export function ErrorScreen({ code = 404, detail, fullPage, onBack }: ErrorScreenProps) {
  const navigate = useNavigate()
  const back = () => {
    if (onBack) onBack()
    else if (window.history.length > 1) void navigate(-1)
    else void navigate('/')
  }
  return (
    <Box
      role="alert"
      data-testid="error-screen"
      sx={{
        minHeight: fullPage ? '100vh' : '100%',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        gap: 2,
        p: 4,
        bgcolor: fullPage ? 'background.default' : undefined,
      }}
    >
      <Typography
        component="p"
        data-testid="error-code"
        sx={{
          fontSize: { xs: 96, sm: 144 },
          fontWeight: 800,
          lineHeight: 1,
          color: 'primary.main',
          letterSpacing: '-0.04em',
        }}
      >
        {code}
      </Typography>
      <Typography variant="h5" component="h1">
        {t('error.title')}
      </Typography>
      {detail && (
        <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
          {t(detail)}
        </Typography>
      )}
      <Button variant="contained" onClick={back} sx={{ mt: 1, minWidth: 140 }}>
        {t('error.back')}
      </Button>
    </Box>
  )
}
