import type { InspectionPhoto } from '@gis/shared/inspections'
import { INSPECTION_PHOTO_TAG } from '@gis/shared/inspections'
import { useCallback, useEffect, useRef } from 'react'
import { useUpload } from '../../api/upload'

/** A photo of the form: being sent (percent), sent (contentId), or failed. */
export interface FormPhoto {
  key: string
  name: string
  caption: string
  /** What the form shows: the local file's object URL, or the stored thumbnail. */
  preview: string
  percent: number
  contentId?: number
  failed?: boolean
}

let counter = 0
const newKey = () => `photo-${++counter}`

/** The photos an inspection already has, for editing it. */
export function storedPhotos(
  photos: readonly InspectionPhoto[],
  src: (contentId: number) => string,
): FormPhoto[] {
  return photos.map((p) => ({
    key: newKey(),
    name: p.filename,
    caption: p.caption,
    preview: src(p.contentId),
    percent: 100,
    contentId: p.contentId,
  }))
}

interface ContentItem {
  id: number
}

/**
 * Sends photos to the content store (POST /api/content, tag 'inspecoes/fotos') as soon as
 * they are chosen, each with its progress; `update` receives each photo's changes. Uploads
 * still running when the form goes are cancelled.
 */
export function usePhotoUploads(update: (key: string, patch: Partial<FormPhoto> | null) => void) {
  const upload = useUpload()
  const running = useRef(new Map<string, AbortController>())
  const latest = useRef(update)
  latest.current = update

  useEffect(() => {
    const map = running.current
    return () => map.forEach((c) => c.abort())
  }, [])

  const start = useCallback(
    (file: File): FormPhoto => {
      const key = newKey()
      const controller = new AbortController()
      running.current.set(key, controller)
      const form = new FormData()
      form.append('tag', INSPECTION_PHOTO_TAG)
      form.append('title', file.name)
      form.append('file', file, file.name)
      upload<ContentItem>('/api/content', form, {
        signal: controller.signal,
        onProgress: (p) => latest.current(key, { percent: p.percent }),
      })
        .then((item) => latest.current(key, { contentId: item.id, percent: 100 }))
        .catch((err: unknown) => {
          if (err instanceof DOMException && err.name === 'AbortError') return
          latest.current(key, { failed: true })
        })
        .finally(() => running.current.delete(key))
      return { key, name: file.name, caption: '', preview: URL.createObjectURL(file), percent: 0 }
    },
    [upload],
  )

  const cancel = useCallback((key: string) => {
    running.current.get(key)?.abort()
    running.current.delete(key)
  }, [])

  return { start, cancel }
}

/** Photos still on their way (the form waits for them before SALVAR). */
export const uploading = (photos: readonly FormPhoto[]) =>
  photos.some((p) => p.contentId === undefined && !p.failed)
