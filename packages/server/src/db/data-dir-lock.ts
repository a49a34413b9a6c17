import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * One server process owns an embedded database directory: a second one on the same
 * directory is refused with a clear message instead of corrupting it. A lock left by a
 * process that died is taken over.
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'server.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' })
      return () => rmSync(file, { force: true })
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const owner = Number(readFileSync(file, 'utf8'))
      if (Number.isInteger(owner) && owner !== process.pid && alive(owner)) {
        throw new Error(
          `O diretório de dados ${dir} já está em uso pelo processo ${owner}. ` +
            'Apenas um servidor pode usar o banco embutido; use DATABASE_URL (PostgreSQL) para vários processos.',
        )
      }
      rmSync(file, { force: true })
    }
  }
  throw new Error(`Não foi possível bloquear o diretório de dados ${dir}`)
}
