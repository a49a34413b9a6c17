import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import { t } from '@gis/shared/i18n'
import type { FormGroup } from './form-fields'

/** The form's groups: vertical tabs beside the fields from md up, a scrolling row above below it. */
export function GroupTabs({
  groups,
  value,
  onChange,
}: {
  groups: readonly FormGroup[]
  value: number
  onChange: (group: number) => void
}) {
  const tabs = groups.map((g, i) => <Tab key={`${g.title}-${i}`} label={g.title} value={i} />)
  const current = Math.min(value, groups.length - 1)
  const shared = {
    value: current,
    onChange: (_e: unknown, v: number) => onChange(v),
    'aria-label': t('features.form.groups'),
  }
  return (
    <>
      <Tabs
        orientation="vertical"
        variant="scrollable"
        {...shared}
        sx={{
          display: { xs: 'none', md: 'flex' },
          borderRight: 1,
          borderColor: 'divider',
          minWidth: 170,
          '& .MuiTab-root': { alignItems: 'flex-start', textAlign: 'left', minHeight: 40 },
        }}
      >
        {tabs}
      </Tabs>
      <Tabs
        variant="scrollable"
        scrollButtons="auto"
        {...shared}
        sx={{ display: { xs: 'flex', md: 'none' }, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs}
      </Tabs>
    </>
  )
}
