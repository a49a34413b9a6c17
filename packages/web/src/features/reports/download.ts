/** The address of a finished job's file (search export or report) with `?token=`. */
export function jobFileUrl(jobId: number, token: string | null): string {
  return token ? `/api/report/${jobId}?token=${encodeURIComponent(token)}` : `/api/report/${jobId}`
}

/** Lets the browser download an address (the server names the file). */
export function downloadUrl(url: string): void {
  const a = document.createElement('a')
  a.href = url
  a.download = ''
  document.body.append(a)
  a.click()
  a.remove()
}

/** Saves a value as a .json file. */
export function downloadJson(value: unknown, filename: string): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' })
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.append(a)
  a.click()
  a.remove()
  window.setTimeout(() => URL.revokeObjectURL(url), 1000)
}
