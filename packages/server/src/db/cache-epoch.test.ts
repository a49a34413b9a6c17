import { describe, expect, it } from 'vitest'
import { useTestApp } from '../../test/harness'
import { sharedEpoch } from './cache-epoch'
import type { Queryable } from './types'

describe.skipIf(!process.env.TEST_DATABASE_URL)('sharedEpoch (PostgreSQL)', () => {
  const t = useTestApp()

  it('moves with a change of the catalogue, permissions or sessions, not with a data edit', async () => {
    const start = await sharedEpoch(t.db)
    await t.db.query(`UPDATE data.oae SET tipo = tipo WHERE id = 1`)
    await t.db.query(`UPDATE app.users SET workspace = workspace`)
    expect(await sharedEpoch(t.db)).toBe(start)
    await t.db.query(`UPDATE app.layers SET title = title || ' (2)' WHERE name = 'oae'`)
    const layer = await sharedEpoch(t.db)
    expect(layer).toBeGreaterThan(start)
    await t.db.query(`UPDATE app.group_layer_permissions SET read_feature = read_feature`)
    const permissions = await sharedEpoch(t.db)
    expect(permissions).toBeGreaterThan(layer)
    await t.db.query(`UPDATE app.sessions SET revoked_at = now() WHERE false`)
    expect(await sharedEpoch(t.db)).toBeGreaterThan(permissions)
  })

  it('callers arriving while a read runs share the next one, which starts after they came', async () => {
    let reads = 0
    const counting: Queryable = {
      query: (...args: Parameters<Queryable['query']>) => {
        reads++
        return t.db.query(...args)
      },
      exec: (text) => t.db.exec(text),
    } as Queryable
    const first = sharedEpoch(counting)
    const later = await Promise.all(Array.from({ length: 20 }, () => sharedEpoch(counting)))
    expect(reads).toBe(2)
    expect(new Set(later).size).toBe(1)
    expect(later[0]).toBe(await first)
    // Nothing under way: the next caller reads at once.
    await sharedEpoch(counting)
    expect(reads).toBe(3)
  })
})
