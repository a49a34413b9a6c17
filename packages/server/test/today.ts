import type { SignedInApp } from './harness'

/**
 * Today in São Paulo, as the database says it: the server reads dates in that zone, so a test
 * run after 21:00 there (midnight UTC) must not expect UTC's date.
 */
export async function todayOf(t: SignedInApp): Promise<string> {
  const { rows } = await t.db.query<{ d: string }>(
    `SELECT to_char((now() AT TIME ZONE 'America/Sao_Paulo')::date, 'YYYY-MM-DD') AS d`,
  )
  return rows[0]!.d
}
