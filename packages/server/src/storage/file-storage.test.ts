import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { afterAll, describe, expect, it } from 'vitest'
import { createFileStorage, FileTooLarge, InvalidKey } from './file-storage'

const root = mkdtempSync(path.join(os.tmpdir(), 'gis-storage-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const storage = createFileStorage(root)

function allFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
}

describe('file storage', () => {
  it('streams a file in under a generated key and back, with size and SHA-256', async () => {
    const chunks = Array.from({ length: 200 }, (_, i) => `linha ${i}\n`)
    const stored = await storage.put(Readable.from(chunks), { suffix: 'TXT' })
    expect(stored.key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}\.txt$/)
    expect(stored.size).toBe(chunks.join('').length)
    expect(stored.sha256).toMatch(/^[0-9a-f]{64}$/)
    const read = await storage.get(stored.key)
    expect(read?.size).toBe(stored.size)
    expect(await text(read!.stream)).toBe(chunks.join(''))
    const other = await storage.put(Buffer.from('x'))
    expect(other.key).not.toBe(stored.key)
  })

  it('stops a file over the limit and keeps nothing of it', async () => {
    const before = allFiles(root).length
    const big = Readable.from(Array.from({ length: 100 }, () => Buffer.alloc(1024, 1)))
    await expect(storage.put(big, { maxBytes: 10_000 })).rejects.toBeInstanceOf(FileTooLarge)
    expect(allFiles(root)).toHaveLength(before)
    expect(allFiles(root).some((f) => f.endsWith('.part'))).toBe(false)
  })

  it('refuses keys that are not its own, so no path outside the store can be named', async () => {
    for (const key of ['../etc/passwd', '2026/11/../../x', '/etc/passwd', 'a b', '']) {
      await expect(storage.get(key)).rejects.toBeInstanceOf(InvalidKey)
      await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidKey)
    }
    // A well-formed key that holds nothing.
    expect(await storage.get('2026/01/00000000-0000-0000-0000-000000000000')).toBeUndefined()
  })

  it('deletes', async () => {
    const stored = await storage.put(Buffer.from('apagar'))
    await storage.delete(stored.key)
    expect(await storage.get(stored.key)).toBeUndefined()
    await storage.delete(stored.key)
  })
})
