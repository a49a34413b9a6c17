import argon2 from 'argon2'

// OWASP's argon2id baseline (19 MiB, 2 passes): strong, and fast enough for a sign-in.
const OPTIONS = { type: argon2.argon2id as 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS)
}

// Verified against when the user does not exist, so both answers take the same time.
let dummyHash: Promise<string> | undefined

export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password')
    await argon2.verify(await dummyHash, password).catch(() => false)
    return false
  }
  try {
    return await argon2.verify(hash, password)
  } catch {
    return false
  }
}
