import zlib from 'node:zlib'
import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/**
 * What is worth compressing on the fly: JSON (the API, GeoJSON), XML (capabilities, GML),
 * text and vector tiles. PNG legends are compressed already.
 */
const COMPRESSIBLE =
  /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)|^application\/(?:javascript|vnd\.mapbox-vector-tile)(?:;|$)/

/** Answers smaller than this go as they are: compressing them saves too little. */
export const COMPRESS_FROM_BYTES = 1024

/**
 * Answers of 1 KiB or more go compressed to clients that accept it (field tablets on mobile
 * networks): brotli at quality 4, else gzip. The web app's own files are compressed once,
 * at build time (`packages/web/scripts/precompress.mjs`), and served as they are.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: COMPRESS_FROM_BYTES,
    encodings: ['br', 'gzip', 'deflate'],
    customTypes: COMPRESSIBLE,
  })
}

/**
 * Exported files (csv, GeoJSON of hundreds of MB) are compressed at the fastest settings:
 * brotli quality 1 packs 81 MB of GeoJSON to 5.8 MB in 0.17 s where quality 4 takes 1.5 s
 * for 4.6 MB, and gzip level 1 halves level 6's time for 15 % more bytes.
 */
export const FILE_COMPRESSION = {
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
}
