import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The server (packages/server) serves dist/ on the same origin as the API; in development
// `vite` proxies the API to a server started separately on port 3000.
const api = { target: 'http://localhost:3000', changeOrigin: false }

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The texts only: the shared index also holds the zod schemas, which the browser does not
    // need (the web app imports nothing else but types from '@gis/shared'; see docs/web.md).
    alias: {
      '@gis/shared/i18n': fileURLToPath(new URL('../shared/src/i18n/messages.ts', import.meta.url)),
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
