import type { ReportContent, ReportRecord } from '@gis/shared'
import { CUSTOM_TEMPLATE_CATEGORY, REPORT_IMAGE_TAG } from '@gis/shared/reports'
import { useCallback } from 'react'
import { useDispatch } from 'react-redux'
import { useUpload, type UploadProgress } from '../../api/upload'
import { reportsApi } from '../reports/reports.api'

/**
 * The designer's own calls, both multipart uploads with progress (the one upload helper):
 * an image into the report library and a .json template into the caller's templates. Each
 * refreshes the reports API's lists afterwards.
 */
export function useUploadReportImage() {
  const upload = useUpload()
  const dispatch = useDispatch()
  return useCallback(
    async (file: File, onProgress?: (p: UploadProgress) => void, signal?: AbortSignal) => {
      const form = new FormData()
      form.append('tag', REPORT_IMAGE_TAG)
      form.append('file', file)
      const content = await upload<ReportContent>('/api/reports/contents', form, {
        onProgress,
        signal,
      })
      dispatch(reportsApi.util.invalidateTags(['ReportContents']))
      return content
    },
    [upload, dispatch],
  )
}

export function useImportTemplate() {
  const upload = useUpload()
  const dispatch = useDispatch()
  return useCallback(
    async (file: File) => {
      const form = new FormData()
      form.append('category', CUSTOM_TEMPLATE_CATEGORY)
      form.append('file', file)
      const record = await upload<ReportRecord>('/api/reports/templates/import', form)
      dispatch(reportsApi.util.invalidateTags(['ReportTree']))
      return record
    },
    [upload, dispatch],
  )
}

/** The address of a library image, with `?token=` (an <img> sends no header). */
export function contentFileUrl(id: number | string, token: string | null): string {
  const base = `/api/reports/contents/${encodeURIComponent(String(id))}/file`
  return token ? `${base}?token=${encodeURIComponent(token)}` : base
}
