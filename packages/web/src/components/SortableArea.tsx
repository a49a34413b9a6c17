import { closestCenter, DndContext, type Announcements, type DragEndEvent } from '@dnd-kit/core'
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable'
import type { ReactNode } from 'react'
import { useSortableSensors } from './use-sortable-sensors'

/**
 * A vertical list reordered by dragging (dnd-kit: mouse, touch, keyboard), its moves read out
 * by `announcements`; `onMove(id, to)`: the item `id` dropped at the place of the item at `to`.
 * The items are `useSortable` rows with a `DragHandle`.
 */
export function SortableArea({
  ids,
  announcements,
  instructions,
  onMove,
  children,
}: {
  ids: string[]
  announcements: Announcements
  /** What a screen reader says of a handle (Space, the arrows, Space again, Escape). */
  instructions: string
  onMove: (id: string, to: number) => void
  children: ReactNode
}) {
  const sensors = useSortableSensors()
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return
    onMove(String(active.id), ids.indexOf(String(over.id)))
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      // The read-out's live region and the instructions go to the page's body: inside a list
      // they would be children a list may not have.
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: instructions },
        container: document.body,
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  )
}
