import { useCallback, useEffect, useRef, useState } from 'react'
import { toFailure, type ApiFailure } from '../api/base-api'
import { useUpload } from '../api/upload'

export type UploadStatus = 'waiting' | 'sending' | 'done' | 'cancelled' | 'failed'

/** One file of the queue. */
export interface QueuedFile {
  key: number
  file: File
  status: UploadStatus
  /** 0 to 100 while it goes; 100 once sent. */
  percent: number
  /** Why it failed: the server's Portuguese message (or that it could not be reached). */
  failure?: ApiFailure
}

/** Where one file goes and the multipart form it goes in. */
export interface UploadRequest {
  path: string
  form: FormData
  method?: 'POST' | 'PUT'
}

export interface UploadQueueOptions {
  /** One file's request, made when it goes (with the dialog's fields as they are then). */
  request: (file: File) => UploadRequest
  /** How many files go at once: 1, one after another (the default). */
  parallel?: number
  /** A file that may not go (larger than the limit): it stays waiting and is never sent. */
  sendable?: (file: File) => boolean
  /** Abort what is being sent when the component goes; otherwise it finishes and `send` answers. */
  cancelOnUnmount?: boolean
}

/** What a `send` did. */
export interface UploadRun<T> {
  /** The server's answers for the files that went, in the queue's order. */
  answers: T[]
  /** The failures, in the queue's order (a cancelled file is neither). */
  failures: ApiFailure[]
  /** Every file of the queue is sent. */
  allDone: boolean
}

type Outcome<T> = { answer: T } | { failure: ApiFailure } | null

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError'

let counter = 0
const queued = (files: ArrayLike<File>): QueuedFile[] =>
  Array.from(files, (file) => ({ key: ++counter, file, status: 'waiting', percent: 0 }))

/**
 * A queue of files to upload through `useUpload` (the one upload transport): files added wait;
 * `send` sends the waiting ones, `parallel` at a time, each with its percent, and ends each as
 * sent, cancelled or failed with the server's message; `retry` puts a failed or cancelled one
 * back to wait, `remove` takes one that is not going off the queue, `cancel` aborts one going,
 * `stop` aborts everything and sends nothing more. The documents' 'Enviar arquivos' and NOVA
 * VERSÃO and the feature's 'Anexar arquivo' use it.
 */
export function useUploadQueue<T>({
  request,
  parallel = 1,
  sendable = () => true,
  cancelOnUnmount = false,
}: UploadQueueOptions) {
  const upload = useUpload()
  const [items, setItems] = useState<QueuedFile[]>([])
  const [running, setRunning] = useState(false)
  // The queue as it is now (the state is what was last rendered): what a run reads.
  const list = useRef<QueuedFile[]>([])
  const controllers = useRef(new Map<number, AbortController>())
  // Bumped by stop(): a run that started before it sends nothing more.
  const generation = useRef(0)

  const commit = useCallback((next: QueuedFile[]) => {
    list.current = next
    setItems(next)
  }, [])
  const patch = (key: number, change: Partial<QueuedFile>) =>
    commit(list.current.map((i) => (i.key === key ? { ...i, ...change } : i)))

  const stop = useCallback(() => {
    generation.current++
    commit(list.current.map((i) => (i.status === 'waiting' ? { ...i, status: 'cancelled' } : i)))
    for (const c of controllers.current.values()) c.abort()
  }, [commit])
  useEffect(() => (cancelOnUnmount ? stop : undefined), [cancelOnUnmount, stop])

  async function sendOne(item: QueuedFile): Promise<Outcome<T>> {
    const controller = new AbortController()
    controllers.current.set(item.key, controller)
    patch(item.key, { status: 'sending', percent: 0, failure: undefined })
    const { path, form, method } = request(item.file)
    try {
      const answer = await upload<T>(path, form, {
        method,
        signal: controller.signal,
        onProgress: (p) => patch(item.key, { percent: p.percent }),
      })
      patch(item.key, { status: 'done', percent: 100 })
      return { answer }
    } catch (err) {
      if (isAbort(err)) {
        patch(item.key, { status: 'cancelled' })
        return null
      }
      const failure = toFailure(err)
      patch(item.key, { status: 'failed', failure })
      return { failure }
    } finally {
      controllers.current.delete(item.key)
    }
  }

  /** Sends the waiting files; null when none could go or `stop` ended the run. */
  async function send(): Promise<UploadRun<T> | null> {
    const queue = list.current.filter((i) => i.status === 'waiting' && sendable(i.file))
    if (queue.length === 0) return null
    const run = generation.current
    const outcomes: Outcome<T>[] = []
    const left = [...queue]
    const worker = async () => {
      for (let item = left.shift(); item; item = left.shift()) {
        if (generation.current !== run) return
        const key = item.key
        // Taken off the queue while others went.
        if (!list.current.some((i) => i.key === key && i.status === 'waiting')) continue
        outcomes[queue.indexOf(item)] = await sendOne(item)
      }
    }
    setRunning(true)
    await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker))
    setRunning(false)
    if (generation.current !== run) return null
    return {
      answers: outcomes.flatMap((o) => (o && 'answer' in o ? [o.answer] : [])),
      failures: outcomes.flatMap((o) => (o && 'failure' in o ? [o.failure] : [])),
      allDone: list.current.every((i) => i.status === 'done'),
    }
  }

  const reset = useCallback((files: ArrayLike<File> = []) => commit(queued(files)), [commit])

  return {
    items,
    running,
    /** Files waiting that may go. */
    waiting: items.filter((i) => i.status === 'waiting' && sendable(i.file)).length,
    sent: items.filter((i) => i.status === 'done').length,
    /** Every file is sent (and there was at least one). */
    done: items.length > 0 && items.every((i) => i.status === 'done'),
    send,
    stop,
    /** Adds files at the end of the queue. */
    add: (files: ArrayLike<File>) => commit([...list.current, ...queued(files)]),
    /** The queue made of these files only (a dialog that holds one file chooses another). */
    reset,
    /** Takes a file off the queue, unless it is going (cancel it first). */
    remove: (key: number) =>
      commit(list.current.filter((i) => i.key !== key || i.status === 'sending')),
    /** Aborts a file being sent: it ends cancelled. */
    cancel: (key: number) => controllers.current.get(key)?.abort(),
    /** Puts a failed or cancelled file back to wait for the next `send`. */
    retry: (key: number) =>
      commit(
        list.current.map((i) =>
          i.key === key && (i.status === 'failed' || i.status === 'cancelled')
            ? { ...i, status: 'waiting', percent: 0, failure: undefined }
            : i,
        ),
      ),
  }
}
