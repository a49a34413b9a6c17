import { jobFilePath, type ExportJob } from '@gis/shared'
import { useEffect, useRef } from 'react'
import { useUrlToken } from '../state/url-token'
import { clickDownload } from './download'
import { useJobPolling } from './JobProgressDialog'

type PollOptions = ReturnType<typeof useJobPolling>[0]

/** The address of a finished job's file (search export or report) with `?token=`. */
export function jobFileUrl(jobId: number, token: string | null): string {
  const path = jobFilePath(jobId)
  return token ? `${path}?token=${encodeURIComponent(token)}` : path
}

/**
 * A job followed every second (a report, a search export): `useJob` is its query hook; gives
 * the job, whether a poll failed, the address of its file and `stop` (ends the poll).
 */
export function useFollowedJob(
  jobId: number,
  useJob: (id: number, options: PollOptions) => { data?: ExportJob; isError: boolean },
) {
  const token = useUrlToken()
  const [polling, stop] = useJobPolling()
  const { data: job, isError } = useJob(jobId, polling)
  return { job, isError, url: jobFileUrl(jobId, token), stop }
}

/**
 * The end of a followed job: once its status is COMPLETE or ERROR, the poll stops, a
 * complete job's file downloads (`url`; the server names the file), and `onEnd` runs, all once.
 */
export function useJobEnd(
  status: ExportJob['status'] | undefined,
  url: string,
  stop: (stopped: boolean) => void,
  onEnd?: () => void,
): void {
  const ended = useRef(false)
  useEffect(() => {
    if (ended.current || (status !== 'COMPLETE' && status !== 'ERROR')) return
    ended.current = true
    stop(true)
    if (status === 'COMPLETE') clickDownload(url)
    onEnd?.()
  }, [status, url, stop, onEnd])
}
