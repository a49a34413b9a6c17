import path from 'node:path'
import { type LogFormat, parseLogFormat } from './http/log-format'
import { parseAllowedHost } from './http/outbound'
import { storageLocation, type StorageLocation } from './storage/storage-location'

export interface ServerConfig {
  port: number
  /**
   * Address to listen on, when HOST is set. Unset: the loopback address while a demo account
   * keeps its published password, else every address (main.ts).
   */
  host: string | undefined
  dataDir: string
  databaseUrl: string | undefined
  publicUrl: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  /** Overrides the modules stored in the database when set. */
  modules: string[] | undefined
  /** Overrides the project name stored in the database when set. */
  projectName: string | undefined
  adminUsername: string | undefined
  adminPassword: string | undefined
  sessionTtlHours: number
  /** Absolute lifetime of a session in days, however much it is used. */
  sessionMaxDays: number
  logLevel: string
  /** How log lines are written: readable (the default) or JSON for a log collector. */
  logFormat: LogFormat
  webDistDir: string | undefined
  /** Trust X-Forwarded-* from this many proxies (behind a load balancer). */
  trustProxy: number
  /** Memory for recently served tiles, per process, in MiB (0 turns the cache off). */
  tileCacheMb: number
  /** Time budget of every database statement, in milliseconds (0: none). */
  statementTimeoutMs: number
  /** Largest attachment accepted, in MiB. */
  attachmentMaxMb: number
  /**
   * Hosts (host or host:port) that outbound calls may reach although they are internal
   * addresses: loopback, private, link-local... (OUTBOUND_ALLOWED_HOSTS, decision 70).
   */
  outboundAllowedHosts: string[]
  /** Worker threads for CPU-heavy work (reports) at once; 0: min(2, cores - 1), at least 1. */
  cpuWorkers: number
  /** Heap limit of each of those threads, in MiB: past it the task fails, the server goes on. */
  cpuWorkerMemoryMb: number
  /** Bearer token of a metrics scraper (GET /metrics); unset: administrators only. */
  metricsToken: string | undefined
  /** Where files are kept (STORAGE_URL, S3_ENDPOINT, AWS_REGION): disk or a bucket. */
  storage: StorageLocation
  /** Seconds without a heartbeat after which a running job's process is taken for dead. */
  jobStaleSeconds: number
  /** poppler processes (PDF previews and page images) at once in this process. */
  pdfWorkers: number
  /** Longest a poppler process may draw a page, in seconds: past it the page has no image. */
  pdfTimeoutSeconds: number
  /** Address space of each poppler process, in MiB. */
  pdfMemoryMb: number
  /** Draw the first demo events' images after start, so no viewer waits for them. */
  warmDemoImagery: boolean
  /** Largest file IMPORTAR DADOS takes, in MiB (IMPORT_MAX_MB). */
  importMaxMb: number
  /** Most data rows an imported file may hold (IMPORT_MAX_ROWS). */
  importMaxRows: number
  /** Most an imported zip (an xlsx, a zipped shapefile) may inflate to, in MiB (IMPORT_UNZIPPED_MB). */
  importUnzippedMb: number
  /** Staged rows written per transaction (IMPORT_BATCH_ROWS); 0: by database (100,000 / 20,000). */
  importBatchRows: number
}

function list(value: string | undefined): string[] | undefined {
  if (value === undefined) return undefined
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

function integer(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a whole number, got "${value}"`)
  return n
}

/** OUTBOUND_ALLOWED_HOSTS, each entry checked (a wrong one stops the start). */
function allowedHosts(value: string | undefined): string[] {
  const hosts = list(value) ?? []
  for (const h of hosts) parseAllowedHost(h)
  return hosts
}

/** METRICS_TOKEN: long enough not to be guessed (a short one stops the start). */
function metricsToken(value: string | undefined): string | undefined {
  if (!value) return undefined
  if (value.length < 24) throw new Error('METRICS_TOKEN must have at least 24 characters')
  return value
}

/** Reads the server configuration from environment variables (see README). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: integer('PORT', env.PORT, 8080),
    host: env.HOST || undefined,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'GIS <nao-responda@localhost>',
    modules: list(env.MODULES),
    projectName: env.PROJECT_NAME || undefined,
    adminUsername: env.ADMIN_USERNAME || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    sessionTtlHours: integer('SESSION_TTL_HOURS', env.SESSION_TTL_HOURS, 12),
    sessionMaxDays: integer('SESSION_MAX_DAYS', env.SESSION_MAX_DAYS, 7),
    logLevel: env.LOG_LEVEL ?? 'info',
    logFormat: parseLogFormat(env.LOG_FORMAT),
    webDistDir: env.WEB_DIST_DIR,
    trustProxy: integer('TRUST_PROXY', env.TRUST_PROXY, 0),
    tileCacheMb: integer('TILE_CACHE_MB', env.TILE_CACHE_MB, 64),
    statementTimeoutMs: integer('STATEMENT_TIMEOUT_MS', env.STATEMENT_TIMEOUT_MS, 30_000),
    attachmentMaxMb: integer('ATTACHMENT_MAX_MB', env.ATTACHMENT_MAX_MB, 50),
    outboundAllowedHosts: allowedHosts(env.OUTBOUND_ALLOWED_HOSTS),
    cpuWorkers: integer('CPU_WORKERS', env.CPU_WORKERS, 0),
    cpuWorkerMemoryMb: integer('CPU_WORKER_MEMORY_MB', env.CPU_WORKER_MEMORY_MB, 1024),
    metricsToken: metricsToken(env.METRICS_TOKEN),
    storage: storageLocation(env),
    jobStaleSeconds: Math.max(1, integer('JOB_STALE_SECONDS', env.JOB_STALE_SECONDS, 60)),
    pdfWorkers: Math.max(1, integer('PDF_WORKERS', env.PDF_WORKERS, 1)),
    pdfTimeoutSeconds: Math.max(1, integer('PDF_TIMEOUT_SECONDS', env.PDF_TIMEOUT_SECONDS, 30)),
    pdfMemoryMb: Math.max(64, integer('PDF_MEMORY_MB', env.PDF_MEMORY_MB, 512)),
    warmDemoImagery: env.WARM_DEMO_IMAGERY !== '0',
    importMaxMb: Math.max(1, integer('IMPORT_MAX_MB', env.IMPORT_MAX_MB, 2048)),
    importMaxRows: Math.max(1, integer('IMPORT_MAX_ROWS', env.IMPORT_MAX_ROWS, 5_000_000)),
    importUnzippedMb: Math.max(1, integer('IMPORT_UNZIPPED_MB', env.IMPORT_UNZIPPED_MB, 16_384)),
    importBatchRows: Math.max(0, integer('IMPORT_BATCH_ROWS', env.IMPORT_BATCH_ROWS, 0)),
  }
}
