import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import ArrowBack from '@mui/icons-material/ArrowBack'
import { t, type MessageKey } from '@gis/shared/i18n'
import { useNavigate } from 'react-router'
import background from '../assets/map-background.svg'
import { useProjectName } from './AuthLayout'
import { LostMapIllustration } from './LostMapIllustration'

export interface ErrorScreenProps {
  /** The large code; 404 unless told. */
  code?: number
  detail?: MessageKey
  /** Fill the viewport (routes outside the shell): the map picture behind, logo and name on top. */
  fullPage?: boolean
  /** What Voltar does; by default, back in history or to the map. */
  onBack?: () => void
}

function Message({ code, detail, onBack }: Omit<ErrorScreenProps, 'fullPage'>) {
  const navigate = useNavigate()
  const back = () => {
    if (onBack) onBack()
    else if (window.history.length > 1) void navigate(-1)
    else void navigate('/')
  }
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1.5,
      }}
    >
      <LostMapIllustration />
      <Typography
        component="p"
        data-testid="error-code"
        sx={{
          fontSize: { xs: 80, sm: 112 },
          fontWeight: 800,
          lineHeight: 1,
          color: 'primary.main',
          letterSpacing: '-0.04em',
          mt: 1,
        }}
      >
        {code}
      </Typography>
      <Typography variant="h5" component="h1" sx={{ fontSize: { xs: 20, sm: 24 } }}>
        {t('error.title')}
      </Typography>
      {detail && (
        <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
          {t(detail)}
        </Typography>
      )}
      <Button
        variant="contained"
        size="large"
        startIcon={<ArrowBack />}
        onClick={back}
        sx={{ mt: 1.5, minWidth: 160 }}
      >
        {t('error.back')}
      </Button>
    </Box>
  )
}

/**
 * The generic error screen (spec section 2): a large code, 'OPS... Algo de errado aconteceu
 * aqui' and Voltar, with the lost-map picture. Full page it looks like the sign-in screens:
 * the map picture behind, a card with the logo and the project name.
 */
export function ErrorScreen({ code = 404, detail, fullPage, onBack }: ErrorScreenProps) {
  const projectName = useProjectName()
  if (!fullPage) {
    return (
      <Box
        role="alert"
        data-testid="error-screen"
        sx={{
          minHeight: '100%',
          flex: 1,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          p: { xs: 3, sm: 4 },
        }}
      >
        <Message code={code} detail={detail} onBack={onBack} />
      </Box>
    )
  }
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: { xs: 2, sm: 4 },
        bgcolor: 'primary.dark',
        backgroundImage: `url(${background})`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <Paper
        role="alert"
        data-testid="error-screen"
        elevation={0}
        sx={{
          width: '100%',
          maxWidth: 560,
          px: { xs: 3, sm: 6 },
          py: { xs: 4, sm: 5 },
          borderRadius: 3,
          boxShadow: '0 24px 64px rgba(3, 24, 36, 0.45)',
        }}
      >
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1.5,
            mb: { xs: 3, sm: 4 },
          }}
        >
          <Box
            component="img"
            src="/_self/logo.png"
            alt={t('nav.logoAlt')}
            sx={{ height: 40, width: 'auto', maxWidth: 140, objectFit: 'contain' }}
          />
          <Typography component="p" sx={{ fontWeight: 700, fontSize: 18, color: 'primary.main' }}>
            {projectName}
          </Typography>
        </Box>
        <Message code={code} detail={detail} onBack={onBack} />
      </Paper>
    </Box>
  )
}
