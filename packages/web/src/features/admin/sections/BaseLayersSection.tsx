import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import { t } from '@gis/shared/i18n'
import type { BaseLayer } from '@gis/shared'
import { useState } from 'react'
import { PagedTable, type Column } from '../../../components/PagedTable'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { actionsColumn } from '../common/RowActions'
import { useAct } from '../common/use-act'
import { usePaging } from '../common/use-paging'
import { useDeleteBaseLayerMutation, useListBaseLayersQuery } from '../base-layers.api'
import { BaseLayerDialog } from './BaseLayerDialog'

const zoom = (b: BaseLayer) =>
  b.zmin === null && b.zmax === null ? t('adm.none') : `${b.zmin ?? 0}–${b.zmax ?? 24}`

/** Mapas base: every source (osm, wms, xyz, geojson), with create, edit and delete. */
export function BaseLayersSection() {
  const [paging, setPaging] = usePaging()
  const { data, isFetching } = useListBaseLayersQuery({
    page: paging.page,
    limit: paging.limit,
    sort: 'name',
  })
  const [remove] = useDeleteBaseLayerMutation()
  const act = useAct()
  const [editing, setEditing] = useState<BaseLayer | 'new' | null>(null)
  const [deleting, setDeleting] = useState<BaseLayer | null>(null)
  const columns: Column<BaseLayer>[] = [
    { key: 'name', label: t('adm.base.colName'), render: (b) => <strong>{b.name}</strong> },
    { key: 'type', label: t('adm.base.colType'), render: (b) => t(`adm.base.type.${b.type}`) },
    {
      key: 'url',
      label: t('adm.base.colUrl'),
      wide: true,
      render: (b) => (
        <Box component="span" sx={{ wordBreak: 'break-all', fontSize: 12 }}>
          {b.url ?? t('adm.none')}
        </Box>
      ),
    },
    { key: 'zoom', label: t('adm.base.colZoom'), render: zoom, wide: true },
    {
      key: 'visible',
      label: t('adm.base.colVisible'),
      render: (b) => (b.visible ? t('adm.yes') : t('adm.no')),
      wide: true,
    },
    {
      key: 'active',
      label: t('adm.base.colActive'),
      render: (b) => (b.active ? t('adm.yes') : t('adm.no')),
      wide: true,
    },
    actionsColumn((b) => ({
      name: b.name,
      onEdit: () => setEditing(b),
      onDelete: () => setDeleting(b),
    })),
  ]
  return (
    <>
      <PagedTable
        title={t('dash.section.baseLayers')}
        description={t('dash.section.baseLayers.hint')}
        columns={columns}
        rows={data?.rows ?? []}
        total={data?.total ?? 0}
        loading={isFetching}
        empty={t('adm.base.none')}
        paging={paging}
        onPaging={setPaging}
        actions={
          <Button variant="contained" onClick={() => setEditing('new')}>
            {t('adm.base.new')}
          </Button>
        }
      />
      {editing !== null && (
        <BaseLayerDialog
          layer={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('adm.base.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('adm.base.deleteText')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (
            await act(() => remove(deleting!.id).unwrap(), t('adm.deleted'), t('adm.deleteFailed'))
          )
            setDeleting(null)
        }}
      />
    </>
  )
}
