/** Lets the browser download an address; `filename` '' lets the server name the file. */
export function clickDownload(href: string, filename = ''): void {
  const a = document.createElement('a')
  a.href = href
  a.download = filename
  document.body.append(a)
  a.click()
  a.remove()
}

/** Saves a blob made in the browser as a file. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob)
  clickDownload(url, filename)
  window.setTimeout(() => URL.revokeObjectURL(url), 1000)
}
