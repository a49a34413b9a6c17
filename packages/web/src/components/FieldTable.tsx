import type { ReactNode } from 'react'
import { DataTable, type Column } from './DataTable'

/** A row of a field table: what the value is, and the value. */
export interface FieldRow {
  title: string
  value: ReactNode
}

function fieldColumns(titleWidth: string | number): Column<FieldRow>[] {
  return [
    {
      key: 'title',
      label: '',
      render: (r) => r.title,
      cellProps: () => ({
        component: 'th',
        scope: 'row',
        sx: { width: titleWidth, color: 'text.secondary', fontWeight: 500 },
      }),
    },
    {
      key: 'value',
      label: '',
      render: (r) => r.value,
      cellProps: () => ({ sx: { wordBreak: 'break-word' } }),
    },
  ]
}

/** Values named by their titles, one a row (a feature's attributes, a job's details). */
export function FieldTable({
  rows,
  label,
  titleWidth = '42%',
}: {
  rows: readonly FieldRow[]
  label?: string
  titleWidth?: string | number
}) {
  return (
    <DataTable
      bare
      noLoadingBar
      noHead
      label={label}
      columns={fieldColumns(titleWidth)}
      rows={rows}
      rowKey={(_r, i) => i}
      empty=""
    />
  )
}
