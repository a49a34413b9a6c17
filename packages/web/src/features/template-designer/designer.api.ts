import type { ContentItem } from '@gis/shared'
import { REPORT_IMAGE_TAG } from '@gis/shared/reports'
import { useCallback } from 'react'
import { useDispatch } from 'react-redux'
import { useUpload, type UploadProgress } from '../../api/upload'
import { reportsApi } from '../../api/reports.api'

/**
 * The designer's own call: an image into the report library (the content store's tag
 * 'reports/imagens'), a multipart upload with progress
 * (the one upload helper), then the library's lists refresh. (Importing a .json template is
 * RELATÓRIO's Importar, features/reports.)
 */
export function useUploadReportImage() {
  const upload = useUpload()
  const dispatch = useDispatch()
  return useCallback(
    async (file: File, onProgress?: (p: UploadProgress) => void, signal?: AbortSignal) => {
      const form = new FormData()
      form.append('tag', REPORT_IMAGE_TAG)
      form.append('file', file)
      const content = await upload<ContentItem>('/api/content', form, {
        onProgress,
        signal,
      })
      dispatch(reportsApi.util.invalidateTags(['ReportContents']))
      return content
    },
    [upload, dispatch],
  )
}

/** The address of a library image, with `?token=` (an <img> sends no header). */
export function contentFileUrl(id: number | string, token: string | null): string {
  const base = `/api/content/${encodeURIComponent(String(id))}`
  return token ? `${base}?token=${encodeURIComponent(token)}` : base
}
