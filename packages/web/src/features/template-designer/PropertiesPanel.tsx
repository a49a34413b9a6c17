import ChevronRight from '@mui/icons-material/ChevronRight'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Tooltip from '@mui/material/Tooltip'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import type { PanelProps } from './panel-props'
import { PageTab } from './PageTab'
import { PrintTab } from './PrintTab'
import { StyleTab } from './StyleTab'
import { TableTab } from './TableTab'

const TABS = [
  ['designer.tabTable', TableTab],
  ['designer.tabStyle', StyleTab],
  ['designer.tabPrint', PrintTab],
  ['designer.tabPage', PageTab],
] as const

/** The properties side panel: four tabs, collapsible to a vertical 'Propriedades' tab. */
export function PropertiesPanel(props: PanelProps) {
  const [tab, setTab] = useState(0)
  const [open, setOpen] = useState(true)
  if (!open) {
    return (
      <Button
        onClick={() => setOpen(true)}
        sx={{
          writingMode: 'vertical-rl',
          minWidth: 0,
          borderLeft: 1,
          borderColor: 'divider',
          borderRadius: 0,
          px: 0.5,
        }}
      >
        {t('designer.properties')}
      </Button>
    )
  }
  const Current = TABS[tab]![1]
  return (
    <Box
      component="aside"
      aria-label={t('designer.properties')}
      sx={{
        width: 360,
        flex: 'none',
        borderLeft: 1,
        borderColor: 'divider',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={tab}
          onChange={(_, v: number) => setTab(v)}
          variant="fullWidth"
          sx={{ flex: 1, minHeight: 40 }}
        >
          {TABS.map(([label]) => (
            <Tab key={label} label={t(label)} sx={{ minWidth: 0, minHeight: 40, px: 1 }} />
          ))}
        </Tabs>
        <Tooltip title={t('designer.collapse')}>
          <IconButton
            size="small"
            aria-label={t('designer.collapse')}
            onClick={() => setOpen(false)}
          >
            <ChevronRight />
          </IconButton>
        </Tooltip>
      </Box>
      <Box role="tabpanel" sx={{ p: 1.5, overflow: 'auto', flex: 1 }}>
        <Current {...props} />
      </Box>
    </Box>
  )
}
