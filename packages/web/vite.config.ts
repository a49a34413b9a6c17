import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The server (packages/server) serves dist/ on the same origin as the API; in development
// `vite` proxies the API to a server started separately on port 3000.
const api = { target: 'http://localhost:3000', changeOrigin: false }

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: { '/api': api, '/auth': api, '/_self': api, '/ows': api },
  },
})
