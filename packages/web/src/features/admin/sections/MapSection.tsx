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

/** A sketch of the box on the world: where the map opens, in longitude and latitude. */
function BoxSketch({ box }: { box: Box4 }) {
  const ok = KEYS.every((k) => typeof box[k] === 'number')
  const x = (lon: number) => ((lon + 180) / 360) * 360
  const y = (lat: number) => ((90 - lat) / 180) * 180
  return (
    <Box
      component="svg"
      viewBox="0 0 360 180"
      role="img"
      aria-label={t('adm.map.region')}
      sx={{ width: '100%', maxWidth: 540, border: 1, borderColor: 'divider', bgcolor: '#e8f1f8' }}
    >
      {[-120, -60, 0, 60, 120].map((lon) => (
        <line
          key={lon}
          x1={x(lon)}
          x2={x(lon)}
          y1={0}
          y2={180}
          stroke="#c5d5e4"
          strokeWidth={0.5}
        />
      ))}
      {[-60, -30, 0, 30, 60].map((lat) => (
        <line
          key={lat}
          y1={y(lat)}
          y2={y(lat)}
          x1={0}
          x2={360}
          stroke="#c5d5e4"
          strokeWidth={0.5}
        />
      ))}
      {ok && (
        <rect
          x={x(box.minx!)}
          y={y(box.maxy!)}
          width={Math.max(1, x(box.maxx!) - x(box.minx!))}
          height={Math.max(1, y(box.miny!) - y(box.maxy!))}
          fill="rgba(25,118,210,0.3)"
          stroke="#1976d2"
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
