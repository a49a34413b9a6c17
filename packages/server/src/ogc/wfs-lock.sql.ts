import type { Queryable } from '../db/types'

// The statements of WFS locks (app.wfs_locks): who holds which feature until when.

/** Forgets the locks whose time is over (every lock statement runs it first). */
export async function dropExpiredLocks(tx: Queryable): Promise<void> {
  await tx.query('DELETE FROM app.wfs_locks WHERE expires_at <= now()')
}

/** Of the given features, those locked by a lock other than `lockId` (any, without one). */
export async function lockedByOthers(
  tx: Queryable,
  layer: string,
  ids: readonly number[],
  lockId: string | undefined,
): Promise<number[]> {
  if (ids.length === 0) return []
  const { rows } = await tx.query<{ id: number }>(
    `SELECT feature_id::bigint AS id FROM app.wfs_locks
      WHERE layer_name = $1 AND feature_id = ANY($2::bigint[]) AND expires_at > now()
        AND lock_id IS DISTINCT FROM $3
      ORDER BY feature_id`,
    [layer, ids, lockId ?? null],
  )
  return rows.map((r) => Number(r.id))
}

/** Locks the features for `lockId` until `seconds` from now (they must be free or its own). */
export async function lockFeatures(
  tx: Queryable,
  lock: { lockId: string; userId: number; seconds: number },
  layer: string,
  ids: readonly number[],
): Promise<void> {
  if (ids.length === 0) return
  await tx.query(
    `INSERT INTO app.wfs_locks (layer_name, feature_id, lock_id, user_id, expires_at)
     SELECT $1, id, $3, $4, now() + make_interval(secs => $5)
       FROM unnest($2::bigint[]) AS id
     ON CONFLICT (layer_name, feature_id)
     DO UPDATE SET expires_at = EXCLUDED.expires_at
       WHERE app.wfs_locks.lock_id = EXCLUDED.lock_id`,
    [layer, ids, lock.lockId, lock.userId, lock.seconds],
  )
}

/** Whether a lock id holds any feature now. */
export async function lockExists(tx: Queryable, lockId: string): Promise<boolean> {
  const { rows } = await tx.query(
    'SELECT 1 FROM app.wfs_locks WHERE lock_id = $1 AND expires_at > now() LIMIT 1',
    [lockId],
  )
  return rows.length > 0
}

/** Releases a lock: all its features, or only the given ones of a layer. */
export async function releaseLock(
  tx: Queryable,
  lockId: string,
  only?: { layer: string; id: number }[],
): Promise<void> {
  if (!only) {
    await tx.query('DELETE FROM app.wfs_locks WHERE lock_id = $1', [lockId])
    return
  }
  if (only.length === 0) return
  await tx.query(
    `DELETE FROM app.wfs_locks l USING unnest($2::text[], $3::bigint[]) AS f(layer_name, feature_id)
      WHERE l.lock_id = $1 AND l.layer_name = f.layer_name AND l.feature_id = f.feature_id`,
    [lockId, only.map((f) => f.layer), only.map((f) => f.id)],
  )
}
