import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The server (packages/server) serves dist/ on the same origin as the API; in development
// `vite` proxies the API to a server started separately on port 3000.
const api = { target: 'http://localhost:3000', changeOrigin: false }

export default defineConfig({
  plugins: [react()],
  resolve: {
    // Parts of the shared package by path, never its index (which holds every schema): the
    // texts for every screen, the account schemas for the forms (see docs/web.md).
    alias: {
      '@gis/shared/i18n': fileURLToPath(new URL('../shared/src/i18n/messages.ts', import.meta.url)),
      '@gis/shared/auth': fileURLToPath(new URL('../shared/src/auth/schemas.ts', import.meta.url)),
      '@gis/shared/admin': fileURLToPath(new URL('../shared/src/admin/index.ts', import.meta.url)),
      '@gis/shared/feature-constants': fileURLToPath(
        new URL('../shared/src/features/constants.ts', import.meta.url),
      ),
      '@gis/shared/features': fileURLToPath(
        new URL('../shared/src/features/index.ts', import.meta.url),
      ),
      '@gis/shared/filters': fileURLToPath(
        new URL('../shared/src/filters/index.ts', import.meta.url),
      ),
      '@gis/shared/search': fileURLToPath(
        new URL('../shared/src/search/constants.ts', import.meta.url),
      ),
      '@gis/shared/audit': fileURLToPath(
        new URL('../shared/src/audit/constants.ts', import.meta.url),
      ),
      '@gis/shared/syncfiles': fileURLToPath(
        new URL('../shared/src/syncfiles/constants.ts', import.meta.url),
      ),
      '@gis/shared/reports': fileURLToPath(
        new URL('../shared/src/reports/constants.ts', import.meta.url),
      ),
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
