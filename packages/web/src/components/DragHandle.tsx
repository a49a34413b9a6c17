import type { useSortable } from '@dnd-kit/sortable'
import DragIndicator from '@mui/icons-material/DragIndicator'
import Box from '@mui/material/Box'

/**
 * The handle an item of a reorderable list is dragged by (mouse, touch, or the keyboard with
 * Space and the arrows): `sortable` is the item's `useSortable()`, `label` the button's name.
 */
export function DragHandle({
  sortable,
  label,
  padding = 0.5,
}: {
  sortable: Pick<ReturnType<typeof useSortable>, 'setActivatorNodeRef' | 'attributes' | 'listeners'>
  label: string
  padding?: number
}) {
  return (
    <Box
      component="button"
      type="button"
      ref={sortable.setActivatorNodeRef}
      {...sortable.attributes}
      {...sortable.listeners}
      aria-label={label}
      sx={{
        border: 0,
        bgcolor: 'transparent',
        color: 'text.secondary',
        cursor: 'grab',
        display: 'flex',
        p: padding,
        borderRadius: 1,
        touchAction: 'none',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <DragIndicator fontSize="small" />
    </Box>
  )
}
