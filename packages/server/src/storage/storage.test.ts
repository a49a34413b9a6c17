import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestS3, storedS3Keys, testS3Location, type TestS3 } from '../../test/s3'
import { createFileStorage, FileTooLarge, InvalidKey, type BlobStorage } from './file-storage'
import { createS3Storage } from './s3-storage'

/** A store under test, and the names of what it holds (to see that nothing is left over). */
interface Subject {
  storage: BlobStorage
  stored: () => Promise<string[]>
}

const root = mkdtempSync(path.join(os.tmpdir(), 'gis-storage-'))
let s3: TestS3
beforeAll(async () => {
  s3 = await startTestS3()
})
afterAll(async () => {
  rmSync(root, { recursive: true, force: true })
  await s3?.close()
})

const subjects: [string, () => Subject][] = [
  [
    'on disk',
    () => ({
      storage: createFileStorage(root),
      stored: async () =>
        readdirSync(root, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.relative(root, path.join(e.parentPath, e.name))),
    }),
  ],
  [
    'on S3',
    () => {
      const location = testS3Location(s3.endpoint, 'contrato/arquivos')
      return { storage: createS3Storage(location), stored: () => storedS3Keys(location) }
    },
  ],
]

describe.each(subjects)('file storage %s', (_name, make) => {
  let storage: BlobStorage
  let stored: () => Promise<string[]>
  beforeAll(() => {
    ;({ storage, stored } = make())
  })

  it('streams a file in under a generated key and back, with size and SHA-256', async () => {
    const chunks = Array.from({ length: 200 }, (_, i) => `linha ${i}\n`)
    const file = await storage.put(Readable.from(chunks), { suffix: 'TXT' })
    expect(file.key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.txt$/)
    expect(file.size).toBe(chunks.join('').length)
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/)
    const read = await storage.get(file.key)
    expect(read?.size).toBe(file.size)
    expect(await text(read!.stream)).toBe(chunks.join(''))
    const other = await storage.put(Buffer.from('x'))
    expect(other.key).not.toBe(file.key)
  })

  it('streams a file of several parts (20 MB) in and out whole', async () => {
    const part = Buffer.alloc(1024 * 1024)
    const chunks = Array.from({ length: 20 }, (_, i) => Buffer.from(part.fill(i)))
    const file = await storage.put(Readable.from(chunks), { suffix: 'bin' })
    expect(file.size).toBe(20 * 1024 * 1024)
    const read = await storage.get(file.key)
    expect(read?.size).toBe(file.size)
    let n = 0
    let last = -1
    for await (const chunk of read!.stream as AsyncIterable<Buffer>) {
      n += chunk.length
      last = chunk[chunk.length - 1]!
    }
    expect(n).toBe(file.size)
    expect(last).toBe(19)
    await storage.delete(file.key)
  })

  it('stops a file over the limit and keeps nothing of it, small or of several parts', async () => {
    const before = (await stored()).length
    const small = Readable.from(Array.from({ length: 100 }, () => Buffer.alloc(1024, 1)))
    await expect(storage.put(small, { maxBytes: 10_000 })).rejects.toBeInstanceOf(FileTooLarge)
    const big = Readable.from(Array.from({ length: 30 }, () => Buffer.alloc(1024 * 1024, 2)))
    await expect(storage.put(big, { maxBytes: 20 * 1024 * 1024 })).rejects.toBeInstanceOf(
      FileTooLarge,
    )
    const after = await stored()
    expect(after).toHaveLength(before)
    expect(after.some((f) => f.endsWith('.part'))).toBe(false)
  })

  it('refuses keys that are not its own, so no path outside the store can be named', async () => {
    for (const key of ['../etc/passwd', '2026/11/../../x', '/etc/passwd', 'a b', '']) {
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidKey)
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidKey)
    }
    // A well-formed key that holds nothing.
    expect(await storage.get('2026/01/00000000-0000-0000-0000-000000000000')).toBeUndefined()
  })

  it('deletes, and deleting again is no error', async () => {
    const file = await storage.put(Buffer.from('apagar'))
    await storage.delete(file.key)
    expect(await storage.get(file.key)).toBeUndefined()
    await storage.delete(file.key)
  })
})
