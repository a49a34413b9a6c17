import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { PageHeader } from '../../components/PageHeader'
import { BridgeList } from './BridgeList'
import { BridgesMap } from './BridgesMap'
import { HeaderActions } from './HeaderActions'
import { useBridgesGeojsonQuery, useInspectionSummaryQuery } from './inspection.api'
import { INITIAL_LIST, type ListState } from './list-state'
import { ModuleBox } from './ModuleBox'
import { PanelView, type ListScope } from './PanelView'
import { bridgePath, type InspectionTab } from './paths'

const TABS: { value: InspectionTab; label: string }[] = [
  { value: 'painel', label: t('inspection.tabPanel') },
  { value: 'mapa', label: t('inspection.tabMap') },
  { value: 'lista', label: t('inspection.tabList') },
]

/**
 * MONITORAMENTO (/inspection, module oaeInspections): PAINEL (counts and charts), MAPA (the
 * bridges by worst note, the overdue ones marked) and LISTA (filter builder, status, paging);
 * the tab (`?aba=`) and the bridge chosen on the map (`?obra=`) are in the address.
 */
export function InspectionPage() {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const tab = (TABS.find((x) => x.value === params.get('aba'))?.value ?? 'painel') as InspectionTab
  const focusParam = Number(params.get('obra'))
  const focus = Number.isInteger(focusParam) && focusParam > 0 ? focusParam : null
  const [list, setList] = useState<ListState>(INITIAL_LIST)
  const summary = useInspectionSummaryQuery()
  const map = useBridgesGeojsonQuery(undefined, { skip: tab !== 'mapa' })

  const go = (next: InspectionTab, more: Record<string, string> = {}) =>
    setParams(next === 'painel' ? more : { aba: next, ...more })

  const openList = (scope: ListScope) => {
    setList({
      ...list,
      status: scope === 'PENDING' ? '' : scope,
      pending: scope === 'PENDING',
      page: 0,
    })
    go('lista')
  }

  const failed = summary.isError || map.isError
  return (
    <ModuleBox>
      <PageHeader title={t('module.inspectionTitle')} subtitle={t('inspection.subtitle')} />
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1,
          mb: 2,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Tabs
          value={tab}
          onChange={(_, v: InspectionTab) => go(v)}
          aria-label={t('inspection.tabs')}
          sx={{ flex: { xs: '1 1 100%', sm: '0 1 auto' } }}
          variant="fullWidth"
        >
          {TABS.map((x) => (
            <Tab key={x.value} value={x.value} label={x.label} sx={{ minWidth: { sm: 120 } }} />
          ))}
        </Tabs>
        <HeaderActions list={list} />
      </Box>
      {failed && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {t('inspection.loadFailed')}
        </Alert>
      )}
      {tab === 'painel' &&
        (summary.data ? (
          <PanelView summary={summary.data} onOpen={openList} />
        ) : (
          summary.isLoading && <LinearProgress />
        ))}
      {tab === 'mapa' &&
        (map.data ? (
          <BridgesMap
            collection={map.data}
            focus={focus}
            onFocus={(id) => go('mapa', id === null ? {} : { obra: String(id) })}
            onOpen={(id) => void navigate(bridgePath(id))}
          />
        ) : (
          map.isLoading && <LinearProgress />
        ))}
      {tab === 'lista' && (
        <BridgeList state={list} onChange={(patch) => setList((l) => ({ ...l, ...patch }))} />
      )}
    </ModuleBox>
  )
}
