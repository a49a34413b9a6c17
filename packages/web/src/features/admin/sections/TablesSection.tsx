import ListAlt from '@mui/icons-material/ListAlt'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Tooltip from '@mui/material/Tooltip'
import { t } from '@gis/shared/i18n'
import type { FieldRecord, TableRecord } from '@gis/shared'
import { useState } from 'react'
import { PagedTable, type Column } from '../../../components/PagedTable'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { DialogFrame } from '../../../components/DialogFrame'
import { actionsColumn, RowActions } from '../common/RowActions'
import { useAct } from '../common/use-act'
import { usePaging } from '../common/use-paging'
import {
  useAddFieldMutation,
  useDeleteFieldMutation,
  useDeleteTableMutation,
  useListFieldsQuery,
  useListTablesQuery,
  useRefreshSchemaMutation,
} from '../schema.api'
import { FieldDialog } from './FieldDialog'
import { FieldsTable } from './FieldsTable'
import { NewTableDialog } from './NewTableDialog'

const fieldType = (f: FieldRecord) =>
  t(`admin.schema.type.${f.type}`) + (f.type === 'other' ? ` (${f.sqlType})` : '')

/** The fields of an existing table: add one ('Novo campo'), delete a user field. */
function TableFieldsDialog({ table, onClose }: { table: string; onClose: () => void }) {
  const { data: fields = [] } = useListFieldsQuery(table, { refetchOnMountOrArgChange: true })
  const [add] = useAddFieldMutation()
  const [remove] = useDeleteFieldMutation()
  const [adding, setAdding] = useState(false)
  const [deleting, setDeleting] = useState<string | null>(null)
  const act = useAct()
  return (
    <DialogFrame
      title={t('adm.tables.fields', { name: table })}
      maxWidth="md"
      onClose={onClose}
      actions={
        <>
          <Button onClick={() => setAdding(true)}>{t('adm.newTable.newField')}</Button>
          <Box sx={{ flex: 1 }} />
          <Button variant="contained" onClick={onClose}>
            {t('adm.back')}
          </Button>
        </>
      }
      after={
        <>
          {adding && (
            <FieldDialog
              field={null}
              others={fields.map((f) => f.name)}
              onClose={() => setAdding(false)}
              onSave={(field) =>
                act(
                  () => add({ table, field }).unwrap(),
                  t('adm.field.added', { name: field.name }),
                )
              }
            />
          )}
          <ConfirmDialog
            open={deleting !== null}
            title={t('adm.field.deleteTitle', { name: deleting ?? '' })}
            text={t('adm.field.deleteText')}
            onClose={() => setDeleting(null)}
            onConfirm={async () => {
              if (
                await act(
                  () => remove({ table, field: deleting! }).unwrap(),
                  t('adm.deleted'),
                  t('adm.deleteFailed'),
                )
              )
                setDeleting(null)
            }}
          />
        </>
      }
    >
      <FieldsTable
        rows={fields}
        rowKey={(f) => f.name}
        name={(f) => (
          <>
            {f.name}{' '}
            {f.system && <Chip size="small" variant="outlined" label={t('adm.field.system')} />}
          </>
        )}
        type={fieldType}
        size={(f) => f.length ?? (f.precision !== null ? `${f.precision}, ${f.scale ?? 0}` : '')}
        actions={(f) =>
          !f.system && <RowActions name={f.name} onDelete={() => setDeleting(f.name)} />
        }
      />
    </DialogFrame>
  )
}

type Row = TableRecord & { id: number }

/** Tabelas e campos: the tables of schema data, 'Nova tabela', their fields, deletion. */
export function TablesSection() {
  const [paging, setPaging] = usePaging()
  const { data, isFetching } = useListTablesQuery({
    page: paging.page,
    limit: paging.limit,
    sort: 'name',
    query: paging.query || undefined,
  })
  const { data: all } = useListTablesQuery({ page: 0, limit: 1000, sort: 'name' })
  const [removeTable] = useDeleteTableMutation()
  const [refresh] = useRefreshSchemaMutation()
  const act = useAct()
  const [creating, setCreating] = useState(false)
  const [fieldsOf, setFieldsOf] = useState<string | null>(null)
  const [deleting, setDeleting] = useState<TableRecord | null>(null)
  const rows: Row[] = (data?.rows ?? []).map((r, i) => ({ ...r, id: i }))

  const columns: Column<Row>[] = [
    { key: 'name', label: t('adm.tables.colName'), render: (r) => <strong>{r.name}</strong> },
    {
      key: 'geometry',
      label: t('adm.tables.colGeometry'),
      render: (r) => (r.geometry ? t(`admin.schema.geometry.${r.geometry}`) : t('adm.none')),
      wide: true,
    },
    { key: 'fields', label: t('adm.tables.colFields'), render: (r) => r.fields },
    { key: 'rows', label: t('adm.tables.colRows'), render: (r) => r.rows, wide: true },
    {
      key: 'layer',
      label: t('adm.tables.colLayer'),
      render: (r) => r.layer?.title ?? t('adm.none'),
      wide: true,
    },
    actionsColumn((r) => ({
      name: r.name,
      onDelete: () => setDeleting(r),
      more: [
        {
          label: t('adm.tables.fields', { name: r.name }),
          icon: <ListAlt fontSize="small" />,
          onClick: () => setFieldsOf(r.name),
        },
      ],
    })),
  ]

  return (
    <>
      <PagedTable
        title={t('dash.section.tables')}
        description={t('dash.section.tables.hint')}
        searchLabel={t('adm.tables.search')}
        columns={columns}
        rows={rows}
        total={data?.total ?? 0}
        loading={isFetching}
        empty={t('adm.tables.none')}
        paging={paging}
        onPaging={setPaging}
        actions={
          <>
            <Tooltip title={t('adm.tables.refreshHint')} describeChild>
              <Button
                onClick={() =>
                  void act(async () => {
                    const r = await refresh().unwrap()
                    return r
                  }, t('adm.saved'))
                }
              >
                {t('adm.tables.refresh')}
              </Button>
            </Tooltip>
            <Button variant="contained" onClick={() => setCreating(true)}>
              {t('adm.tables.new')}
            </Button>
          </>
        }
      />
      {creating && (
        <NewTableDialog
          existing={(all?.rows ?? []).map((r) => r.name)}
          onClose={() => setCreating(false)}
          onCreated={() => setCreating(false)}
        />
      )}
      {fieldsOf !== null && (
        <TableFieldsDialog table={fieldsOf} onClose={() => setFieldsOf(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('adm.tables.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('adm.tables.deleteText', { rows: deleting?.rows ?? 0 })}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (
            await act(
              () => removeTable(deleting!.name).unwrap(),
              t('adm.deleted'),
              t('adm.deleteFailed'),
            )
          )
            setDeleting(null)
        }}
      />
    </>
  )
}
