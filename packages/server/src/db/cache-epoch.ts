import type { Db, Queryable } from './types'

/*
 * Several server processes may share one PostgreSQL database. What a process keeps in memory
 * about the catalogue, permissions and sessions is trusted only while app.cache_epoch, moved
 * by triggers in the transaction of every such change, still reads what it read then: a
 * change made through one process applies to the next request through any other.
 */

interface Reads {
  running?: Promise<number>
  queued?: Promise<number>
}
const reads = new WeakMap<Queryable, Reads>()

function read(db: Queryable, r: Reads): Promise<number> {
  const p = db
    .query<{ epoch: string }>('SELECT epoch FROM app.cache_epoch', [], { prepare: true })
    .then((res) => Number(res.rows[0]?.epoch ?? 0))
  r.running = p
  const clear = () => {
    if (r.running === p) r.running = undefined
  }
  p.then(clear, clear)
  return p
}

/**
 * The shared cache epoch. Always 0 on the embedded database: one process owns it, and its own
 * changes clear its caches directly.
 */
export function sharedEpoch(db: Queryable): Promise<number> {
  if ((db as Partial<Db>).kind === 'pglite') return Promise.resolve(0)
  let r = reads.get(db)
  if (!r) reads.set(db, (r = {}))
  const running = r.running
  if (!running) return read(db, r)
  // A read under way may have started before the caller's change committed: the caller waits
  // for the next one, shared by everyone who arrives meanwhile (one read in flight, one queued).
  if (r.queued) return r.queued
  const state = r
  const queued = running
    .catch(() => undefined)
    .then(() => {
      state.queued = undefined
      return read(db, state)
    })
  state.queued = queued
  return queued
}
