import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { validLonLatBox } from '@gis/shared/admin'
import { t } from '@gis/shared/i18n'
import { SectionHeading } from '../../../components/SectionHeading'
import type OlMap from 'ol/Map'
import { useEffect, useRef, useState } from 'react'
import type { Resolver } from 'react-hook-form'
import { FormNumberField, SchemaForm, useSchemaForm, FormSaveBar } from '../../../components/form'
import { useGetMapConfigQuery } from '../../../api/layers.api'
import { AdminMap, DefaultBaseLayer } from '../common/admin-map'
import { useSaveMapConfigMutation } from '../settings.api'
import { useFitOnce, useStartBox, viewBox, type LonLatBox } from './start-box-layer'
import { useMutationToast } from '../../../components/use-mutation-toast'

interface Box4 {
  minx: number | null
  miny: number | null
  maxx: number | null
  maxy: number | null
}

const KEYS = ['minx', 'miny', 'maxx', 'maxy'] as const

const round = (n: number) => Math.round(n * 1e6) / 1e6

/** The typed box when it is a valid one, else null. */
function boxOf(v: Box4): LonLatBox | null {
  const box = KEYS.map((k) => v[k])
  return box.every((n) => typeof n === 'number') && validLonLatBox(box as number[])
    ? (box as LonLatBox)
    : null
}

/** The map's layers: the background, the box, and the drag that draws a new one. */
function StartBoxLayers({
  box,
  saved,
  drawing,
  onDrawn,
}: {
  box: LonLatBox | null
  saved: LonLatBox | null
  drawing: boolean
  onDrawn: (box: LonLatBox) => void
}) {
  useStartBox(box, drawing, onDrawn)
  useFitOnce(saved)
  return <DefaultBaseLayer />
}

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

/** Posição inicial do mapa: the box the map shows when it opens (POST /api/mapconfig). */
export function MapSection() {
  const { data } = useGetMapConfigQuery()
  const [save] = useSaveMapConfigMutation()
  const run = useMutationToast()
  const map = useRef<OlMap | null>(null)
  const [drawing, setDrawing] = useState(false)
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
  function place(box: LonLatBox) {
    KEYS.forEach((k, i) =>
      form.setValue(k, box[i]!, { shouldDirty: true, shouldValidate: form.formState.isSubmitted }),
    )
  }
  const saved = data ? (data.mapStartPosLonLat.map(round) as LonLatBox) : null
  async function submit(v: Box4) {
    await run(
      () => save({ mapStartPosLonLat: [v.minx!, v.miny!, v.maxx!, v.maxy!] }).unwrap(),
      t('adm.map.saved'),
    )
  }
  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <SectionHeading title={t('dash.section.map')} hint={t('adm.map.hint')} hintSx={{ mb: 2 }} />
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
            <FormNumberField key={k} name={k} label={t(`adm.map.${k}`)} />
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1 }}>
          <Button
            variant={drawing ? 'contained' : 'outlined'}
            aria-pressed={drawing}
            onClick={() => setDrawing((d) => !d)}
          >
            {t('adm.map.draw')}
          </Button>
          <Button variant="outlined" onClick={() => map.current && place(viewBox(map.current))}>
            {t('adm.map.useView')}
          </Button>
          {drawing && (
            <Typography variant="body2" color="text.secondary" role="status">
              {t('adm.map.drawing')}
            </Typography>
          )}
        </Box>
        <AdminMap
          height={{ xs: 320, md: 440 }}
          label={t('adm.map.region')}
          onReady={(m) => {
            map.current = m
          }}
        >
          <StartBoxLayers
            box={boxOf(form.watch())}
            saved={saved}
            drawing={drawing}
            onDrawn={(box) => {
              place(box)
              setDrawing(false)
            }}
          />
        </AdminMap>
        <FormSaveBar />
      </SchemaForm>
    </Box>
  )
}
