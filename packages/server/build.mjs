// Bundles the server (and the shared package's TypeScript) into dist/; npm packages stay external.
// Also writes dist/postgis.tar.gz, the trimmed PostGIS bundle the embedded database loads.
import { mkdirSync } from 'node:fs'
import { build } from 'esbuild'
import { writePostgisBundle } from './scripts/postgis-bundle.mjs'

mkdirSync('dist', { recursive: true })
await Promise.all([
  build({
    entryPoints: ['src/main.ts', 'src/seed.ts', 'src/db-export.ts'],
    outdir: 'dist',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    packages: 'external',
    // @gis/shared is TypeScript source inside this repository: bundle it.
    alias: { '@gis/shared': '../shared/src/index.ts' },
    logLevel: 'warning',
  }),
  writePostgisBundle('dist/postgis.tar.gz'),
])
