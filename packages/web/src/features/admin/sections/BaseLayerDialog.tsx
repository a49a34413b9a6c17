import Box from '@mui/material/Box'
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
import { useEffect } from 'react'
import {
  FormDialog,
  FormNumberField,
  FormSelect,
  FormSwitch,
  FormTextField,
  schemaResolver,
  useFormSave,
  useSchemaForm,
} from '../../../components/form'
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

  const save = useFormSave(form)
  async function submit(v: Form) {
    const body = { ...v, url: v.type === 'osm' && !v.url ? null : v.url } as BaseLayerInput
    const work = () =>
      layer ? update({ id: layer.id, layer: body }).unwrap() : create(body).unwrap()
    if (await save(work, t('adm.saved'))) onClose()
  }
  const opt = (name: string) => `options.${name}`
  return (
    <FormDialog
      title={layer ? t('adm.base.editTitle') : t('adm.base.newTitle')}
      maxWidth="md"
      form={form}
      formId="base-layer-form"
      onSubmit={submit}
      onClose={onClose}
      submitLabel={layer ? t('adm.save') : t('adm.create')}
      formSx={{ flex: 1, minWidth: 280 }}
      aside={<BaseLayerPreview values={values} id={layer?.id ?? 0} />}
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
            <FormNumberField name={opt('minResolution')} label={t('adm.base.minResolution')} />
            <FormNumberField name={opt('maxResolution')} label={t('adm.base.maxResolution')} />
          </>
        )}
        <FormNumberField name="zmin" label={t('adm.base.zmin')} />
        <FormNumberField name="zmax" label={t('adm.base.zmax')} />
        <FormNumberField name="zindex" label={t('adm.base.zindex')} />
        <FormTextField name="group" label={t('adm.base.group')} />
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <FormTextField name="description" label={t('adm.base.description')} fullWidth multiline />
        </Box>
        <FormSwitch name="visible" label={t('adm.base.visible')} />
        <FormSwitch name="active" label={t('adm.base.active')} />
      </Box>
    </FormDialog>
  )
}
