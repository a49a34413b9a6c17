import DashboardOutlined from '@mui/icons-material/DashboardOutlined'
import FolderOutlined from '@mui/icons-material/FolderOutlined'
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined'
import ListAltOutlined from '@mui/icons-material/ListAltOutlined'
import ManageSearch from '@mui/icons-material/ManageSearch'
import Divider from '@mui/material/Divider'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import type { ReportNode } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import type { ReactNode } from 'react'
import type { ReportBuilderState } from './report-state'

function Item({
  icon,
  label,
  selected,
  depth = 0,
  onClick,
}: {
  icon: ReactNode
  label: string
  selected?: boolean
  depth?: number
  onClick: () => void
}) {
  return (
    <ListItemButton selected={selected} onClick={onClick} sx={{ pl: 2 + depth * 2, py: 0.5 }}>
      <ListItemIcon sx={{ minWidth: 34 }}>{icon}</ListItemIcon>
      <ListItemText primary={label} slotProps={{ primary: { variant: 'body2' } }} />
    </ListItemButton>
  )
}

/** The folders of the tree, nested, each opening in the main area. */
function Folders({
  nodes,
  path,
  state,
  onFolder,
}: {
  nodes: readonly ReportNode[]
  path: string[]
  state: ReportBuilderState
  onFolder: (path: string[]) => void
}) {
  return (
    <>
      {nodes
        .filter((n) => n.type === 'directory')
        .map((n) => {
          const here = [...path, n.id]
          const open = state.folder.slice(0, here.length).join('/') === here.join('/')
          return (
            <div key={n.id}>
              <Item
                icon={<FolderOutlined fontSize="small" />}
                label={n.name}
                depth={path.length}
                selected={
                  state.tab === 'template' &&
                  state.tree === 'tree' &&
                  open &&
                  state.folder.length === here.length
                }
                onClick={() => onFolder(here)}
              />
              {open && state.tree === 'tree' && (
                <Folders nodes={n.children} path={here} state={state} onFolder={onFolder} />
              )}
            </div>
          )
        })}
    </>
  )
}

/**
 * The reports window's left side (spec 3 §2): the template folder tree, 'Buscar Feição',
 * 'Paineis' (developer mode, administrators), 'Repositório' and 'Relatório Simples'.
 */
export function ReportsSidebar({
  tree,
  state,
  panels,
  onChange,
  onSearchFeatures,
}: {
  tree: readonly ReportNode[]
  state: ReportBuilderState
  panels: boolean
  onChange: (patch: Partial<ReportBuilderState>) => void
  onSearchFeatures: () => void
}) {
  const templates = state.tab === 'template'
  return (
    <List dense component="nav" aria-label={t('reports.title')} sx={{ py: 0 }}>
      <Item
        icon={<ListAltOutlined fontSize="small" />}
        label={t('reports.title')}
        selected={templates && state.tree === 'tree' && state.folder.length === 0}
        onClick={() => onChange({ tab: 'template', tree: 'tree', folder: [] })}
      />
      <Folders
        nodes={tree}
        path={[]}
        state={state}
        onFolder={(folder) => onChange({ tab: 'template', tree: 'tree', folder })}
      />
      <Divider sx={{ my: 1 }} />
      <Item
        icon={<ManageSearch fontSize="small" />}
        label={t('reports.searchFeature')}
        onClick={onSearchFeatures}
      />
      {panels && (
        <Item
          icon={<DashboardOutlined fontSize="small" />}
          label={t('reports.panels')}
          selected={templates && state.tree === 'panels'}
          onClick={() => onChange({ tab: 'template', tree: 'panels', folder: [] })}
        />
      )}
      <Item
        icon={<Inventory2Outlined fontSize="small" />}
        label={t('reports.repository')}
        selected={state.tab === 'repository'}
        onClick={() => onChange({ tab: 'repository' })}
      />
      <Item
        icon={<ListAltOutlined fontSize="small" />}
        label={t('reports.simple')}
        selected={templates && state.tree === 'simple'}
        onClick={() => onChange({ tab: 'template', tree: 'simple', folder: [] })}
      />
    </List>
  )
}
