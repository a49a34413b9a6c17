import Add from '@mui/icons-material/Add'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Tooltip from '@mui/material/Tooltip'
import { t } from '@gis/shared/i18n'
import type { TemplateTable } from '@gis/shared/reports'
import { pageLabel } from './designer-ops'

/** The page tabs (title or 'Página N') and the add-page button. */
export function PageTabs({
  pages,
  page,
  onPage,
  onAdd,
}: {
  pages: TemplateTable[]
  page: number
  onPage: (page: number) => void
  onAdd: () => void
}) {
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', borderBottom: 1, borderColor: 'divider', px: 1 }}
    >
      <Tabs
        value={Math.min(page, pages.length - 1)}
        onChange={(_, v: number) => onPage(v)}
        variant="scrollable"
        aria-label={t('designer.tabPage')}
        sx={{ minHeight: 40 }}
      >
        {pages.map((p, i) => (
          <Tab
            key={i}
            label={pageLabel(p, i, t('designer.page'))}
            sx={{ minHeight: 40, textTransform: 'none' }}
          />
        ))}
      </Tabs>
      <Tooltip title={t('designer.addPage')}>
        <IconButton size="small" aria-label={t('designer.addPage')} onClick={onAdd}>
          <Add />
        </IconButton>
      </Tooltip>
    </Stack>
  )
}
