import ArrowBack from '@mui/icons-material/ArrowBack'
import ArrowForward from '@mui/icons-material/ArrowForward'
import ContentCopy from '@mui/icons-material/ContentCopy'
import DeleteOutlined from '@mui/icons-material/DeleteOutlined'
import Button from '@mui/material/Button'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import { t } from '@gis/shared/i18n'
import { deletePage, duplicatePage, movePage } from './designer-ops'
import type { PanelProps } from './panel-props'

/** The 'Página' tab: the page's title and its duplicate, move and delete. */
export function PageTab({ template, page, edit, select, setPage }: PanelProps) {
  const table = template.grid[page]
  if (!table) return null
  const last = template.grid.length - 1
  return (
    <Stack spacing={1.5}>
      <TextField
        size="small"
        label={t('designer.pageTitle')}
        value={table.title ?? ''}
        onChange={(e) =>
          edit((tpl) => ({
            ...tpl,
            grid: tpl.grid.map((p, i) =>
              i === page ? { ...p, title: e.target.value || null } : p,
            ),
          }))
        }
      />
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ContentCopy />}
          onClick={() => {
            edit((tpl) => duplicatePage(tpl, page))
            setPage(page + 1)
            select(null)
          }}
        >
          {t('designer.duplicatePage')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ArrowBack />}
          disabled={page === 0}
          onClick={() => {
            edit((tpl) => movePage(tpl, page, -1))
            setPage(page - 1)
            select(null)
          }}
        >
          {t('designer.movePageLeft')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<ArrowForward />}
          disabled={page === last}
          onClick={() => {
            edit((tpl) => movePage(tpl, page, 1))
            setPage(page + 1)
            select(null)
          }}
        >
          {t('designer.movePageRight')}
        </Button>
        <Button
          size="small"
          color="error"
          variant="outlined"
          startIcon={<DeleteOutlined />}
          disabled={last === 0}
          onClick={() => {
            edit((tpl) => deletePage(tpl, page))
            setPage(Math.max(0, page - 1))
            select(null)
          }}
        >
          {t('designer.deletePage')}
        </Button>
      </Stack>
    </Stack>
  )
}
