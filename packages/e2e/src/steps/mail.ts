import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { dataDir } from '../fixtures'

/** The password-reset link of the newest e-mail sent to `email` (DATA_DIR/outbox/*.eml). */
export function resetLinkFor(email: string): string | undefined {
  const outbox = path.join(dataDir(), 'outbox')
  let files: string[]
  try {
    files = readdirSync(outbox).filter((f) => f.endsWith('.eml'))
  } catch {
    return undefined
  }
  const mails = files
    .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
    .filter((text) => text.includes(email))
  const last = mails.at(-1)
  if (!last) return undefined
  // Quoted-printable soft line breaks and escapes would cut the link: undo them first.
  const plain = last.replace(/=\r?\n/g, '').replace(/=3D/gi, '=')
  return plain.match(/https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/)?.[0]
}
