import Box from '@mui/material/Box'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { useEffect, type ReactNode } from 'react'
import { Link as RouterLink } from 'react-router'
import { DEFAULT_PROJECT_NAME, useGetConfigQuery } from '../api/session.api'
import background from '../assets/map-background.svg'

/** The public project name (the configuration is public); the tab title follows it. */
export function useProjectName(): string {
  const { data } = useGetConfigQuery()
  const name = data?.projectName ?? DEFAULT_PROJECT_NAME
  useEffect(() => {
    document.title = name
  }, [name])
  return name
}

/**
 * Layout of the public screens: the logo and the form on the left panel, the background
 * picture on the right (hidden on small screens).
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  const projectName = useProjectName()
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.paper' }}>
      <Box
        component="main"
        sx={{
          width: { xs: '100%', md: 480 },
          flexShrink: 0,
          display: 'flex',
          flexDirection: 'column',
          px: { xs: 3, sm: 6 },
          py: { xs: 4, sm: 6 },
          boxShadow: { md: '8px 0 32px rgba(6, 38, 54, 0.18)' },
          zIndex: 1,
          overflowY: 'auto',
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: { xs: 4, sm: 6 } }}>
          <Box
            component="img"
            src="/_self/logo.png"
            alt={t('nav.logoAlt')}
            sx={{ height: 48, width: 'auto', maxWidth: 160, objectFit: 'contain' }}
          />
          <Typography variant="h6" component="p" sx={{ fontWeight: 700, color: 'primary.main' }}>
            {projectName}
          </Typography>
        </Box>
        <Box
          sx={{
            flex: 1,
            display: 'flex',
            flexDirection: 'column',
            justifyContent: { xs: 'flex-start', sm: 'center' },
          }}
        >
          <Box sx={{ width: '100%', maxWidth: 400, mx: 'auto' }}>{children}</Box>
        </Box>
      </Box>
      <Box
        role="img"
        aria-label={t('login.backgroundAlt')}
        sx={{
          display: { xs: 'none', md: 'block' },
          flex: 1,
          backgroundImage: `url(${background})`,
          backgroundSize: 'cover',
          backgroundPosition: 'center',
        }}
      />
    </Box>
  )
}

/** Title and subtitle at the top of a public form. */
export function AuthTitle({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 30 } }}>
        {title}
      </Typography>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {subtitle}
        </Typography>
      )}
    </Box>
  )
}

/** The centred link under a public form (back to the sign-in, say). */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Link component={RouterLink} to={to} variant="body2">
        {children}
      </Link>
    </Box>
  )
}
