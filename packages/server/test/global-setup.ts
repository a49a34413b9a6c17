import type { TestProject } from 'vitest/node'
import { bundleOne } from '../scripts/server-bundle.mjs'
import { serverRoot } from '../src/paths'
import { startTestS3 } from './s3'
import { pgliteTemplate, postgresTemplate } from './template'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresTemplate: string
    /** The S3-compatible server of the server-s3 project ('' elsewhere). */
    s3Endpoint: string
  }
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | void> {
  // The CPU pool's threads (reports) run dist/cpu-worker.js on both databases: built from the
  // sources here, so that tests never run an older build of it.
  await bundleOne(serverRoot, 'cpu-worker')
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    project.provide('postgresTemplate', await postgresTemplate(url))
    project.provide('pgliteTemplate', '')
  } else {
    // The embedded database runs in a worker thread from dist/ (built from the sources here,
    // so that tests never run an older build of it).
    await bundleOne(serverRoot, 'pglite-worker')
    project.provide('pgliteTemplate', await pgliteTemplate())
    project.provide('postgresTemplate', '')
  }
  // The project that runs its files with S3 storage gets one S3-compatible server for them all.
  if (project.config.env?.TEST_STORAGE !== 's3') return project.provide('s3Endpoint', '')
  const s3 = await startTestS3()
  project.provide('s3Endpoint', s3.endpoint)
  return s3.close
}
