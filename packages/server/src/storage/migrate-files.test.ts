import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bundleOne } from '../../scripts/server-bundle.mjs'
import { S3_TEST_BUCKET, S3_TEST_CREDENTIALS, startTestS3, type TestS3 } from '../../test/s3'
import { serverRoot } from '../paths'
import { createFileStorage, type StoredFile } from './file-storage'
import { createS3Storage } from './s3-storage'

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gis-migrate-'))
const root = path.join(dataDir, 'files')
let s3: TestS3
let files: StoredFile[]

/**
 * `npm run storage:migrate` as an operator runs it (the built script). Not spawnSync: the
 * S3-compatible server answering it runs in this process.
 */
async function migrate(env: Record<string, string>) {
  const child = spawn(process.execPath, [path.join(serverRoot, 'dist', 'storage-migrate.js')], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, ...S3_TEST_CREDENTIALS, ...env },
  })
  let output = ''
  child.stdout.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr.on('data', (d: Buffer) => (output += d.toString()))
  const status = await new Promise<number | null>((resolve) => child.on('close', resolve))
  return { status, output }
}

beforeAll(async () => {
  await bundleOne(serverRoot, 'storage-migrate')
  s3 = await startTestS3()
  const disk = createFileStorage(root)
  files = [
    await disk.put(Buffer.from('foto da ponte'), { suffix: 'jpg' }),
    await disk.put(Buffer.alloc(9 * 1024 * 1024, 7), { suffix: 'zip' }),
    await disk.put(Buffer.from('relatório'), { suffix: 'pdf' }),
  ]
  // What a failed upload can leave behind: not a file of the product.
  mkdirSync(path.join(root, '2026', '11'), { recursive: true })
  writeFileSync(path.join(root, '2026', '11', 'interrompido.part'), 'x')
})
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true })
  await s3?.close()
})

describe('npm run storage:migrate', () => {
  it('copies a disk store into the bucket under the same keys, checks each copy, and runs again', async () => {
    const location = { bucket: S3_TEST_BUCKET, prefix: 'migrado', endpoint: s3.endpoint }
    const bucket = createS3Storage({ ...location, region: 'us-east-1' })
    const env = { STORAGE_URL: `s3://${S3_TEST_BUCKET}/migrado`, S3_ENDPOINT: s3.endpoint }

    const first = await migrate(env)
    expect(first.output).toContain('Copiados: 3')
    expect(first.output).toContain('Verificados (tamanho e SHA-256): 3')
    expect(first.output).toContain('Ignorados (não são arquivos do produto): 1')
    expect(first.output).toContain('ignorado: 2026/11/interrompido.part')
    expect(first.output).toContain('Falhas: 0')
    expect(first.output).not.toContain('Warning')
    expect(first.status).toBe(0)
    for (const file of files) {
      const copy = await bucket.get(file.key)
      expect(copy?.size).toBe(file.size)
      // Buffer.equals: a deep equality of 9 MB byte by byte takes half a minute.
      expect((await buffer(copy!.stream)).equals(readFileSync(path.join(root, file.key)))).toBe(
        true,
      )
    }

    const again = await migrate(env)
    expect(again.output).toContain('Copiados: 0')
    expect(again.output).toContain('Já presentes: 3')
    expect(again.output).toContain('Verificados (tamanho e SHA-256): 3')
    expect(again.status).toBe(0)
  })

  it('says what to set when STORAGE_URL names no bucket, and fails', async () => {
    const run = await migrate({})
    expect(run.output).toContain('Defina STORAGE_URL=s3://bucket/prefixo')
    expect(run.status).toBe(1)
  })
})
