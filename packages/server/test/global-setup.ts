import type { TestProject } from 'vitest/node'
import { pgliteTemplate, postgresTemplate } from './template'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresTemplate: string
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    project.provide('postgresTemplate', await postgresTemplate(url))
    project.provide('pgliteTemplate', '')
  } else {
    project.provide('pgliteTemplate', await pgliteTemplate())
    project.provide('postgresTemplate', '')
  }
}
