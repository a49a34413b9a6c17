import OpenInNew from '@mui/icons-material/OpenInNew'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import { t, type MessageKey } from '@gis/shared/i18n'
import { lazy, Suspense, useMemo, type ComponentType } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { useAppDispatch } from '../../state/root-state'
import { LoadingScreen } from '../../components/LoadingScreen'
import { PageFrame } from '../../components/PageHeader'
import { openWindow } from '../../windows/open-window'

/** Sections that also exist as workspace windows, beside the map and the other tools. */
const WINDOWS = [
  { type: 'Users', title: 'users.windowTitle' },
  { type: 'Logins', title: 'logins.windowTitle' },
] as const satisfies readonly { type: string; title: MessageKey }[]

export interface DashboardSection {
  key: string
  title: MessageKey
  hint: MessageKey
  Screen: ComponentType
}

/** A section of the control panel: its tab (`?secao=key`), and its screen loaded with it. */
export const dashboardSection = (
  key: string,
  title: MessageKey,
  hint: MessageKey,
  load: () => Promise<{ default: ComponentType }>,
): DashboardSection => ({ key, title, hint, Screen: lazy(load) })

/** The administration's sections of the control panel, in the order of their tabs. */
export const SECTIONS: DashboardSection[] = [
  dashboardSection('usuarios', 'dash.section.users', 'dash.section.users.hint', async () => ({
    default: (await import('./sections/UsersSection')).UsersSection,
  })),
  dashboardSection('grupos', 'dash.section.groups', 'dash.section.groups.hint', async () => ({
    default: (await import('./sections/GroupsSection')).GroupsSection,
  })),
  dashboardSection('acessos', 'dash.section.logins', 'dash.section.logins.hint', async () => ({
    default: (await import('./sections/LoginsSection')).LoginsSection,
  })),
  dashboardSection('tabelas', 'dash.section.tables', 'dash.section.tables.hint', async () => ({
    default: (await import('./sections/TablesSection')).TablesSection,
  })),
  dashboardSection('layers', 'dash.section.layers', 'dash.section.layers.hint', async () => ({
    default: (await import('./sections/LayersSection')).LayersSection,
  })),
  dashboardSection('arvore', 'dash.section.tree', 'dash.section.tree.hint', async () => ({
    default: (await import('./sections/TreeSection')).TreeSection,
  })),
  dashboardSection(
    'mapas-base',
    'dash.section.baseLayers',
    'dash.section.baseLayers.hint',
    async () => ({
      default: (await import('./sections/BaseLayersSection')).BaseLayersSection,
    }),
  ),
  dashboardSection('mapa', 'dash.section.map', 'dash.section.map.hint', async () => ({
    default: (await import('./sections/MapSection')).MapSection,
  })),
  dashboardSection(
    'configuracao',
    'dash.section.settings',
    'dash.section.settings.hint',
    async () => ({
      default: (await import('./sections/SettingsSection')).SettingsSection,
    }),
  ),
  dashboardSection(
    'imagens-360',
    'imageryImport.section',
    'imageryImport.sectionHint',
    async () => ({
      default: (await import('./sections/SurveysSection')).SurveysSection,
    }),
  ),
]

/**
 * PAINEL DE CONTROLE (administrators; the route's guard and the server both refuse others):
 * one tab per section, the chosen one in the address (`?secao=`), so a reload or a link
 * returns to it. `more` are other features' sections after the administration's (the
 * composition's: app/screens/DashboardScreen.tsx).
 */
export function DashboardPage({ more }: { more: readonly DashboardSection[] }) {
  const [params, setParams] = useSearchParams()
  const dispatch = useAppDispatch()
  const navigate = useNavigate()
  const sections = useMemo(() => [...SECTIONS, ...more], [more])
  const current = sections.find((s) => s.key === params.get('secao')) ?? sections[0]!
  const { Screen } = current
  return (
    <PageFrame
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
    >
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={current.key}
          onChange={(_, key: string) => setParams({ secao: key })}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={t('dash.sections')}
        >
          {sections.map((s) => (
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
    </PageFrame>
  )
}
