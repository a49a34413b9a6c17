import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS } from './src/chromium'

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser) against the built app
 * and server. `npm run build` must have run; global setup starts the server on a free port
 * with a fresh DATA_DIR (and a fresh PostgreSQL database when TEST_DATABASE_URL is set).
 */
export default defineConfig({
  testDir: './src/tests',
  outputDir: './test-results',
  globalSetup: './src/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
  },
})
