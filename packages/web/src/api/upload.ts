import { t } from '@gis/shared/i18n'
import { useCallback } from 'react'
import { useStore } from 'react-redux'
import { ApiError, failure, parseBody } from './client'

export interface UploadProgress {
  loaded: number
  total: number
  /** 0 to 100. */
  percent: number
}

export interface UploadOptions {
  token: string | null
  method?: 'POST' | 'PUT'
  onProgress?: (progress: UploadProgress) => void
  /** Aborting cancels the upload; the promise then rejects with an AbortError DOMException. */
  signal?: AbortSignal
}

/**
 * Sends a multipart form with upload progress (fetch reports none): the one way the web app
 * uploads files (attachments, imports). Failures are the same ApiError as every other call.
 */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'))
      return
    }
    const xhr = new XMLHttpRequest()
    xhr.open(options.method ?? 'POST', path)
    xhr.setRequestHeader('accept', 'application/json')
    if (options.token) xhr.setRequestHeader('authorization', options.token)
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return
      options.onProgress?.({
        loaded: e.loaded,
        total: e.total,
        percent: Math.min(100, Math.round((e.loaded / e.total) * 100)),
      })
    }
    const abort = () => xhr.abort()
    options.signal?.addEventListener('abort', abort)
    xhr.onload = () => {
      options.signal?.removeEventListener('abort', abort)
      const data = parseBody(xhr.responseText)
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T)
      else reject(failure(xhr.status, data))
    }
    xhr.onerror = () => {
      options.signal?.removeEventListener('abort', abort)
      reject(new ApiError(0, t('common.requestFailed')))
    }
    xhr.onabort = () => {
      options.signal?.removeEventListener('abort', abort)
      reject(new DOMException('Upload cancelled', 'AbortError'))
    }
    xhr.send(form)
  })
}

/** uploadForm with the session's token. */
export function useUpload(): <T>(
  path: string,
  form: FormData,
  options?: Omit<UploadOptions, 'token'>,
) => Promise<T> {
  const store = useStore()
  return useCallback(
    <T>(path: string, form: FormData, options: Omit<UploadOptions, 'token'> = {}) => {
      const state = store.getState() as { auth?: { token?: string | null } }
      return uploadForm<T>(path, form, { ...options, token: state.auth?.token ?? null })
    },
    [store],
  )
}
