import { promisify } from 'node:util'
import zlib from 'node:zlib'

const brotliCompress = promisify(zlib.brotliCompress)

interface Entry {
  version: number
  tile: Uint8Array
  /** The tile compressed with brotli, made the first time a browser asked for it. */
  br?: Uint8Array
}

/**
 * Recently served tiles, by layer and coordinates, with the data version they were made at.
 * A hit is only used after the database confirmed that the layer's version is unchanged, so
 * an edit is visible at once, in every process. Bounded by bytes, least recently used first.
 */
export class TileCache {
  private readonly entries = new Map<string, Entry>()
  private bytes = 0

  constructor(private readonly maxBytes: number) {}

  get(key: string): Entry | undefined {
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
    this.forget(key)
    this.entries.set(key, { version, tile })
    this.bytes += tile.byteLength
    this.trim()
  }

  /**
   * The tile compressed with brotli (compressed off the event loop, once per tile and
   * version while it stays cached: browsers ask for the same tiles again and again).
   */
  async brotli(key: string, version: number, tile: Uint8Array): Promise<Uint8Array> {
    const cached = this.entries.get(key)
    if (cached?.br && cached.version === version) return cached.br
    const br = await brotliCompress(tile, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: tile.byteLength,
      },
    })
    const entry = this.entries.get(key)
    if (entry && entry.version === version && !entry.br) {
      entry.br = br
      this.bytes += br.byteLength
      this.trim()
    }
    return br
  }

  private forget(key: string): void {
    const old = this.entries.get(key)
    if (!old) return
    this.bytes -= old.tile.byteLength + (old.br?.byteLength ?? 0)
    this.entries.delete(key)
  }

  private trim(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break
      this.forget(key)
    }
  }
}
