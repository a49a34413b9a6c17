// npm run bench: runs every bench/*.bench.mjs in turn (each prints its own comparison).
// Needs `npm run build` first. Not part of the test suite.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const only = process.argv[2]
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs') && (!only || f.includes(only)))
  .sort()
let failed = 0
for (const file of files) {
  console.log(`\n=== ${file} ===`)
  const r = spawnSync(process.execPath, [path.join(here, file)], { stdio: 'inherit' })
  if (r.status !== 0) failed++
}
process.exit(failed ? 1 : 0)
