import Add from '@mui/icons-material/Add'
import ArrowBack from '@mui/icons-material/ArrowBack'
import ArrowDownward from '@mui/icons-material/ArrowDownward'
import ArrowForward from '@mui/icons-material/ArrowForward'
import ArrowUpward from '@mui/icons-material/ArrowUpward'
import ContentCopy from '@mui/icons-material/ContentCopy'
import DeleteOutlined from '@mui/icons-material/DeleteOutlined'
import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import type { MessageKey } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { GENERATION_TYPES, columnLetters, type TemplateTable } from '@gis/shared/reports'
import { CellEditor } from './CellEditor'
import { layoutTable, sizeWarnings } from './designer-layout'
import * as ops from './designer-ops'
import type { PanelProps } from './panel-props'
import { OptionField } from './fields'

function Act({
  label,
  icon,
  onClick,
}: {
  label: MessageKey
  icon: React.ReactNode
  onClick: () => void
}) {
  return (
    <Tooltip title={t(label)}>
      <IconButton size="small" aria-label={t(label)} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  )
}

/**
 * The 'Tabela' tab: the table (or group) of the selection with its generation type, title and
 * var; the selected row's and cell's operations; the cell editor and the size warnings.
 */
export function TableTab({ template, page, selected, edit, select }: PanelProps) {
  const tableRef = selected ?? { page, path: [] }
  const table = ops.tableAt(template, tableRef)
  const pageTable = template.grid[page]
  if (!table || !pageTable) return null
  const warnings = sizeWarnings(pageTable)
  const setTable = (fn: (t: TemplateTable) => TemplateTable) =>
    edit((tpl) => ops.updateTable(tpl, tableRef, fn))
  const cell = selected ? ops.cellAt(template, selected) : undefined
  const placed =
    selected &&
    layoutTable(table).cells.find((p) => p.row === selected.row && p.cell === selected.cell)

  function rowOp(
    fn: (t: TemplateTable, r: number) => TemplateTable,
    nextRow: (r: number, n: number) => number,
  ) {
    if (!selected) return
    const after = fn(table!, selected.row)
    if (after === table) return
    setTable(() => after)
    const r = Math.max(0, Math.min(after.rows.length - 1, nextRow(selected.row, after.rows.length)))
    select({ ...selected, row: r, cell: Math.min(selected.cell, after.rows[r]!.cells.length - 1) })
  }
  function cellOp(
    fn: (t: TemplateTable, r: number, c: number) => TemplateTable,
    nextCell: (c: number) => number,
  ) {
    if (!selected) return
    const after = fn(table!, selected.row, selected.cell)
    if (after === table) return
    setTable(() => after)
    const n = after.rows[selected.row]!.cells.length
    select({ ...selected, cell: Math.max(0, Math.min(n - 1, nextCell(selected.cell))) })
  }

  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2">
          {t(tableRef.path.length ? 'designer.groupTable' : 'designer.table')}
        </Typography>
        {tableRef.path.length > 0 && (
          <Button size="small" onClick={() => select(ops.parentRef(tableRef))}>
            {t('designer.selectGroup')}
          </Button>
        )}
      </Stack>
      <OptionField
        label={t('designer.generationType')}
        value={table.type}
        options={GENERATION_TYPES}
        prefix="designer.gen."
        onChange={(type) => setTable((tb) => ({ ...tb, type }))}
      />
      <Stack direction="row" spacing={1}>
        <TextField
          size="small"
          label={t('designer.tableTitle')}
          value={table.title ?? ''}
          onChange={(e) => setTable((tb) => ({ ...tb, title: e.target.value || null }))}
        />
        <TextField
          size="small"
          label={t('designer.tableVar')}
          value={table.var ?? ''}
          onChange={(e) => setTable((tb) => ({ ...tb, var: e.target.value || null }))}
        />
      </Stack>
      {warnings.heights && <Alert severity="warning">{t('designer.multipleHeights')}</Alert>}
      {warnings.widths && <Alert severity="warning">{t('designer.multipleWidths')}</Alert>}
      <Divider />
      {!selected || !cell ? (
        <Typography color="text.secondary">{t('designer.noSelection')}</Typography>
      ) : (
        <>
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle2" sx={{ flex: 1 }}>
              {t('designer.row', { n: selected.row + 1 })}
            </Typography>
            <Act
              label="designer.addRow"
              icon={<Add />}
              onClick={() =>
                rowOp(
                  (tb, r) => ops.addRow(tb, r),
                  (r) => r + 1,
                )
              }
            />
            <Act
              label="designer.duplicateRow"
              icon={<ContentCopy />}
              onClick={() => rowOp(ops.duplicateRow, (r) => r + 1)}
            />
            <Act
              label="designer.moveUp"
              icon={<ArrowUpward />}
              onClick={() =>
                rowOp(
                  (tb, r) => ops.moveRow(tb, r, -1),
                  (r) => r - 1,
                )
              }
            />
            <Act
              label="designer.moveDown"
              icon={<ArrowDownward />}
              onClick={() =>
                rowOp(
                  (tb, r) => ops.moveRow(tb, r, 1),
                  (r) => r + 1,
                )
              }
            />
            <Act
              label="designer.deleteRow"
              icon={<DeleteOutlined />}
              onClick={() => rowOp(ops.deleteRow, (r) => r)}
            />
          </Stack>
          <Stack direction="row" sx={{ alignItems: 'center' }}>
            <Typography variant="subtitle2" sx={{ flex: 1 }}>
              {t('designer.cell', {
                name: placed ? `${columnLetters(placed.col)}${placed.gridRow + 1}` : '',
              })}
            </Typography>
            <Act
              label="designer.addCell"
              icon={<Add />}
              onClick={() =>
                cellOp(
                  (tb, r, c) => ops.addCell(tb, r, c),
                  (c) => c + 1,
                )
              }
            />
            <Act
              label="designer.duplicateCell"
              icon={<ContentCopy />}
              onClick={() => cellOp(ops.duplicateCell, (c) => c + 1)}
            />
            <Act
              label="designer.moveLeft"
              icon={<ArrowBack />}
              onClick={() =>
                cellOp(
                  (tb, r, c) => ops.moveCell(tb, r, c, -1),
                  (c) => c - 1,
                )
              }
            />
            <Act
              label="designer.moveRight"
              icon={<ArrowForward />}
              onClick={() =>
                cellOp(
                  (tb, r, c) => ops.moveCell(tb, r, c, 1),
                  (c) => c + 1,
                )
              }
            />
            <Act
              label="designer.deleteCell"
              icon={<DeleteOutlined />}
              onClick={() => cellOp(ops.deleteCell, (c) => c)}
            />
          </Stack>
          <CellEditor
            template={template}
            cell={cell}
            onChange={(next) => edit((tpl) => ops.updateCell(tpl, selected, () => next))}
          />
        </>
      )}
    </Stack>
  )
}
