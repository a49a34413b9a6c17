import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import {
  baseLayerInputSchema,
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
import { useEffect } from 'react'
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
import { BaseLayerPreview } from './BaseLayerPreview'

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
          <BaseLayerPreview values={values} id={layer?.id ?? 0} />
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
