import Button from '@mui/material/Button'
import { t } from '@gis/shared/i18n'
import { useState, type ReactNode } from 'react'
import { ConfirmDialog } from '../../../components/ConfirmDialog'
import { PagedTable, type Column, type PagedTableProps } from '../../../components/PagedTable'
import { actionsColumn, type RowActionsProps } from './RowActions'
import { useAct } from './use-act'

type TableProps<R> = Omit<PagedTableProps<R>, 'columns' | 'rows' | 'total' | 'loading' | 'actions'>

/**
 * An administration list (groups, users, base layers, layers): the PagedTable with NOVO …,
 * each row's edit / own actions / delete icons, the edit dialog (`dialog(null)` creates), and
 * the confirmed deletion ('Excluído', or the failure's message).
 */
export function CrudSection<R extends { id: number }>({
  data,
  loading,
  columns,
  rowActions,
  newLabel,
  actions,
  dialog,
  deleteTitle,
  deleteText,
  remove,
  onDelete,
  ...table
}: TableProps<R> & {
  data: { rows: R[]; total: number } | undefined
  loading: boolean
  columns: Column<R>[]
  rowActions: (row: R) => Omit<RowActionsProps, 'onEdit' | 'onDelete'>
  newLabel: string
  /** Buttons before NOVO …. */
  actions?: ReactNode
  dialog: (row: R | null, onClose: () => void) => ReactNode
  deleteTitle: (row: R | null) => string
  deleteText: (row: R | null) => string
  /** The deletion; 'Excluído' on success. */
  remove?: (row: R) => Promise<unknown>
  /** A deletion of its own instead of `remove`: answers whether to close the question. */
  onDelete?: (row: R) => Promise<boolean>
}) {
  const act = useAct()
  const [editing, setEditing] = useState<R | 'new' | null>(null)
  const [deleting, setDeleting] = useState<R | null>(null)
  const all: Column<R>[] = [
    ...columns,
    actionsColumn((row) => ({
      ...rowActions(row),
      onEdit: () => setEditing(row),
      onDelete: () => setDeleting(row),
    })),
  ]
  async function confirmDelete(row: R) {
    const closed = onDelete
      ? await onDelete(row)
      : await act(() => remove!(row), t('adm.deleted'), t('adm.deleteFailed'))
    if (closed) setDeleting(null)
  }
  return (
    <>
      <PagedTable
        {...table}
        columns={all}
        rows={data?.rows ?? []}
        total={data?.total ?? 0}
        loading={loading}
        actions={
          <>
            {actions}
            <Button variant="contained" onClick={() => setEditing('new')}>
              {newLabel}
            </Button>
          </>
        }
      />
      {editing !== null && dialog(editing === 'new' ? null : editing, () => setEditing(null))}
      <ConfirmDialog
        open={deleting !== null}
        title={deleteTitle(deleting)}
        text={deleteText(deleting)}
        onClose={() => setDeleting(null)}
        onConfirm={() => confirmDelete(deleting!)}
      />
    </>
  )
}
