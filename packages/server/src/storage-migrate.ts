import { existsSync } from 'node:fs'
import path from 'node:path'
import { loadConfig } from './config'
import { migrateFiles } from './storage/migrate-files'

/**
 * `npm run storage:migrate -- [folder]`: copies the files of a disk store (DATA_DIR/files by
 * default) into the bucket of STORAGE_URL and checks every copy (docs/ops.md).
 */
async function run(): Promise<void> {
  const config = loadConfig()
  if (config.storage.kind !== 's3') {
    throw new Error('Defina STORAGE_URL=s3://bucket/prefixo (e S3_ENDPOINT fora da AWS).')
  }
  const root = path.resolve(process.argv[2] ?? path.join(config.dataDir, 'files'))
  if (!existsSync(root)) throw new Error(`Pasta de arquivos não encontrada: ${root}`)
  const target = `s3://${config.storage.bucket}/${config.storage.prefix}`
  console.log(`Copiando os arquivos de ${root} para ${target}...`)
  let shown = 0
  const summary = await migrateFiles(root, config.storage, undefined, (done, total) => {
    if (done === total || Date.now() - shown > 5000) {
      shown = Date.now()
      console.log(`  ${done.toLocaleString('pt-BR')} de ${total.toLocaleString('pt-BR')}`)
    }
  })
  const n = (v: number) => v.toLocaleString('pt-BR')
  console.log(
    [
      `Copiados: ${n(summary.copied)}`,
      `Já presentes: ${n(summary.present)}`,
      `Verificados (tamanho e SHA-256): ${n(summary.verified)}`,
      `Ignorados (não são arquivos do produto): ${n(summary.ignored.length)}`,
      `Falhas: ${n(summary.failed.length)}`,
      ...summary.ignored.map((k) => `  ignorado: ${k}`),
      ...summary.failed.map((f) => `  falha: ${f.key}: ${f.reason}`),
    ].join('\n'),
  )
  if (summary.failed.length > 0) process.exit(1)
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
