import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { visualizer } from 'rollup-plugin-visualizer'
import { defineConfig } from 'vite'

// The server (packages/server) serves dist/ on the same origin as the API; in development
// `vite` proxies the API to a server started separately on port 3000.
const api = { target: 'http://localhost:3000', changeOrigin: false }

/** A source file of the shared package, by its path under `packages/shared/src`. */
const shared = (path: string) => fileURLToPath(new URL(`../shared/src/${path}`, import.meta.url))

/** Our modules that do something when imported; a new one must be listed here. */
const SIDE_EFFECTS = [
  '/packages/web/src/main.tsx',
  '/packages/web/src/app/shell/index.ts',
  '/packages/shared/src/i18n/messages.ts',
]

function ownSideEffects(id: string): boolean | undefined {
  if (!/\/packages\/(web|shared)\/src\//.test(id) || id.endsWith('.css')) return undefined
  return SIDE_EFFECTS.some((path) => id.endsWith(path))
}

// `npm run build:report`: what each chunk holds, module by module (dist/report.html, a treemap;
// dist/report.json, the raw data bench/bundle-size.mjs reads to name a page's heaviest modules).
const report = process.env.BUNDLE_REPORT === '1'

export default defineConfig({
  plugins: [
    react(),
    ...(report
      ? [
          visualizer({ filename: 'dist/report.html', gzipSize: true, template: 'treemap' }),
          visualizer({ filename: 'dist/report.json', gzipSize: true, template: 'raw-data' }),
        ]
      : []),
  ],
  resolve: {
    // Parts of the shared package by path, never its index (which holds every schema): the
    // texts for every screen, the account schemas for the forms (see docs/web.md).
    alias: {
      // The catalogue's core texts (sign-in, errors, forms); `-all` adds every area's, loaded
      // with the signed-in part of the app (app/router.tsx).
      '@gis/shared/i18n-all': shared('i18n/messages.ts'),
      '@gis/shared/i18n': shared('i18n/catalogue.ts'),
      '@gis/shared/auth': shared('auth/schemas.ts'),
      '@gis/shared/admin': shared('admin/index.ts'),
      '@gis/shared/feature-constants': shared('features/constants.ts'),
      '@gis/shared/features': shared('features/index.ts'),
      '@gis/shared/filters': shared('filters/index.ts'),
      '@gis/shared/search': shared('search/constants.ts'),
      '@gis/shared/search-schemas': shared('search/schemas.ts'),
      '@gis/shared/dataloader': shared('dataloader/schemas.ts'),
      '@gis/shared/audit': shared('audit/constants.ts'),
      '@gis/shared/syncfiles': shared('syncfiles/constants.ts'),
      '@gis/shared/reports': shared('reports/constants.ts'),
      '@gis/shared/imagery': shared('imagery/schemas.ts'),
      '@gis/shared/dates': shared('dates/wall-clock.ts'),
      '@gis/shared/imagery-import': shared('imagery/survey-import.ts'),
      '@gis/shared/documents': shared('documents/schemas.ts'),
      '@gis/shared/inspections': shared('inspections/schemas.ts'),
      '@gis/shared/map-style': shared('layers/map-style.ts'),
      '@gis/shared/crs': shared('crs/crs.ts'),
    },
  },
  build: {
    target: 'es2022',
    rolldownOptions: {
      // Our own modules only declare (the shared schemas install the zod error map themselves
      // when used), except those listed in SIDE_EFFECTS: a module whose exports a page does not
      // use stays out of its bundle, whatever it imports (docs/web.md, 'First load').
      treeshake: { moduleSideEffects: ownSideEffects },
    },
    assetsInlineLimit: 0,
    // Every browser we support preloads modules itself.
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: { '/api': api, '/auth': api, '/_self': api, '/ows': api },
  },
})
