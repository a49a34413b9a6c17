import type { Announcements } from '@dnd-kit/core'
import { useSortable } from '@dnd-kit/sortable'
import { DragHandle } from '../../../components/DragHandle'
import { SortableArea } from '../../../components/SortableArea'
import Box from '@mui/material/Box'
import { t } from '@gis/shared/i18n'
import type { ReactNode } from 'react'

/**
 * A list reordered by dragging each row by its handle (dnd-kit, as the map's layer tree):
 * with the mouse, a finger, or the keyboard (space to lift, arrows to move, space to drop).
 * `onReorder` gets the ids in their new order.
 */
export function SortableList({
  ids,
  labelOf,
  onReorder,
  children,
}: {
  ids: string[]
  labelOf: (id: string) => string
  onReorder: (ids: string[]) => void
  children: (id: string, index: number) => ReactNode
}) {
  const name = (id: unknown) => labelOf(String(id))
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('adm.drag.start', { name: name(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('adm.drag.over', { name: name(active.id), over: name(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      t('adm.drag.end', {
        name: name(active.id),
        position: ids.indexOf(String(over?.id ?? active.id)) + 1,
      }),
    onDragCancel: ({ active }) => t('adm.drag.cancel', { name: name(active.id) }),
  }
  return (
    <SortableArea
      ids={ids}
      announcements={announcements}
      instructions={t('adm.drag.instructions')}
      onMove={(moved, to) => {
        const next = ids.filter((id) => id !== moved)
        next.splice(to, 0, moved)
        onReorder(next)
      }}
    >
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {ids.map((id, i) => (
          <SortableRow key={id} id={id} label={labelOf(id)}>
            {children(id, i)}
          </SortableRow>
        ))}
      </Box>
    </SortableArea>
  )
}

function SortableRow({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  const sortable = useSortable({ id })
  const { transform, transition, isDragging } = sortable
  return (
    <Box
      component="li"
      ref={sortable.setNodeRef}
      data-testid={`sortable-${id}`}
      style={{
        transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
        transition: transition ?? undefined,
      }}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        borderRadius: 1,
        bgcolor: isDragging ? 'action.selected' : 'background.paper',
        boxShadow: isDragging ? 3 : undefined,
      }}
    >
      <DragHandle sortable={sortable} label={t('adm.layers.drag', { name: label })} />
      {children}
    </Box>
  )
}
