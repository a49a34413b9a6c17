import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Slider from '@mui/material/Slider'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, type RenderedReport } from '@gis/shared/reports'
import { useState } from 'react'
import { RenderedPageTable } from './RenderedPageTable'
import { DialogFrame } from '../../components/DialogFrame'

/** 'Visualizando {name}': the rendered pages as tabs, a zoom of 10 to 400 %, Voltar. */
export function PreviewDialog({
  report,
  onClose,
}: {
  report: RenderedReport
  onClose: () => void
}) {
  const [tab, setTab] = useState(0)
  const [zoom, setZoom] = useState(100)
  const page = report.pages[Math.min(tab, report.pages.length - 1)]
  return (
    <DialogFrame
      onClose={onClose}
      maxWidth="lg"
      title={t('reports.previewTitle', { name: report.name })}
      dividers
      contentSx={{ bgcolor: 'grey.200', minHeight: 360 }}
      actions={
        <>
          <Typography variant="caption" color="text.secondary" sx={{ mr: 'auto', pl: 2 }}>
            {t('reports.previewFeatures', { count: report.features })}
          </Typography>
          <Button onClick={onClose}>{t('reports.back')}</Button>
        </>
      }
      header={
        <Box sx={{ px: 3, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Tabs
            value={Math.min(tab, Math.max(0, report.pages.length - 1))}
            onChange={(_e, v: number) => setTab(v)}
            variant="scrollable"
            sx={{ flex: 1, minWidth: 200 }}
          >
            {report.pages.map((p, i) => (
              <Tab key={i} value={i} label={p.title || t('reports.pageN', { n: i + 1 })} />
            ))}
          </Tabs>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, width: 260 }}>
            <Typography variant="body2" id="report-zoom">
              {t('reports.zoom')}
            </Typography>
            <Slider
              aria-labelledby="report-zoom"
              size="small"
              min={ZOOM_MIN}
              max={ZOOM_MAX}
              step={ZOOM_STEP}
              value={zoom}
              valueLabelDisplay="auto"
              valueLabelFormat={(v) => `${v}%`}
              onChange={(_e, v) => setZoom(v)}
            />
            <Typography variant="body2" sx={{ width: 44, textAlign: 'right' }}>
              {zoom}%
            </Typography>
          </Box>
        </Box>
      }
    >
      {page ? (
        <RenderedPageTable page={page} styles={report.styles} zoom={zoom} />
      ) : (
        <Typography color="text.secondary">{t('reports.pageFailed')}</Typography>
      )}
    </DialogFrame>
  )
}
