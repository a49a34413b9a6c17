import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The server (packages/server) serves dist/ on the same origin as the API; in development
// `vite` proxies the API to a server started separately on port 3000.
const api = { target: 'http://localhost:3000', changeOrigin: false }

/** A source file of the shared package, by its path under `packages/shared/src`. */
const shared = (path: string) => fileURLToPath(new URL(`../shared/src/${path}`, import.meta.url))

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Parts of the shared package by path, never its index (which holds every schema): the
    // texts for every screen, the account schemas for the forms (see docs/web.md).
    alias: {
      '@gis/shared/i18n': shared('i18n/messages.ts'),
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
    },
  },
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: { '/api': api, '/auth': api, '/_self': api, '/ows': api },
  },
})
