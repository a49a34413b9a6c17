import { jobFilePath } from '@gis/shared'
import { clickDownload, downloadBlob } from '../../components/download'

/** The address of a finished job's file (search export or report) with `?token=`. */
export function jobFileUrl(jobId: number, token: string | null): string {
  const path = jobFilePath(jobId)
  return token ? `${path}?token=${encodeURIComponent(token)}` : path
}

/** Lets the browser download an address (the server names the file). */
export function downloadUrl(url: string): void {
  clickDownload(url)
}

/** Saves a value as a .json file. */
export function downloadJson(value: unknown, filename: string): void {
  downloadBlob(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), filename)
}
