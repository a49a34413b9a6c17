import Sync from '@mui/icons-material/Sync'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Tooltip from '@mui/material/Tooltip'
import { geometryTypeLabel, layerRegisterSchema } from '@gis/shared/admin'
import { t } from '@gis/shared/i18n'
import type { LayerRecord, LayerRegister, LayerTreeNode } from '@gis/shared'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { toFailure } from '../../../api/base-api'
import {
  failureMessage,
  FormDialog,
  FormSelect,
  FormSwitch,
  FormTextField,
  schemaResolver,
  useFormSave,
  useSchemaForm,
} from '../../../components/form'
import type { Column } from '../../../components/PagedTable'
import { listArgs } from '../../../components/paged-state'
import { CrudSection } from '../common/CrudSection'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { useAct } from '../common/use-act'
import { usePaging } from '../common/use-paging'
import {
  useDeleteLayerMutation,
  useFullLayerTreeQuery,
  useListLayerRecordsQuery,
  useRegisterLayerMutation,
  useRemapIndexMutation,
  useUnregisteredTablesQuery,
} from '../layers-admin.api'
import { LayerEditor } from './layer-editor/LayerEditor'

const registerResolver = schemaResolver<LayerRegister>(layerRegisterSchema)

/** The folders of the layer tree, depth-first, with their path as the label. */
function folders(nodes: LayerTreeNode[], path = ''): { value: number; label: string }[] {
  return nodes.flatMap((n) =>
    n.type === 'folder'
      ? [
          { value: n.id, label: `${path}${n.title}` },
          ...folders(n.children, `${path}${n.title} / `),
        ]
      : [],
  )
}

/** Registrar tabela como layer: a table of schema data, a title, WFS, and its folder. */
function RegisterDialog({ table, onClose }: { table?: string; onClose: () => void }) {
  const { data: tables = [] } = useUnregisteredTablesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  })
  const { data: tree = [] } = useFullLayerTreeQuery()
  const [register] = useRegisterLayerMutation()
  const form = useSchemaForm<LayerRegister>({
    resolver: registerResolver,
    defaultValues: { table: table ?? '', title: '', queryable: true, folderId: null },
  })
  const save = useFormSave(form)
  const chosen = tables.find((x) => x.table === form.watch('table'))
  async function submit(values: LayerRegister) {
    const work = () => register(values).unwrap()
    if (await save(work, (layer) => t('adm.layers.registered', { title: layer.title }))) onClose()
  }
  return (
    <FormDialog
      title={t('adm.layers.registerTitle')}
      form={form}
      formId="register-form"
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('adm.create')}
      submitDisabled={tables.length === 0 || Boolean(chosen?.problems.length)}
    >
      {tables.length === 0 ? (
        <Alert severity="info">{t('adm.layers.noTables')}</Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, pt: 1 }}>
          <FormSelect
            name="table"
            label={t('adm.layers.table')}
            required
            options={tables.map((x) => ({
              value: x.table,
              label: `${x.table} · ${t('adm.layers.tableRows', { rows: x.rows })}`,
            }))}
          />
          {chosen && chosen.problems.length > 0 && (
            <Alert severity="error">
              {t('adm.layers.cannot', { reasons: chosen.problems.join('; ') })}
            </Alert>
          )}
          {chosen && chosen.problems.length === 0 && chosen.missing.length > 0 && (
            <Alert severity="info">
              {t('adm.layers.willAdd', { names: chosen.missing.join(', ') })}
            </Alert>
          )}
          <FormTextField name="title" label={t('adm.layers.title')} required />
          <FormSelect
            name="folderId"
            label={t('adm.layers.folder')}
            options={[{ value: null, label: t('adm.layers.rootFolder') }, ...folders(tree)]}
          />
          <FormSwitch name="queryable" label={t('adm.layers.queryable')} />
        </Box>
      )}
    </FormDialog>
  )
}

/**
 * Layers: the catalogue with register, edit (the layer editor), reindex and delete. Deleting
 * a layer with data asks a second time with the server's count; the table is kept.
 */
export function LayersSection() {
  const [paging, setPaging] = usePaging()
  const { data, isFetching } = useListLayerRecordsQuery(listArgs(paging, 'title'))
  const [remove] = useDeleteLayerMutation()
  const [remap] = useRemapIndexMutation()
  const act = useAct()
  const { enqueueSnackbar } = useSnackbar()
  const [hasData, setHasData] = useState<{ layer: LayerRecord; message: string } | null>(null)

  async function remapAll(layer?: string) {
    await act(async () => {
      const result = await remap(layer).unwrap()
      enqueueSnackbar(
        t('adm.layers.remapped', {
          count: result.length,
          ms: result.reduce((s, r) => s + r.ms, 0),
        }),
        { variant: 'success' },
      )
    })
  }

  async function deleteLayer(layer: LayerRecord) {
    try {
      await remove({ id: layer.id, confirm: false }).unwrap()
      enqueueSnackbar(t('adm.deleted'), { variant: 'success' })
    } catch (err) {
      const f = toFailure(err)
      if (f.status === 409) setHasData({ layer, message: f.message })
      else enqueueSnackbar(failureMessage(err, t('adm.deleteFailed')), { variant: 'error' })
    }
    return true
  }

  const columns: Column<LayerRecord>[] = [
    { key: 'title', label: t('adm.layers.colTitle'), render: (l) => <strong>{l.title}</strong> },
    { key: 'name', label: t('adm.layers.colName'), render: (l) => l.name, wide: true },
    {
      key: 'geometry',
      label: t('adm.layers.colGeometry'),
      render: (l) => geometryTypeLabel(l.geometryType),
      wide: true,
    },
    {
      key: 'queryable',
      label: t('adm.layers.colQueryable'),
      render: (l) => (l.queryable ? t('adm.yes') : t('adm.no')),
      wide: true,
    },
  ]

  return (
    <>
      <CrudSection
        title={t('dash.section.layers')}
        description={t('dash.section.layers.hint')}
        searchLabel={t('adm.layers.search')}
        columns={columns}
        data={data}
        loading={isFetching}
        empty={t('adm.layers.none')}
        paging={paging}
        onPaging={setPaging}
        actions={
          <Tooltip title={t('adm.layers.remapHint')} describeChild>
            <Button onClick={() => void remapAll()}>{t('adm.layers.remapAll')}</Button>
          </Tooltip>
        }
        newLabel={t('adm.layers.register')}
        rowActions={(l) => ({
          name: l.title,
          more: [
            {
              label: t('adm.layers.remap', { name: l.title }),
              icon: <Sync fontSize="small" />,
              onClick: () => void remapAll(l.name),
            },
          ],
        })}
        dialog={(l, close) =>
          l ? <LayerEditor layer={l} onClose={close} /> : <RegisterDialog onClose={close} />
        }
        deleteTitle={(l) => t('adm.layers.deleteTitle', { title: l?.title ?? '' })}
        deleteText={(l) => t('adm.layers.deleteText', { table: l?.table ?? '' })}
        onDelete={deleteLayer}
      />
      <ConfirmDialog
        open={hasData !== null}
        title={t('adm.layers.deleteHasDataTitle')}
        text={hasData?.message ?? ''}
        confirmLabel={t('adm.layers.deleteAnyway')}
        onClose={() => setHasData(null)}
        onConfirm={async () => {
          if (
            await act(
              () => remove({ id: hasData!.layer.id, confirm: true }).unwrap(),
              t('adm.deleted'),
              t('adm.deleteFailed'),
            )
          )
            setHasData(null)
        }}
      />
    </>
  )
}
