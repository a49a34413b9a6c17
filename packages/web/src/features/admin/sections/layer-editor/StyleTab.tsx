import Box from '@mui/material/Box'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { LayerRecord, LayerStyle } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useEffect, useState } from 'react'
import { NumberField } from '../../../../components/br-input'
import { useLegendPreviewQuery } from '../../layers-admin.api'
import type { TabProps } from './layer-draft'

/** The style's preview, drawn by the server as the legend will be, 400 ms after a change. */
function LegendPreview({
  layer,
  title,
  style,
}: {
  layer: LayerRecord
  title: string
  style: LayerStyle
}) {
  const [args, setArgs] = useState({ title, geometryType: layer.geometryType, style })
  useEffect(() => {
    const timer = window.setTimeout(
      () => setArgs({ title, geometryType: layer.geometryType, style }),
      400,
    )
    return () => window.clearTimeout(timer)
  }, [title, style, layer.geometryType])
  const { data } = useLegendPreviewQuery(args)
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 200 }}>
      <Typography variant="subtitle2" gutterBottom>
        {t('adm.layers.legendPreview')}
      </Typography>
      {data && <img src={data.image} alt={t('adm.layers.legendAlt', { title })} />}
    </Paper>
  )
}

function ColorField({
  label,
  value,
  onChange,
}: {
  label: string
  value: string | undefined
  onChange: (v: string) => void
}) {
  return (
    <TextField
      type="color"
      label={label}
      value={(value ?? '#3388ff').slice(0, 7)}
      onChange={(e) => onChange(e.target.value)}
      fullWidth
    />
  )
}

/** ESTILO: fill, stroke, point shape and size, label, with the legend as it will be drawn. */
export function StyleTab({ draft, set, layer, onProblem }: TabProps & { layer: LayerRecord }) {
  const userFields = draft.attributes
  const isPoint = layer.geometryType === 'point' || layer.geometryType === 'multipoint'
  const style = draft.style
  const setStyle = (changes: Partial<LayerStyle>) => set({ style: { ...style, ...changes } })
  return (
    <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start', pt: 1 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 220px)' },
        }}
      >
        {layer.geometryType.includes('polygon') || isPoint ? (
          <ColorField
            label={t('adm.layers.styleFill')}
            value={style.fill}
            onChange={(fill) => setStyle({ fill })}
          />
        ) : null}
        <ColorField
          label={t('adm.layers.styleStroke')}
          value={style.stroke?.color}
          onChange={(color) => setStyle({ stroke: { width: style.stroke?.width ?? 2, color } })}
        />
        <NumberField
          label={t('adm.layers.styleStrokeWidth')}
          value={style.stroke?.width ?? 2}
          min={0}
          max={20}
          required
          onProblem={(problem) => onProblem?.('strokeWidth', problem ?? null)}
          onChange={(width) =>
            setStyle({ stroke: { color: style.stroke?.color ?? '#3388ff', width: width ?? 0 } })
          }
        />
        {isPoint && (
          <>
            <TextField
              select
              label={t('adm.layers.stylePointShape')}
              value={style.point?.shape ?? 'circle'}
              onChange={(e) =>
                setStyle({
                  point: {
                    radius: style.point?.radius ?? 6,
                    shape: e.target.value as 'circle' | 'square' | 'triangle',
                  },
                })
              }
            >
              <MenuItem value="circle">{t('adm.layers.shape.circle')}</MenuItem>
              <MenuItem value="square">{t('adm.layers.shape.square')}</MenuItem>
              <MenuItem value="triangle">{t('adm.layers.shape.triangle')}</MenuItem>
            </TextField>
            <NumberField
              label={t('adm.layers.stylePointRadius')}
              value={style.point?.radius ?? 6}
              min={1}
              max={30}
              required
              onProblem={(problem) => onProblem?.('pointRadius', problem ?? null)}
              onChange={(radius) =>
                setStyle({
                  point: { shape: style.point?.shape ?? 'circle', radius: radius ?? 6 },
                })
              }
            />
          </>
        )}
        <TextField
          select
          label={t('adm.layers.styleLabelField')}
          value={style.label?.attribute ?? ''}
          onChange={(e) =>
            setStyle({
              label: e.target.value ? { ...style.label, attribute: e.target.value } : undefined,
            })
          }
        >
          <MenuItem value="">{t('adm.layers.styleNoLabel')}</MenuItem>
          {userFields.map((a) => (
            <MenuItem key={a.name} value={a.name}>
              {a.title}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <LegendPreview layer={layer} title={draft.title} style={style} />
    </Box>
  )
}
