import type { Db, Queryable } from '../src/db/types'

/**
 * Counts the statements the app sends to its database from now on (the database object the
 * test app and the test share): every query, in or out of a transaction or a session, but the
 * job queue's (it polls beside the requests).
 * `take()` answers the count since the last take and starts again; `stop()` puts the
 * database back as it was.
 */
export function countStatements(db: Db) {
  let count = 0
  // The job queue's polling runs beside the requests: not theirs.
  const tally = (text: string) => {
    if (!/\bapp\.jobs\b/.test(text)) count++
  }
  const counted = <Q extends Queryable>(q: Q): Q =>
    new Proxy(q, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver)
        if (key === 'query') {
          return (...args: Parameters<Queryable['query']>) => {
            tally(args[0])
            return target.query(...args)
          }
        }
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  const original = { query: db.query, transaction: db.transaction, session: db.session }
  db.query = ((...args: Parameters<Queryable['query']>) => {
    tally(args[0])
    return original.query.apply(db, args)
  }) as Db['query']
  db.transaction = ((fn: (tx: Queryable) => Promise<unknown>) =>
    original.transaction.call(db, (tx) => fn(counted(tx)))) as Db['transaction']
  db.session = ((fn: (conn: Queryable) => Promise<unknown>) =>
    original.session.call(db, (conn) => fn(counted(conn)))) as Db['session']
  return {
    take() {
      const n = count
      count = 0
      return n
    },
    stop() {
      Object.assign(db, original)
    },
  }
}
