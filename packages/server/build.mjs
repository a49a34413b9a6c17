// Bundles the server (and the shared package's TypeScript) into dist/; npm packages stay external.
import { build } from 'esbuild'

await build({
  entryPoints: ['src/main.ts', 'src/seed.ts'],
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
})
