import type ExcelJS from 'exceljs'

/** Every value a worksheet shows, as text, a merged range's once. */
export function sheetTexts(ws: ExcelJS.Worksheet): string[] {
  const out: string[] = []
  ws.eachRow((row) =>
    row.eachCell((cell) => {
      // a merged cell's own value is its master's; read each value once
      if (cell.master === cell) out.push(String(cell.value ?? ''))
    }),
  )
  return out
}
