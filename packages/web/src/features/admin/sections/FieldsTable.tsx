import type { ReactNode } from 'react'
import { t } from '@gis/shared/i18n'
import { DataTable, type Column } from '../../../components/DataTable'

interface FieldLike {
  name: string
  notNull: boolean
}

/**
 * The fields of a table as 'Nova tabela' and a table's fields list show them: Nome, Tipo,
 * Tamanho, Obrigatório, Ações; `name`, `type`, `size` and `actions` say what a row shows there.
 */
export function FieldsTable<R extends FieldLike>({
  rows,
  rowKey,
  label,
  name = (r) => r.name,
  type,
  size,
  actions,
}: {
  rows: readonly R[]
  rowKey: (row: R) => string
  label?: string
  name?: (row: R) => ReactNode
  type: (row: R) => string
  size: (row: R) => ReactNode
  actions: (row: R) => ReactNode
}) {
  const columns: Column<R>[] = [
    { key: 'name', label: t('adm.newTable.colName'), render: name },
    { key: 'type', label: t('adm.newTable.colType'), render: type },
    { key: 'size', label: t('adm.newTable.colSize'), render: size },
    {
      key: 'notNull',
      label: t('adm.newTable.colNotNull'),
      render: (r) => (r.notNull ? t('adm.yes') : t('adm.no')),
    },
    { key: 'actions', label: t('adm.actions'), render: actions },
  ]
  return <DataTable bare columns={columns} rows={rows} rowKey={rowKey} label={label} empty="" />
}
