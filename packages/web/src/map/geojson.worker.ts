/// <reference lib="webworker" />
import { readForTransfer, transferables } from './geojson-transfer'

export interface GeoJsonRequest {
  url: string
  projection: string
}

/** Fetches and reads one GeoJSON file per message; answers the features or the failure. */
self.onmessage = async (event: MessageEvent<GeoJsonRequest>) => {
  const { url, projection } = event.data
  try {
    const response = await fetch(new URL(url, self.location.href))
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    const features = readForTransfer(await response.text(), projection)
    self.postMessage({ features }, transferables(features))
  } catch (err) {
    self.postMessage({ error: err instanceof Error ? err.message : String(err) })
  }
}
