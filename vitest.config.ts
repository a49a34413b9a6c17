import { defineConfig } from 'vitest/config'

const database = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite'

/** The server tests, but for the files that need a process of their own. */
const server = {
  include: ['packages/server/src/**/*.test.ts'],
  environment: 'node',
  globalSetup: ['packages/server/test/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 180_000,
} as const
// Watches a module with vi.mock and switches GDAL by environment: kept out of the shared workers.
const ownProcess = ['packages/server/src/modules/export/export.test.ts']

export default defineConfig({
  test: {
    // Each server test file gets its own database; two files at a time fit two cores.
    maxWorkers: 2,
    pool: 'forks',
    // A JSON report per database for `npm run test:times` (docs/testing.md).
    reporters: ['default', ['json', { outputFile: `.tmp/reports/api-${database}.json` }]],
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
          ...server,
          name: 'server',
          exclude: ownProcess,
          // The files share nothing (each has its own database and server instance): a worker
          // runs file after file without loading the server's modules again for each.
          isolate: false,
        },
      },
      {
        test: { ...server, name: 'server-isolated', include: ownProcess },
      },
    ],
  },
})
