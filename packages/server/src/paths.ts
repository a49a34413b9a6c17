import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The packages/server folder, from the sources (src/…) or from the bundle (dist/…). */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('packages/server not found')
    dir = parent
  }
  return dir
}

export const serverRoot = findServerRoot()
export const repoRoot = path.resolve(serverRoot, '..', '..')
