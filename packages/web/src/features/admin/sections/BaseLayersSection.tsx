import Box from '@mui/material/Box'
import { t } from '@gis/shared/i18n'
import type { BaseLayer } from '@gis/shared'
import type { Column } from '../../../components/PagedTable'
import { listArgs } from '../../../components/paged-state'
import { CrudSection } from '../common/CrudSection'
import { usePaging } from '../common/use-paging'
import { useDeleteBaseLayerMutation, useListBaseLayersQuery } from '../base-layers.api'
import { BaseLayerDialog } from './BaseLayerDialog'

const zoom = (b: BaseLayer) =>
  b.zmin === null && b.zmax === null ? t('adm.none') : `${b.zmin ?? 0}–${b.zmax ?? 24}`

/** Mapas base: every source (osm, wms, xyz, geojson), with create, edit and delete. */
export function BaseLayersSection() {
  const [paging, setPaging] = usePaging()
  const { data, isFetching } = useListBaseLayersQuery(listArgs(paging, 'name'))
  const [remove] = useDeleteBaseLayerMutation()
  const yesNo = (on: boolean) => (on ? t('adm.yes') : t('adm.no'))
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
      render: (b) => yesNo(b.visible),
      wide: true,
    },
    { key: 'active', label: t('adm.base.colActive'), render: (b) => yesNo(b.active), wide: true },
  ]
  return (
    <CrudSection
      title={t('dash.section.baseLayers')}
      description={t('dash.section.baseLayers.hint')}
      columns={columns}
      data={data}
      loading={isFetching}
      empty={t('adm.base.none')}
      paging={paging}
      onPaging={setPaging}
      newLabel={t('adm.base.new')}
      rowActions={(b) => ({ name: b.name })}
      dialog={(b, close) => <BaseLayerDialog layer={b} onClose={close} />}
      deleteTitle={(b) => t('adm.base.deleteTitle', { name: b?.name ?? '' })}
      deleteText={() => t('adm.base.deleteText')}
      remove={(b) => remove(b.id).unwrap()}
    />
  )
}
