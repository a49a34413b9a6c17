import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { validLonLatBox } from '@gis/shared/admin'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect } from 'react'
import type { Resolver } from 'react-hook-form'
import { SchemaForm, useSchemaForm } from '../../../components/form'
import { useGetMapConfigQuery } from '../../layers'
import { failureMessage } from '../common/failure'
import { FormNumberField } from '../common/form-controls'
import { useSaveMapConfigMutation } from '../settings.api'

interface Box4 {
  minx: number | null
  miny: number | null
  maxx: number | null
  maxy: number | null
}

const KEYS = ['minx', 'miny', 'maxx', 'maxy'] as const

/** The box must be four numbers in EPSG:4326, minimum below maximum (the server's rule too). */
const resolver: Resolver<Box4> = (values) => {
  const box = KEYS.map((k) => values[k])
  if (box.every((n) => typeof n === 'number') && validLonLatBox(box as number[]))
    return { values, errors: {} }
  const message = t('admin.mapconfig.extentInvalid')
  return {
    values: {},
    errors: Object.fromEntries(
      KEYS.map((k, i) => [k, { type: 'custom', message: i === 0 ? message : ' ' }]),
    ),
  }
}

const round = (n: number) => Math.round(n * 1e6) / 1e6

/**
 * A sketch of the box: around it, graticule lines every 5 degrees labelled in degrees, so the
 * typed numbers can be checked at a glance (x: longitude, y: latitude, north up).
 */
function BoxSketch({ box }: { box: Box4 }) {
  const ok =
    KEYS.every((k) => typeof box[k] === 'number') && box.minx! < box.maxx! && box.miny! < box.maxy!
  const [minx, miny, maxx, maxy] = ok
    ? [box.minx!, box.miny!, box.maxx!, box.maxy!]
    : [-75, -35, -30, 7]
  const pad = Math.max(maxx - minx, maxy - miny, 2)
  const vx0 = Math.max(-180, minx - pad)
  const vx1 = Math.min(180, maxx + pad)
  const vy0 = Math.max(-90, miny - pad)
  const vy1 = Math.min(90, maxy + pad)
  const step = vx1 - vx0 > 60 ? 20 : 5
  const lons: number[] = []
  for (let v = Math.ceil(vx0 / step) * step; v <= vx1; v += step) lons.push(v)
  const lats: number[] = []
  for (let v = Math.ceil(vy0 / step) * step; v <= vy1; v += step) lats.push(v)
  const w = vx1 - vx0
  const h = vy1 - vy0
  const font = w / 40
  return (
    <Box
      component="svg"
      viewBox={`${vx0} ${-vy1} ${w} ${h}`}
      role="img"
      aria-label={t('adm.map.region')}
      sx={{ width: '100%', maxWidth: 640, border: 1, borderColor: 'divider', bgcolor: '#e8f1f8' }}
    >
      {lons.map((lon) => (
        <g key={`x${lon}`}>
          <line x1={lon} x2={lon} y1={-vy1} y2={-vy0} stroke="#b8cadb" strokeWidth={w / 600} />
          <text x={lon + font / 4} y={-vy0 - font / 3} fontSize={font} fill="#5a6b7b">
            {lon}°
          </text>
        </g>
      ))}
      {lats.map((lat) => (
        <g key={`y${lat}`}>
          <line y1={-lat} y2={-lat} x1={vx0} x2={vx1} stroke="#b8cadb" strokeWidth={w / 600} />
          <text x={vx0 + font / 4} y={-lat - font / 4} fontSize={font} fill="#5a6b7b">
            {lat}°
          </text>
        </g>
      ))}
      {ok && (
        <rect
          x={minx}
          y={-maxy}
          width={maxx - minx}
          height={maxy - miny}
          fill="rgba(25,118,210,0.25)"
          stroke="#1976d2"
          strokeWidth={w / 300}
        />
      )}
    </Box>
  )
}

/** Posição inicial do mapa: the box the map shows when it opens (POST /api/mapconfig). */
export function MapSection() {
  const { data } = useGetMapConfigQuery()
  const [save] = useSaveMapConfigMutation()
  const { enqueueSnackbar } = useSnackbar()
  const form = useSchemaForm<Box4>({
    resolver,
    defaultValues: { minx: null, miny: null, maxx: null, maxy: null },
  })
  useEffect(() => {
    if (data) {
      const [minx, miny, maxx, maxy] = data.mapStartPosLonLat.map(round)
      form.reset({ minx, miny, maxx, maxy })
    }
  }, [data, form])
  async function submit(v: Box4) {
    try {
      await save({ mapStartPosLonLat: [v.minx!, v.miny!, v.maxx!, v.maxy!] }).unwrap()
      enqueueSnackbar(t('adm.map.saved'), { variant: 'success' })
    } catch (err) {
      enqueueSnackbar(failureMessage(err), { variant: 'error' })
    }
  }
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2">
        {t('dash.section.map')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('adm.map.hint')}
      </Typography>
      <SchemaForm form={form} onSubmit={submit}>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
            mb: 2,
          }}
        >
          {KEYS.map((k) => (
            <FormNumberField
              key={k}
              name={k}
              label={t(`adm.map.${k}`)}
              slotProps={{ htmlInput: { step: 'any' } }}
            />
          ))}
        </Box>
        <BoxSketch box={form.watch()} />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            {t('adm.save')}
          </Button>
        </Box>
      </SchemaForm>
    </Box>
  )
}
