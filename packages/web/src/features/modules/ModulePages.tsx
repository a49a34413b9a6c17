import ArrowForward from '@mui/icons-material/ArrowForward'
import Group from '@mui/icons-material/Group'
import History from '@mui/icons-material/History'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Card from '@mui/material/Card'
import CardActions from '@mui/material/CardActions'
import CardContent from '@mui/material/CardContent'
import Typography from '@mui/material/Typography'
import { t, type MessageKey } from '@gis/shared/i18n'
import type { ReactNode } from 'react'
import { useNavigate, useParams } from 'react-router'
import { useAppDispatch } from '../../app/store'
import { PageHeader } from '../../components/PageHeader'
import { openWindow } from '../workspace'

function ModuleFrame({
  title,
  subtitle,
  children,
}: {
  title: string
  subtitle?: string
  children?: ReactNode
}) {
  return (
    <Box
      sx={{ width: '100%', maxWidth: 1200, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 3, sm: 4 } }}
    >
      <PageHeader title={title} subtitle={subtitle} />
      {children}
    </Box>
  )
}

/** Module pages: each shows its header; its content arrives with the module's own feature. */
export function DocumentsPage() {
  return <ModuleFrame title={t('module.documentsTitle')} />
}

export function OrbitPage() {
  return <ModuleFrame title={t('module.orbitTitle')} />
}

export function InspectionPage() {
  return <ModuleFrame title={t('module.inspectionTitle')} />
}

export function SyncPage() {
  const { syncId = '' } = useParams()
  return <ModuleFrame title={t('module.syncTitle', { id: syncId })} />
}

export function SyncQueuePage() {
  return <ModuleFrame title={t('module.syncQueueTitle')} />
}

interface AdminTool {
  type: string
  title: MessageKey
  description: MessageKey
  icon: ReactNode
}

const ADMIN_TOOLS: AdminTool[] = [
  { type: 'Users', title: 'users.windowTitle', description: 'users.description', icon: <Group /> },
  {
    type: 'Logins',
    title: 'logins.windowTitle',
    description: 'logins.description',
    icon: <History />,
  },
]

/** PAINEL DE CONTROLE: administration tools, each opening its workspace window. */
export function DashboardPage() {
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const open = (tool: AdminTool) => {
    dispatch(openWindow({ type: tool.type }))
    void navigate('/workspace')
  }
  return (
    <ModuleFrame title={t('module.dashboardTitle')} subtitle={t('module.dashboardSubtitle')}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
        }}
      >
        {ADMIN_TOOLS.map((tool) => (
          <Card
            key={tool.type}
            variant="outlined"
            sx={{ display: 'flex', flexDirection: 'column' }}
          >
            <CardContent sx={{ flex: 1 }}>
              <Box sx={{ color: 'primary.main', mb: 1 }}>{tool.icon}</Box>
              <Typography variant="h6" component="h2">
                {t(tool.title)}
              </Typography>
              <Typography color="text.secondary" variant="body2" sx={{ mt: 0.5 }}>
                {t(tool.description)}
              </Typography>
            </CardContent>
            <CardActions sx={{ px: 2, pb: 2 }}>
              <Button
                variant="contained"
                size="small"
                endIcon={<ArrowForward />}
                onClick={() => open(tool)}
                aria-label={`${t('module.open')} ${t(tool.title)}`}
              >
                {t('module.open')}
              </Button>
            </CardActions>
          </Card>
        ))}
      </Box>
    </ModuleFrame>
  )
}
