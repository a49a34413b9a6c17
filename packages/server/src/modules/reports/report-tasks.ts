/**
 * The reports' work in the CPU pool's threads (src/cpu-worker.ts): rendering a template over
 * its features, and writing the xlsx. Only the main thread reaches the database and the files:
 * images are asked of it by a call (`image`), and the workbook comes back as its bytes, moved
 * rather than copied; the rendered report of a job (a million cells) never leaves the thread.
 */
import type { RenderedImage, RenderedReport } from '@gis/shared'
import { ownBytes, Transfer } from '../../workers/cpu-protocol'
import type { CpuTask, TaskScope } from '../../workers/cpu-runtime'
import { renderReport, writeXlsx, type RenderContext } from './render'

export const RENDER_TASK = 'report.render'
export const XLSX_TASK = 'report.xlsx'
/** The call a report's xlsx makes for each image it shows. */
export const IMAGE_CALL = 'image'

/** An image's bytes as the main thread answers IMAGE_CALL (null: unreadable). */
export type ImageAnswer = { bytes: Uint8Array; extension: 'png' | 'jpeg' | 'gif' } | null

export const reportTasks = {
  [RENDER_TASK]: (ctx: RenderContext): RenderedReport => renderReport(ctx),
  [XLSX_TASK]: async (ctx: RenderContext, scope: TaskScope) => {
    const report = renderReport(ctx)
    const bytes = await writeXlsx(report, async (image: RenderedImage) => {
      const answer = (await scope.call(IMAGE_CALL, image)) as ImageAnswer
      if (!answer) return null
      const { bytes: raw, extension } = answer
      return { buffer: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength), extension }
    })
    const own = ownBytes(bytes)
    return new Transfer(own, [own.buffer])
  },
} satisfies Record<string, CpuTask>
