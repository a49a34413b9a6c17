import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { BaseLayer } from '@gis/shared'
import { baseLayerInputSchema } from '@gis/shared/admin'
import { t } from '@gis/shared/i18n'
import { useEffect, useMemo, useState } from 'react'
import { useGetMapConfigQuery } from '../../../api/layers.api'
import { AdminMap, RecordBaseLayer } from '../common/admin-map'
import { useFitOnce, type LonLatBox } from './start-box-layer'

/** Typing settles this long before the preview follows it (spec 3 section 9: text inputs). */
const SETTLE_MS = 500

/** The form's values as the record users would get, when they make a valid base layer. */
function recordOf(values: Record<string, unknown>, id: number): BaseLayer | null {
  const osmDefault = values.type === 'osm' && !values.url
  const parsed = baseLayerInputSchema.safeParse(osmDefault ? { ...values, url: null } : values)
  if (!parsed.success) return null
  const v = parsed.data
  return {
    id,
    type: v.type,
    name: v.name,
    description: v.description ?? '',
    url: v.url ?? null,
    visible: true,
    active: true,
    group: v.group ?? null,
    zmin: v.zmin ?? null,
    zmax: v.zmax ?? null,
    zindex: 0,
    options: v.options as Record<string, unknown>,
  }
}

function PreviewLayers({ record, onFailed }: { record: BaseLayer | null; onFailed: () => void }) {
  const start = useGetMapConfigQuery().data?.mapStartPosLonLat
  useFitOnce((start as LonLatBox | undefined) ?? null)
  return <RecordBaseLayer record={record} onFailed={onFailed} />
}

/**
 * A live preview of the base layer being edited: a small map of the source as the form
 * describes it (osm, wms, xyz or geojson), following the form once typing settles.
 */
export function BaseLayerPreview({ values, id }: { values: Record<string, unknown>; id: number }) {
  const signature = JSON.stringify(values)
  const [settled, setSettled] = useState(signature)
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(signature), SETTLE_MS)
    return () => window.clearTimeout(timer)
  }, [signature])
  const record = useMemo(
    () => recordOf(JSON.parse(settled) as Record<string, unknown>, id),
    [settled, id],
  )
  const [failed, setFailed] = useState<string | null>(null)
  const key = record ? JSON.stringify(record) : null
  return (
    <Paper variant="outlined" sx={{ p: 2, width: { xs: '100%', md: 320 } }}>
      <Typography variant="subtitle2">{t('adm.base.preview')}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ mb: 1, display: 'block' }}>
        {t('adm.base.previewHint')}
      </Typography>
      <AdminMap height={280} label={t('adm.base.preview')}>
        <PreviewLayers record={record} onFailed={() => setFailed(key)} />
      </AdminMap>
      <Box role="status" sx={{ mt: 1, minHeight: 20 }}>
        {!record && (
          <Typography variant="caption" color="text.secondary">
            {t('adm.base.previewIncomplete')}
          </Typography>
        )}
        {record && failed === key && (
          <Typography variant="caption" color="error">
            {t('adm.base.previewFailed')}
          </Typography>
        )}
      </Box>
    </Paper>
  )
}
