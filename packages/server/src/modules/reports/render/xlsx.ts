import type { RenderedReport } from '@gis/shared'
import type { ImageLoader } from './types'

export async function writeXlsx(report: RenderedReport, loadImage: ImageLoader): Promise<Buffer> {
  void report
  void loadImage
  throw new Error('writeXlsx: not yet')
}
