import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { useFrom } from '../../state/use-from'
import { useAppDispatch } from '../../state/root-state'
import { useProjectName } from '../../components/AuthLayout'
import { runBoot } from './boot'

/** /boot: runs the start-up sequence once, then returns to the page the user came from, or /. */
export function BootPage() {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const from = useFrom()
  const { enqueueSnackbar } = useSnackbar()
  const projectName = useProjectName()
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    void runBoot(dispatch, (message) => enqueueSnackbar(message, { variant: 'error' })).then(
      (outcome) => {
        if (outcome === 'unauthenticated') void navigate('/login', { replace: true })
        else void navigate(from && from !== '/boot' ? from : '/', { replace: true })
      },
    )
  }, [dispatch, navigate, from, enqueueSnackbar])

  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        bgcolor: 'background.default',
      }}
    >
      <Box component="img" src="/_self/logo.png" alt={t('nav.logoAlt')} sx={{ height: 64 }} />
      <Typography variant="h6" component="h1">
        {projectName}
      </Typography>
      <LinearProgress sx={{ width: 240, borderRadius: 1 }} />
      <Typography color="text.secondary">{t('boot.loading')}</Typography>
    </Box>
  )
}
