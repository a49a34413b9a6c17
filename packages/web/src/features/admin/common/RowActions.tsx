import Delete from '@mui/icons-material/Delete'
import Edit from '@mui/icons-material/Edit'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import { t } from '@gis/shared/i18n'
import type { ReactNode } from 'react'
import type { Column } from '../../../components/PagedTable'

/** One more icon of a row, between edit and delete. */
export interface RowAction {
  label: string
  icon: ReactNode
  onClick: () => void
}

export interface RowActionsProps {
  /** The row's name, in the buttons' labels ('Editar {name}', 'Excluir {name}'). */
  name: string
  onEdit?: () => void
  onDelete?: () => void
  /** Why the row cannot be deleted: the delete button is disabled with this as its title. */
  deleteBlocked?: string
  more?: RowAction[]
}

/** The icons at the end of an administration row: edit, the row's own actions, delete. */
export function RowActions({ name, onEdit, onDelete, deleteBlocked, more = [] }: RowActionsProps) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {onEdit && (
        <IconButton size="small" aria-label={t('adm.edit', { name })} onClick={onEdit}>
          <Edit fontSize="small" />
        </IconButton>
      )}
      {more.map((a) => (
        <IconButton key={a.label} size="small" aria-label={a.label} onClick={a.onClick}>
          {a.icon}
        </IconButton>
      ))}
      {onDelete && (
        <IconButton
          size="small"
          aria-label={t('adm.delete', { name })}
          disabled={Boolean(deleteBlocked)}
          title={deleteBlocked}
          onClick={onDelete}
        >
          <Delete fontSize="small" />
        </IconButton>
      )}
    </Box>
  )
}

/** The 'Ações' column of a PagedTable, its cell the row's RowActions. */
export function actionsColumn<R>(of: (row: R) => RowActionsProps): Column<R> {
  return { key: 'actions', label: t('adm.actions'), render: (row) => <RowActions {...of(row)} /> }
}
