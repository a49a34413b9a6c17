import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Each server test file gets its own database; two files at a time fit two cores.
    maxWorkers: 2,
    pool: 'forks',
    projects: [
      {
        // Uses the web app's Vite configuration (its aliases) for the pure logic tests.
        extends: './packages/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['packages/server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
})
