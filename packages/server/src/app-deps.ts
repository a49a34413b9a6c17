import type { Auth } from './auth/authenticate'
import type { ServerConfig } from './config'
import type { Db } from './db/types'
import type { Mailer } from './mail/mailer'

/** What every module receives: passed in explicitly, so tests build the app with real parts. */
export interface AppDeps {
  db: Db
  auth: Auth
  config: ServerConfig
  mailer: Mailer
}
