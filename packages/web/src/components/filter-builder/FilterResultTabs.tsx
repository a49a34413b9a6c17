import { t } from '@gis/shared/i18n'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'

export type FilterResultTab = 'filters' | 'results'

/**
 * The FILTROS and RESULTADOS tabs of a window that searches with the filter builder (search,
 * audit); RESULTADOS shows the count once a search has run.
 */
export function FilterResultTabs({
  tab,
  count,
  onChange,
}: {
  tab: FilterResultTab
  count: number | undefined
  onChange: (tab: FilterResultTab) => void
}) {
  return (
    <Tabs value={tab} onChange={(_e, next: FilterResultTab) => onChange(next)}>
      <Tab value="filters" label={t('filters.tabFilters')} />
      <Tab
        value="results"
        label={
          count === undefined ? t('filters.tabResults') : t('filters.tabResultsCount', { count })
        }
      />
    </Tabs>
  )
}
