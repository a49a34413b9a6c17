/**
 * Recently served tiles, by layer and coordinates, with the data version they were made at.
 * A hit is only used after the database confirmed that the layer's version is unchanged, so
 * an edit is visible at once, in every process. Bounded by bytes, least recently used first.
 */
export class TileCache {
  private readonly entries = new Map<string, { version: number; tile: Uint8Array }>()
  private bytes = 0

  constructor(private readonly maxBytes: number) {}

  get(key: string): { version: number; tile: Uint8Array } | undefined {
    const entry = this.entries.get(key)
    if (entry) {
      // Most recently used last.
      this.entries.delete(key)
      this.entries.set(key, entry)
    }
    return entry
  }

  set(key: string, version: number, tile: Uint8Array): void {
    if (this.maxBytes <= 0 || tile.byteLength > this.maxBytes / 16) return
    const old = this.entries.get(key)
    if (old) {
      this.bytes -= old.tile.byteLength
      this.entries.delete(key)
    }
    this.entries.set(key, { version, tile })
    this.bytes += tile.byteLength
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(k)
      this.bytes -= e.tile.byteLength
    }
  }
}
