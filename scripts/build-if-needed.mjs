// `npm start` builds only when the sources changed since the last build: a restart goes
// straight to the server. The stamp is a hash of every input of the build, so a checkout of
// another commit, an edit or an `npm ci` with another lock file all rebuild.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const STAMP = path.join(root, 'packages', 'server', 'dist', '.build-stamp')
const OUTPUTS = ['packages/server/dist/main.js', 'packages/web/dist/index.html']
const INPUTS = [
  'package.json',
  'package-lock.json',
  'packages/shared/src',
  'packages/server/src',
  'packages/server/scripts',
  'packages/server/build.mjs',
  'packages/server/package.json',
  'packages/web/src',
  'packages/web/scripts',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/package.json',
]

function addTree(hash, relative) {
  const full = path.join(root, relative)
  if (!existsSync(full)) return
  if (statSync(full).isDirectory()) {
    for (const entry of readdirSync(full).sort()) {
      if (entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue
      addTree(hash, path.join(relative, entry))
    }
    return
  }
  hash.update(relative).update('\0').update(readFileSync(full)).update('\0')
}

function sourceStamp() {
  const hash = createHash('sha256')
  for (const input of INPUTS) addTree(hash, input)
  return hash.digest('hex')
}

const stamp = sourceStamp()
const built =
  OUTPUTS.every((f) => existsSync(path.join(root, f))) &&
  existsSync(STAMP) &&
  readFileSync(STAMP, 'utf8') === stamp
if (!built) {
  console.log('  Compilando o servidor e a aplicação web (só quando o código muda)...')
  const started = performance.now()
  // The bundlers' asset lists say nothing to someone starting the product: shown only on failure.
  const run = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
  if (run.status !== 0) {
    process.stdout.write(run.stdout ?? '')
    process.stderr.write(run.stderr ?? '')
    console.error('  A compilação falhou (mensagens acima).')
    process.exit(run.status ?? 1)
  }
  writeFileSync(STAMP, stamp)
  console.log(
    `  Compilação concluída (${((performance.now() - started) / 1000).toFixed(1).replace('.', ',')} s).`,
  )
}
