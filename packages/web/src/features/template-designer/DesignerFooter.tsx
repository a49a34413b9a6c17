import FormControlLabel from '@mui/material/FormControlLabel'
import Slider from '@mui/material/Slider'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP } from '@gis/shared/reports'

export interface FooterView {
  zoom: number
  titles: boolean
  gridLines: boolean
  printLines: boolean
}

/** The footer: 'Títulos da Grade', 'Linhas da Grade', 'Linhas de Impressão' and the zoom. */
export function DesignerFooter({
  view,
  onChange,
}: {
  view: FooterView
  onChange: (v: Partial<FooterView>) => void
}) {
  const toggle = (key: 'titles' | 'gridLines' | 'printLines', label: Parameters<typeof t>[0]) => (
    <FormControlLabel
      control={
        <Switch
          size="small"
          checked={view[key]}
          onChange={(e) => onChange({ [key]: e.target.checked })}
        />
      }
      label={t(label)}
    />
  )
  return (
    <Stack
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', px: 2, py: 0.5, borderTop: 1, borderColor: 'divider' }}
    >
      {toggle('titles', 'designer.gridTitles')}
      {toggle('gridLines', 'designer.gridLines')}
      {toggle('printLines', 'designer.printLines')}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', ml: 'auto', width: 280 }}>
        <Typography variant="body2">{t('designer.zoom')}</Typography>
        <Slider
          size="small"
          min={ZOOM_MIN}
          max={ZOOM_MAX}
          step={ZOOM_STEP}
          value={view.zoom}
          onChange={(_, v) => onChange({ zoom: v as number })}
          aria-label={t('designer.zoom')}
          valueLabelDisplay="auto"
        />
        <Typography variant="body2" sx={{ width: 44, textAlign: 'right' }}>
          {view.zoom}%
        </Typography>
      </Stack>
    </Stack>
  )
}
