import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import {
  baseLayerInputSchema,
  OSM_TILE_URL,
  TILE_SIZES,
  WMS_FORMATS,
  WMS_SERVER_TYPES,
  WMS_VERSIONS,
  XYZ_PROJECTIONS,
  type BaseLayerInput,
} from '@gis/shared/admin'
import { t } from '@gis/shared/i18n'
import type { BaseLayer } from '@gis/shared'
import { useSnackbar } from 'notistack'
import { useEffect, useState } from 'react'
import { toFailure } from '../../../api/base-api'
import {
  FormTextField,
  SchemaForm,
  showServerErrors,
  useSchemaForm,
} from '../../../components/form'
import { schemaResolver } from '../../../components/form/schema-resolver'
import { failureMessage } from '../common/failure'
import { FormNumberField, FormSelect, FormSwitch } from '../common/form-controls'
import { useCreateBaseLayerMutation, useUpdateBaseLayerMutation } from '../base-layers.api'

type Form = Record<string, unknown> & {
  type: BaseLayerInput['type']
  options: Record<string, unknown>
}

const resolver = schemaResolver<Form>(baseLayerInputSchema)

const TYPES = (['osm', 'wms', 'xyz', 'geojson'] as const).map((v) => ({
  value: v,
  label: t(`adm.base.type.${v}`),
}))

const DEFAULT_OPTIONS: Record<BaseLayerInput['type'], Record<string, unknown>> = {
  osm: {},
  wms: {
    layers: '',
    version: '1.3.0',
    tiled: true,
    transparent: false,
    tileSize: 256,
    serverType: null,
    format: 'image/png',
    opacity: 1,
  },
  xyz: { projection: 'EPSG:3857', tileSize: 256, attribution: '' },
  geojson: {},
}

/** A picture of the source over Brazil: one tile (osm, xyz) or one GetMap (wms). */
function previewUrl(v: Form): string | null {
  const url = typeof v.url === 'string' ? v.url : ''
  if (v.type === 'osm' || v.type === 'xyz') {
    const template = v.type === 'osm' && !url ? OSM_TILE_URL : url
    if (!/\{z\}/.test(template)) return null
    return template
      .replace('{z}', '2')
      .replace('{x}', '1')
      .replace(/\{-?y\}/, '2')
  }
  if (v.type === 'wms' && url && v.options.layers) {
    const o = v.options
    const version = String(o.version ?? '1.3.0')
    const bbox = version === '1.3.0' ? '-34,-74,6,-34' : '-74,-34,-34,6'
    const params = new URLSearchParams({
      SERVICE: 'WMS',
      REQUEST: 'GetMap',
      VERSION: version,
      LAYERS: String(o.layers),
      STYLES: '',
      FORMAT: String(o.format ?? 'image/png'),
      TRANSPARENT: String(Boolean(o.transparent)).toUpperCase(),
      WIDTH: '256',
      HEIGHT: '256',
      [version === '1.3.0' ? 'CRS' : 'SRS']: 'EPSG:4326',
      BBOX: bbox,
    })
    return `${url}${url.includes('?') ? '&' : '?'}${params}`
  }
  return null
}

function Preview({ values }: { values: Form }) {
  const [src, setSrc] = useState<string | null>(null)
  const next = previewUrl(values)
  useEffect(() => {
    const timer = window.setTimeout(() => setSrc(next), 500)
    return () => window.clearTimeout(timer)
  }, [next])
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle2">{t('adm.base.preview')}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ mb: 1, display: 'block' }}>
        {t('adm.base.previewHint')}
      </Typography>
      <Box
        sx={{ width: 256, height: 256, bgcolor: 'action.hover', border: 1, borderColor: 'divider' }}
      >
        {src && (
          <img
            src={src}
            alt={t('adm.base.preview')}
            width={256}
            height={256}
            data-testid="base-layer-preview"
          />
        )}
      </Box>
    </Paper>
  )
}

/** Novo / Editar mapa base: every source type with its own options and a live preview. */
export function BaseLayerDialog({
  layer,
  onClose,
}: {
  layer: BaseLayer | null
  onClose: () => void
}) {
  const [create] = useCreateBaseLayerMutation()
  const [update] = useUpdateBaseLayerMutation()
  const { enqueueSnackbar } = useSnackbar()
  const form = useSchemaForm<Form>({
    resolver,
    defaultValues: {
      type: layer?.type ?? 'osm',
      name: layer?.name ?? '',
      description: layer?.description ?? '',
      url: layer?.url ?? (layer ? null : ''),
      visible: layer?.visible ?? false,
      active: layer?.active ?? true,
      group: layer?.group ?? '',
      zmin: layer?.zmin ?? null,
      zmax: layer?.zmax ?? null,
      zindex: layer?.zindex ?? 0,
      options: layer ? { ...DEFAULT_OPTIONS[layer.type], ...layer.options } : {},
    },
  })
  const values = form.watch()
  const type = values.type
  useEffect(() => {
    const sub = form.watch((v, { name }) => {
      if (name === 'type' && v.type) form.setValue('options', { ...DEFAULT_OPTIONS[v.type] })
    })
    return () => sub.unsubscribe()
  }, [form])

  async function submit(v: Form) {
    const body = { ...v, url: v.type === 'osm' && !v.url ? null : v.url } as BaseLayerInput
    try {
      if (layer) await update({ id: layer.id, layer: body }).unwrap()
      else await create(body).unwrap()
      enqueueSnackbar(t('adm.saved'), { variant: 'success' })
      onClose()
    } catch (err) {
      if (!showServerErrors(form, toFailure(err)))
        enqueueSnackbar(failureMessage(err), { variant: 'error' })
    }
  }
  const submitting = form.formState.isSubmitting
  const opt = (name: string) => `options.${name}`
  return (
    <Dialog open onClose={submitting ? undefined : onClose} maxWidth="md" fullWidth>
      <DialogTitle>{layer ? t('adm.base.editTitle') : t('adm.base.newTitle')}</DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', pt: 1 }}>
          <SchemaForm
            form={form}
            onSubmit={submit}
            id="base-layer-form"
            sx={{ flex: 1, minWidth: 280 }}
          >
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { sm: '1fr 1fr' } }}>
              <FormSelect name="type" label={t('adm.base.type')} options={TYPES} />
              <FormTextField name="name" label={t('adm.base.name')} required />
              <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
                <FormTextField
                  name="url"
                  label={t('adm.base.url')}
                  fullWidth
                  required={type !== 'osm'}
                  hint={t(`adm.base.urlHint.${type}`)}
                />
              </Box>
              {type === 'wms' && (
                <>
                  <FormTextField name={opt('layers')} label={t('adm.base.wmsLayers')} required />
                  <FormSelect
                    name={opt('version')}
                    label={t('adm.base.wmsVersion')}
                    options={WMS_VERSIONS.map((v) => ({ value: v, label: v }))}
                  />
                  <FormSelect
                    name={opt('serverType')}
                    label={t('adm.base.wmsServerType')}
                    options={[
                      { value: null, label: t('adm.base.serverType.none') },
                      ...WMS_SERVER_TYPES.map((v) => ({
                        value: v,
                        label: t(`adm.base.serverType.${v}`),
                      })),
                    ]}
                  />
                  <FormSelect
                    name={opt('format')}
                    label={t('adm.base.wmsFormat')}
                    options={WMS_FORMATS.map((v) => ({ value: v, label: v }))}
                  />
                  <FormSwitch name={opt('tiled')} label={t('adm.base.wmsTiled')} />
                  <FormSwitch name={opt('transparent')} label={t('adm.base.wmsTransparent')} />
                </>
              )}
              {type === 'xyz' && (
                <>
                  <FormSelect
                    name={opt('projection')}
                    label={t('adm.base.projection')}
                    options={XYZ_PROJECTIONS.map((v) => ({ value: v, label: v }))}
                  />
                  <FormTextField name={opt('attribution')} label={t('adm.base.attribution')} />
                </>
              )}
              {(type === 'wms' || type === 'xyz') && (
                <FormSelect
                  name={opt('tileSize')}
                  label={t('adm.base.tileSize')}
                  options={TILE_SIZES.map((v) => ({
                    value: v,
                    label: t('adm.base.tileSizeValue', { size: v }),
                  }))}
                />
              )}
              {type === 'geojson' && (
                <>
                  <FormNumberField
                    name={opt('minResolution')}
                    label={t('adm.base.minResolution')}
                  />
                  <FormNumberField
                    name={opt('maxResolution')}
                    label={t('adm.base.maxResolution')}
                  />
                </>
              )}
              <FormNumberField name="zmin" label={t('adm.base.zmin')} />
              <FormNumberField name="zmax" label={t('adm.base.zmax')} />
              <FormNumberField name="zindex" label={t('adm.base.zindex')} />
              <FormTextField name="group" label={t('adm.base.group')} />
              <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
                <FormTextField
                  name="description"
                  label={t('adm.base.description')}
                  fullWidth
                  multiline
                />
              </Box>
              <FormSwitch name="visible" label={t('adm.base.visible')} />
              <FormSwitch name="active" label={t('adm.base.active')} />
            </Box>
          </SchemaForm>
          <Preview values={values} />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submitting}>
          {t('adm.cancel')}
        </Button>
        <Button type="submit" form="base-layer-form" variant="contained" disabled={submitting}>
          {layer ? t('adm.save') : t('adm.create')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
