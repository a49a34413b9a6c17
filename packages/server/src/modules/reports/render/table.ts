import {
  DEFAULT_COLUMN_WIDTH,
  DEFAULT_ROW_HEIGHT,
  DEFAULT_STYLE,
  MAX_GROUP_DEPTH,
  type RenderedImage,
  type SizePolicy,
  type TemplateCell,
  type TemplateImage,
  type TemplateStyle,
  type TemplateTable,
} from '@gis/shared'
import { defineSize, emptyBlock, placeBlock, stackBlocks, type Block } from './block'
import { layoutOf, MAX_PAGE_COLUMNS, MAX_PAGE_ROWS } from './layout'
import type { RenderContext } from './types'
import type { Scope, VariableResolver } from './values'

/** Groups nested deeper than this render empty (saving and importing refuse such templates). */
const MAX_DEPTH = MAX_GROUP_DEPTH

/** What a table is rendered with: the resolver, the styles and the layer. */
export interface TableRenderer {
  ctx: RenderContext
  resolver: VariableResolver
  styles: ReadonlyMap<string, TemplateStyle>
  /** Cells the report may still render (MAX_REPORT_CELLS at the start): generators stop at 0. */
  budget: { cells: number }
}

/** Which copy of a generator a static table is; sizes along the generated direction follow the policy. */
interface Copy {
  index: number
  count: number
  direction: 'row' | 'col' | null
}

/** The size a copy of a generated cell gets under its size policy (null: the default). */
export function sizeFor(
  size: number | null | undefined,
  policy: SizePolicy | undefined,
  copy: Copy,
  generated: boolean,
): number | null {
  if (size === null || size === undefined || !(size > 0)) return null
  if (!generated || copy.count <= 1) return size
  if (policy === 'FIRST_ONLY') return copy.index === 0 ? size : null
  if (policy === 'DISTRIBUTED') return Math.round((size / copy.count) * 100) / 100
  return size
}

const cm = (n: number | null | undefined) => (typeof n === 'number' && Number.isFinite(n) ? n : 0)

function renderImage(r: TableRenderer, image: TemplateImage, scope: Scope): RenderedImage | null {
  const value = r.resolver.resolve(image.value, scope).trim()
  const margins = {
    marginTop: cm(image.marginTop),
    marginRight: cm(image.marginRight),
    marginBottom: cm(image.marginBottom),
    marginLeft: cm(image.marginLeft),
  }
  switch (image.location) {
    case 'CONTENT': {
      const id = Number(value)
      return value && Number.isSafeInteger(id) && id > 0 ? { contentId: id, ...margins } : null
    }
    case 'ATTACHMENT': {
      const n = value ? Number(value) : 1
      const feature = scope.feature
      const id = feature && Number.isSafeInteger(n) && n >= 1 ? feature.images[n - 1] : undefined
      if (!feature || id === undefined) return null
      return {
        attachment: { layer: r.ctx.layer.name, featureId: feature.id, attachmentId: id },
        ...margins,
      }
    }
    case 'LOCAL':
      return value ? { dataUrl: value, ...margins } : null
    default:
      return null
  }
}

/** Estimated height (px) of a text that wraps in a width at a font size (pt). */
export function textHeight(text: string, widthPx: number, fontSize: number): number {
  const fontPx = (Math.max(1, fontSize) * 96) / 72
  const perLine = Math.max(1, Math.floor(Math.max(1, widthPx - 4) / (fontPx * 0.55)))
  let lines = 0
  for (const line of text.split('\n')) lines += Math.max(1, Math.ceil(line.length / perLine))
  return Math.round(lines * fontPx * 1.15 + 1)
}

const sum = (sizes: Array<number | null>, from: number, count: number, fallback: number) => {
  let total = 0
  for (let i = from; i < from + count && i < sizes.length; i++) total += sizes[i] ?? fallback
  return total
}

/** A table rendered once (no generation of its own), as copy `copy` of its generator. */
function renderStatic(
  r: TableRenderer,
  table: TemplateTable,
  scope: Scope,
  copy: Copy,
  depth: number,
): Block {
  const layout = layoutOf(table)
  const children = new Map<number, Block>()
  const colCount = new Array<number>(layout.cols).fill(1)
  const rowCount = new Array<number>(layout.rows).fill(1)
  layout.cells.forEach((placed, i) => {
    if (!placed.cell.child) return
    const child = renderTable(r, placed.cell.child, scope, depth + 1)
    children.set(i, child)
    const width = sum(colCount, placed.col, placed.colSpan, 1)
    if (child.cols.length > width)
      colCount[placed.col + placed.colSpan - 1]! += child.cols.length - width
    const height = sum(rowCount, placed.row, placed.rowSpan, 1)
    if (child.rows.length > height)
      rowCount[placed.row + placed.rowSpan - 1]! += child.rows.length - height
  })
  const colStart = prefix(colCount)
  const rowStart = prefix(rowCount)
  const block: Block = {
    cols: new Array<number | null>(colStart[layout.cols]!).fill(null),
    rows: new Array<number | null>(rowStart[layout.rows]!).fill(null),
    cells: [],
  }
  const expanding: Array<{ cell: TemplateCell; index: number }> = []
  layout.cells.forEach((placed, i) => {
    const { cell } = placed
    const row = rowStart[placed.row]!
    const col = colStart[placed.col]!
    // a cell's sizes are those of the column and row where it starts (the larger one wins)
    defineSize(
      block.cols,
      col,
      sizeFor(cell.colSize, cell.sizePolicy, copy, copy.direction === 'col'),
    )
    defineSize(
      block.rows,
      row,
      sizeFor(cell.rowSize, cell.sizePolicy, copy, copy.direction === 'row'),
    )
    const child = children.get(i)
    if (child) return placeBlock(block, child, row, col)
    const rowSpan = rowStart[placed.row + placed.rowSpan]! - row
    const colSpan = colStart[placed.col + placed.colSpan]! - col
    const text = cell.image ? '' : r.resolver.resolve(cell.value, scope)
    const style = cell.style ?? null
    const image = cell.image ? renderImage(r, cell.image, scope) : null
    const single = cell.image || !text ? null : placed.variable
    const typed = single ? r.resolver.typed(single, scope) : null
    block.cells.push(
      typed
        ? {
            row,
            col,
            rowSpan,
            colSpan,
            text,
            value: typed.value,
            format: typed.format,
            style,
            image,
          }
        : { row, col, rowSpan, colSpan, text, style, image },
    )
    if (cell.rowExpand && !cell.image) expanding.push({ cell, index: block.cells.length - 1 })
    r.budget.cells--
  })
  for (const { cell, index } of expanding) {
    const rendered = block.cells[index]!
    if (!rendered.text) continue
    const style = (cell.style && r.styles.get(cell.style)) || DEFAULT_STYLE
    const width = sum(block.cols, rendered.col, rendered.colSpan, DEFAULT_COLUMN_WIDTH)
    let needed = textHeight(rendered.text, width, style.fontSize)
    if (cell.rowExpandSize && cell.rowExpandSize > 0) needed = Math.min(needed, cell.rowExpandSize)
    const last = rendered.row + rendered.rowSpan - 1
    const others = sum(block.rows, rendered.row, rendered.rowSpan - 1, DEFAULT_ROW_HEIGHT)
    const current = block.rows[last] ?? DEFAULT_ROW_HEIGHT
    if (needed - others > current) block.rows[last] = needed - others
  }
  return block
}

function prefix(counts: number[]): number[] {
  const out = [0]
  for (const n of counts) out.push(out[out.length - 1]! + n)
  return out
}

/** A table with its generation: static, or one copy per item of the scope. */
export function renderTable(
  r: TableRenderer,
  table: TemplateTable,
  scope: Scope,
  depth = 0,
): Block {
  if (depth > MAX_DEPTH || r.budget.cells <= 0) return emptyBlock()
  if (table.type !== 'ROW_GENERATOR' && table.type !== 'COLUMN_GENERATOR') {
    return renderStatic(r, table, scope, { index: 0, count: 1, direction: null }, depth)
  }
  const direction = table.type === 'ROW_GENERATOR' ? 'row' : 'col'
  const limit = direction === 'row' ? MAX_PAGE_ROWS : MAX_PAGE_COLUMNS
  const items = scope.items
  const copies: Block[] = []
  let extent = 0
  for (let k = 0; k < items.length && extent < limit && r.budget.cells > 0; k++) {
    const item = items[k]!
    const vars = table.var ? new Map(scope.vars).set(table.var, item) : scope.vars
    const copyScope: Scope = { feature: item, index: k + 1, vars, itemFirst: true, items: [item] }
    const copy: Copy = { index: k, count: items.length, direction }
    const block = renderStatic(r, table, copyScope, copy, depth)
    extent += direction === 'row' ? block.rows.length : block.cols.length
    if (direction === 'row' ? block.rows.length === 0 : block.cols.length === 0) break
    copies.push(block)
  }
  return stackBlocks(copies, direction)
}
