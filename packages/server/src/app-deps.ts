import type { Auth } from './auth/authenticate'
import type { ServerConfig } from './config'
import type { Db } from './db/types'
import type { JobQueue } from './jobs/job-queue'
import type { Mailer } from './mail/mailer'
import type { BlobStorage } from './storage/file-storage'
import type { CpuPool } from './workers/cpu-pool'
import type { Poppler } from './workers/poppler'

/** What every module receives: passed in explicitly, so tests build the app with real parts. */
export interface AppDeps {
  db: Db
  auth: Auth
  config: ServerConfig
  mailer: Mailer
  /** Files (attachments, exports): DATA_DIR/files by default. */
  storage: BlobStorage
  /** Long-running work: modules register their job types at start. */
  jobs: JobQueue
  /** Worker threads for CPU-heavy work (rendering reports), so the server keeps answering. */
  cpu: CpuPool
  /** PDF pages drawn by poppler, a bounded number at once (PDF_WORKERS). */
  poppler: Poppler
}
