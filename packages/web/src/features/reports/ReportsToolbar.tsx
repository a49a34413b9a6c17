import MoreVert from '@mui/icons-material/MoreVert'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Menu from '@mui/material/Menu'
import MenuItem from '@mui/material/MenuItem'
import Typography from '@mui/material/Typography'
import type { ReportRecord } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { CUSTOM_TEMPLATE_CATEGORY } from '@gis/shared/reports'
import { useSnackbar } from 'notistack'
import { useRef, useState } from 'react'
import { toFailure } from '../../api/base-api'
import { useUpload } from '../../api/upload'
import { useAppDispatch } from '../../state/root-state'
import { openWindow } from '../../windows/open-window'
import { downloadJson } from './download'
import { reportsApi, useLazyReportTemplateQuery } from '../../api/reports.api'
import { SearchField } from '../../components/SearchField'

export const TEMPLATE_BUILDER = 'TemplateBuilder'

/** What a downloaded template file holds: what the designer saves and Importar reads back. */
export function templateFile(r: ReportRecord) {
  return {
    template: r.template,
    parameters: r.parameters,
    reportType: r.reportType,
    folder: r.folder,
  }
}

/**
 * The reports window's toolbar: 'Relatórios', 'Buscar relatório' and the options menu
 * (Novo in developer mode, Abrir, Salvar, Baixar, Importar a .json).
 */
export function ReportsToolbar({
  search,
  onSearch,
  selected,
  developer,
}: {
  search: string
  onSearch: (text: string) => void
  selected: { id: number; name: string } | null
  developer: boolean
}) {
  const dispatch = useAppDispatch()
  const { enqueueSnackbar } = useSnackbar()
  const upload = useUpload()
  const [anchor, setAnchor] = useState<HTMLElement | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const [loadTemplate] = useLazyReportTemplateQuery()
  const close = () => setAnchor(null)
  const needSelection = () => {
    enqueueSnackbar(t('reports.selectFirst'), { variant: 'info' })
  }

  const open = () => {
    close()
    if (!selected) return needSelection()
    dispatch(
      openWindow({
        type: TEMPLATE_BUILDER,
        props: { templateId: selected.id },
        title: selected.name,
      }),
    )
  }
  const download = async () => {
    close()
    if (!selected) return needSelection()
    try {
      const record = await loadTemplate(selected.id).unwrap()
      downloadJson(templateFile(record), `${record.name}.json`)
    } catch {
      enqueueSnackbar(t('reports.openFailed', { name: selected.name }), { variant: 'error' })
    }
  }
  const importFile = async (file: File) => {
    if (!file.name.toLowerCase().endsWith('.json')) {
      enqueueSnackbar(t('reports.unsupportedFile'), { variant: 'error' })
      return
    }
    const form = new FormData()
    form.append('category', CUSTOM_TEMPLATE_CATEGORY)
    form.append('file', file)
    try {
      const record = await upload<ReportRecord>('/api/reports/templates/import', form)
      dispatch(reportsApi.util.invalidateTags(['ReportTree']))
      enqueueSnackbar(t('reports.imported', { name: record.name }), { variant: 'success' })
    } catch (err) {
      const f = toFailure(err)
      enqueueSnackbar(f.status === 400 ? f.message : t('reports.importFailed'), {
        variant: 'error',
      })
    }
  }

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 120 }}>
        {t('reports.title')}
      </Typography>
      <SearchField
        size="small"
        label={t('reports.searchPlaceholder')}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        sx={{ width: { xs: '100%', sm: 260 }, order: { xs: 3, sm: 0 } }}
      />
      <IconButton
        aria-label={t('reports.options')}
        title={t('reports.options')}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVert />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={close}>
        {developer && (
          <MenuItem
            onClick={() => {
              close()
              dispatch(openWindow({ type: TEMPLATE_BUILDER, props: {} }))
            }}
          >
            {t('reports.menuNew')}
          </MenuItem>
        )}
        <MenuItem onClick={open}>{t('reports.menuOpen')}</MenuItem>
        <MenuItem onClick={() => void download()}>{t('reports.menuSave')}</MenuItem>
        <MenuItem onClick={() => void download()}>{t('reports.menuDownload')}</MenuItem>
        <MenuItem
          onClick={() => {
            close()
            input.current?.click()
          }}
        >
          {t('reports.menuImport')}
        </MenuItem>
      </Menu>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="report-import"
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void importFile(file)
        }}
      />
    </Box>
  )
}
