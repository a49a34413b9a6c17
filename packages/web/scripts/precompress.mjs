// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy beside every compressible
// file of dist/, at the highest levels (paid once here, not per request). The server sends
// the copy the browser accepts (@fastify/static preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist')
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/
const MIN_BYTES = 1024

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(full)
    else yield full
  }
}

let count = 0
for (const file of files(dist)) {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue
  const data = readFileSync(file)
  writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  )
  writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }))
  count++
}
console.log(`precompress: ${count} files (.br, .gz)`)
