import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { Queryable } from '../db/types'
import { serverRoot } from '../paths'

/**
 * The sample folder of ASSOCIAR ARQUIVOS (issue 26, decision 65): photos named after the demo
 * bridges' Código (layer oae), in the forms a field team writes them (`_2`, `(2)`, lower case
 * and spaces), one of a demolished bridge, one of no bridge and a PDF, so that every outcome
 * shows. Drawn once by `renderDemoPhoto` at 640x360; kept in the repository next to the seed.
 */
export const SAMPLE_FOLDER_NAME = 'fotos-vistoria-oae'
export const SAMPLE_FOLDER = path.join(serverRoot, 'src', 'demo', SAMPLE_FOLDER_NAME)

export interface SampleFolder {
  name: string
  dir: string
  files: string[]
}

/** The sample folder, when this database holds the demo data (else undefined). */
export async function demoSampleFolder(db: Queryable): Promise<SampleFolder | undefined> {
  const { rows } = await db.query<{ value: unknown }>(
    "SELECT value FROM app.settings WHERE key = 'demoSeeded'",
  )
  if (rows[0]?.value !== true) return undefined
  const files = (await readdir(SAMPLE_FOLDER).catch(() => [] as string[])).sort()
  return files.length > 0 ? { name: SAMPLE_FOLDER_NAME, dir: SAMPLE_FOLDER, files } : undefined
}
