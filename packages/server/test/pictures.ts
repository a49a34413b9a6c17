import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { expect } from 'vitest'

/** The expected pictures of the server's drawings (WMS maps), kept beside this file. */
const DIR = path.join(import.meta.dirname, 'pictures')

/** A pixel differs when one of its channels moves by more than this (antialiasing moves less). */
const CHANNEL_TOLERANCE = 48

/**
 * Compares a PNG with the expected picture `name`: the same size, and at most `maxShare` of
 * its pixels visibly different. `UPDATE_PICTURES=1` writes the picture instead (then look at
 * it before committing it); a missing picture fails the test.
 */
export async function expectPicture(png: Buffer, name: string, maxShare = 0.003): Promise<void> {
  const file = path.join(DIR, `${name}.png`)
  if (process.env.UPDATE_PICTURES === '1') {
    mkdirSync(DIR, { recursive: true })
    writeFileSync(file, png)
    return
  }
  expect(existsSync(file), `imagem esperada ausente: ${file} (gere com UPDATE_PICTURES=1)`).toBe(
    true,
  )
  const [got, want] = await Promise.all(
    [png, readFileSync(file)].map((b) =>
      sharp(b).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
    ),
  )
  expect([got!.info.width, got!.info.height]).toEqual([want!.info.width, want!.info.height])
  let differing = 0
  const a = got!.data
  const b = want!.data
  for (let i = 0; i < a.length; i += 4) {
    for (let c = 0; c < 4; c++) {
      if (Math.abs(a[i + c]! - b[i + c]!) > CHANNEL_TOLERANCE) {
        differing++
        break
      }
    }
  }
  const share = differing / (a.length / 4)
  expect(share, `${name}: ${(share * 100).toFixed(2)} % dos pixels diferem`).toBeLessThanOrEqual(
    maxShare,
  )
}

/** The RGBA of one pixel of a PNG. */
export async function pixelAt(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const i = (y * info.width + x) * 4
  return [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!]
}
