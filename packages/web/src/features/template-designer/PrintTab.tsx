import FormControlLabel from '@mui/material/FormControlLabel'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { PAPER_SIZES, type PaperSize, type Printable } from '@gis/shared/reports'
import { OptionField, PositiveField } from './fields'
import type { PanelProps } from './panel-props'

const MARGINS = ['marginTop', 'marginRight', 'marginBottom', 'marginLeft'] as const

/** The 'Impressão' tab: paper, landscape, scale and margins (numbers above zero only). */
export function PrintTab({ template, edit }: PanelProps) {
  const p = template.printable
  const set = (change: Partial<Printable>) =>
    edit((tpl) => ({ ...tpl, printable: { ...tpl.printable, ...change } }))
  return (
    <Stack spacing={1.5}>
      <OptionField
        label={t('designer.paper')}
        value={p.paperSize}
        options={Object.keys(PAPER_SIZES) as PaperSize[]}
        onChange={(paperSize) => set({ paperSize })}
      />
      <FormControlLabel
        control={
          <Switch checked={p.landscape} onChange={(e) => set({ landscape: e.target.checked })} />
        }
        label={t('designer.landscape')}
      />
      <PositiveField
        label={t('designer.scale')}
        value={p.scale}
        integer
        onChange={(n) => n && n >= 10 && n <= 400 && set({ scale: n })}
      />
      <Typography variant="subtitle2">{t('designer.marginsCm')}</Typography>
      {[MARGINS.slice(0, 2), MARGINS.slice(2)].map((pair) => (
        <Stack key={pair[0]} direction="row" spacing={1}>
          {pair.map((m) => (
            <PositiveField
              key={m}
              label={t(`designer.${m}`)}
              value={p[m]}
              onChange={(n) => n && n <= 20 && set({ [m]: n })}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  )
}
