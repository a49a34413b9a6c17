// How the server's sources become dist/*.js (npm packages stay external). Shared by build.mjs
// and the tests' global setup, which builds the worker threads' entries (the embedded database's
// and the CPU pool's).
import { mkdirSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

export const ENTRY_POINTS = {
  main: 'src/main.ts',
  seed: 'src/seed.ts',
  'db-export': 'src/db-export.ts',
  'storage-migrate': 'src/storage-migrate.ts',
  'pglite-worker': 'src/db/pglite-worker.ts',
  'cpu-worker': 'src/cpu-worker.ts',
}

const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  packages: 'external',
  // @gis/shared is TypeScript source inside this repository: bundle it.
  alias: { '@gis/shared': '../shared/src/index.ts' },
  logLevel: 'warning',
}

/** Bundles the named entry points (all by default) of packages/server into its dist/. */
export async function bundleServer(serverRoot, names = Object.keys(ENTRY_POINTS)) {
  const dist = path.join(serverRoot, 'dist')
  mkdirSync(dist, { recursive: true })
  await build({
    ...options,
    absWorkingDir: serverRoot,
    entryPoints: Object.fromEntries(names.map((n) => [n, ENTRY_POINTS[n]])),
    outdir: dist,
  })
}

/**
 * Bundles one entry point beside the others, written under a temporary name and renamed, so
 * that a process starting it meanwhile (another test run) never reads half a file.
 */
export async function bundleOne(serverRoot, name) {
  const dist = path.join(serverRoot, 'dist')
  const tmp = path.join(dist, `.tmp-${process.pid}`)
  mkdirSync(tmp, { recursive: true })
  await build({
    ...options,
    sourcemap: false,
    absWorkingDir: serverRoot,
    entryPoints: { [name]: ENTRY_POINTS[name] },
    outdir: tmp,
  })
  renameSync(path.join(tmp, `${name}.js`), path.join(dist, `${name}.js`))
  rmSync(tmp, { recursive: true, force: true })
}
