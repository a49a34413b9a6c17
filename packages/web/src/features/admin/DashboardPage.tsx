import OpenInNew from '@mui/icons-material/OpenInNew'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import { t, type MessageKey } from '@gis/shared/i18n'
import { lazy, Suspense, type ComponentType } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useAppDispatch } from '../../state/root-state'
import { LoadingScreen } from '../../components/LoadingScreen'
import { PageHeader } from '../../components/PageHeader'
import { openWindow } from '../workspace'

/** Sections that also exist as workspace windows, beside the map and the other tools. */
const WINDOWS = [
  { type: 'Users', title: 'users.windowTitle' },
  { type: 'Logins', title: 'logins.windowTitle' },
] as const satisfies readonly { type: string; title: MessageKey }[]

interface Section {
  key: string
  title: MessageKey
  hint: MessageKey
  Screen: ComponentType
}

const section = (
  key: string,
  title: MessageKey,
  hint: MessageKey,
  load: () => Promise<{ default: ComponentType }>,
): Section => ({ key, title, hint, Screen: lazy(load) })

/** The sections of the control panel, in the order of its tabs; each loads with its tab. */
export const SECTIONS: Section[] = [
  section('usuarios', 'dash.section.users', 'dash.section.users.hint', async () => ({
    default: (await import('./sections/UsersSection')).UsersSection,
  })),
  section('grupos', 'dash.section.groups', 'dash.section.groups.hint', async () => ({
    default: (await import('./sections/GroupsSection')).GroupsSection,
  })),
  section('acessos', 'dash.section.logins', 'dash.section.logins.hint', async () => ({
    default: (await import('./sections/LoginsSection')).LoginsSection,
  })),
  section('tabelas', 'dash.section.tables', 'dash.section.tables.hint', async () => ({
    default: (await import('./sections/TablesSection')).TablesSection,
  })),
  section('layers', 'dash.section.layers', 'dash.section.layers.hint', async () => ({
    default: (await import('./sections/LayersSection')).LayersSection,
  })),
  section('arvore', 'dash.section.tree', 'dash.section.tree.hint', async () => ({
    default: (await import('./sections/TreeSection')).TreeSection,
  })),
  section('mapas-base', 'dash.section.baseLayers', 'dash.section.baseLayers.hint', async () => ({
    default: (await import('./sections/BaseLayersSection')).BaseLayersSection,
  })),
  section('mapa', 'dash.section.map', 'dash.section.map.hint', async () => ({
    default: (await import('./sections/MapSection')).MapSection,
  })),
  section('configuracao', 'dash.section.settings', 'dash.section.settings.hint', async () => ({
    default: (await import('./sections/SettingsSection')).SettingsSection,
  })),
  section('imagens-360', 'imageryImport.section', 'imageryImport.sectionHint', async () => ({
    default: (await import('./sections/SurveysSection')).SurveysSection,
  })),
  section('sincronizacao', 'sync.adminSection', 'sync.adminSectionHint', async () => ({
    default: (await import('../sync')).SyncSection,
  })),
]

/**
 * PAINEL DE CONTROLE (administrators; the route's guard and the server both refuse others):
 * one tab per section, the chosen one in the address (`?secao=`), so a reload or a link
 * returns to it.
 */
export function DashboardPage() {
  const [params, setParams] = useSearchParams()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const current = SECTIONS.find((s) => s.key === params.get('secao')) ?? SECTIONS[0]!
  const { Screen } = current
  return (
    <Box
      sx={{ width: '100%', maxWidth: 1400, mx: 'auto', px: { xs: 1, sm: 3 }, py: { xs: 2, sm: 3 } }}
    >
      <PageHeader
        title={t('dash.title')}
        subtitle={t('dash.subtitle')}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {WINDOWS.map((w) => (
              <Button
                key={w.type}
                size="small"
                variant="outlined"
                endIcon={<OpenInNew />}
                title={t('dash.openInWorkspaceHint')}
                aria-label={t('dash.openInWorkspace', { title: t(w.title) })}
                onClick={() => {
                  dispatch(openWindow({ type: w.type }))
                  void navigate('/workspace')
                }}
              >
                {t(w.title)}
              </Button>
            ))}
          </Box>
        }
      />
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={current.key}
          onChange={(_, key: string) => setParams({ secao: key })}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={t('dash.sections')}
        >
          {SECTIONS.map((s) => (
            <Tab
              key={s.key}
              value={s.key}
              label={t(s.title)}
              title={t(s.hint)}
              id={`dash-tab-${s.key}`}
              aria-controls="dash-panel"
            />
          ))}
        </Tabs>
      </Paper>
      <Paper
        variant="outlined"
        role="tabpanel"
        id="dash-panel"
        aria-labelledby={`dash-tab-${current.key}`}
      >
        <Suspense fallback={<LoadingScreen text={t('common.loading')} />}>
          <Screen />
        </Suspense>
      </Paper>
    </Box>
  )
}
