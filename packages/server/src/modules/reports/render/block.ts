import type { RenderedCell } from '@gis/shared'

/**
 * A rendered table before it becomes a page: sizes in px (null: not defined by any cell, the
 * default applies) and cells at 0-based positions relative to the block.
 */
export interface Block {
  cols: Array<number | null>
  rows: Array<number | null>
  cells: RenderedCell[]
}

export const emptyBlock = (): Block => ({ cols: [], rows: [], cells: [] })

/** Sets a size to the larger of the defined ones. */
export function defineSize(sizes: Array<number | null>, index: number, size: number | null): void {
  if (size === null || !(size > 0) || index >= sizes.length) return
  const current = sizes[index]
  sizes[index] = current === null || current === undefined ? size : Math.max(current, size)
}

/** Copies a block's cells and sizes into another at an offset. */
export function placeBlock(target: Block, block: Block, row: number, col: number): void {
  block.cols.forEach((size, i) => defineSize(target.cols, col + i, size))
  block.rows.forEach((size, i) => defineSize(target.rows, row + i, size))
  for (const cell of block.cells)
    target.cells.push({ ...cell, row: cell.row + row, col: cell.col + col })
}

/** Copies of a generated table: one below the other (rows) or side by side (columns). */
export function stackBlocks(blocks: Block[], direction: 'row' | 'col'): Block {
  const height = direction === 'row' ? blocks.reduce((n, b) => n + b.rows.length, 0) : 0
  const width = direction === 'col' ? blocks.reduce((n, b) => n + b.cols.length, 0) : 0
  const out: Block = {
    cols: new Array<number | null>(
      direction === 'col' ? width : blocks.reduce((n, b) => Math.max(n, b.cols.length), 0),
    ).fill(null),
    rows: new Array<number | null>(
      direction === 'row' ? height : blocks.reduce((n, b) => Math.max(n, b.rows.length), 0),
    ).fill(null),
    cells: [],
  }
  let offset = 0
  for (const block of blocks) {
    if (direction === 'row') {
      placeBlock(out, block, offset, 0)
      offset += block.rows.length
    } else {
      placeBlock(out, block, 0, offset)
      offset += block.cols.length
    }
  }
  return out
}
