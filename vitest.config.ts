import { defineConfig } from 'vitest/config'
import { budget, slowdown } from './scripts/slowdown.mjs'

const database = process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite'
// The time limits below and in the tests (test/slowdown.ts) are the reference machine's,
// multiplied by how much slower this one runs (scripts/slowdown.mjs, docs/testing.md).
const factor = slowdown()

/** The server tests, but for the files that need a process of their own. */
const server = {
  include: ['packages/server/src/**/*.test.ts'],
  environment: 'node',
  globalSetup: ['packages/server/test/global-setup.ts'],
  testTimeout: budget(60_000),
  hookTimeout: budget(180_000),
  env: { TEST_SLOWDOWN: String(factor) },
} as const
// Watches a module with vi.mock and switches GDAL by environment: kept out of the shared workers.
const ownProcess = ['packages/server/src/modules/export/export.test.ts']
// The files that also run with every file in an S3-compatible bucket (s3rver): on PostgreSQL
// only, the several-machines path (docs/testing.md).
const onS3 = [
  'packages/server/src/modules/attachments/attachments.test.ts',
  'packages/server/src/modules/export/export.test.ts',
  'packages/server/src/modules/dataloader/dataloader.test.ts',
]

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
          include: ['packages/web/src/**/*.test.ts', 'packages/web/test/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['packages/web/test/setup.ts'],
        },
      },
      {
        // Components rendered in jsdom with Testing Library: clicked and typed into as a user
        // would, below the browser suite (docs/testing.md).
        extends: './packages/web/vite.config.ts',
        test: {
          name: 'web-components',
          include: ['packages/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          // A click in jsdom takes a few hundred milliseconds on the reference machine.
          testTimeout: budget(20_000),
          setupFiles: ['packages/web/test/setup.ts', 'packages/web/test/components-setup.ts'],
        },
      },
      {
        // The local lint rules (eslint/): the floors and the import cycles fail where they should.
        test: { name: 'lint', include: ['eslint/**/*.test.js'], environment: 'node' },
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
      ...(database === 'postgresql'
        ? [
            {
              test: {
                ...server,
                name: 'server-s3',
                include: onS3,
                env: { ...server.env, TEST_STORAGE: 's3' },
              },
            },
          ]
        : []),
    ],
  },
})
