import net from 'node:net'
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { buildApp } from '../src/app'
import { loadConfig, type ServerConfig } from '../src/config'
import { createPgliteThreadDb } from '../src/db/pglite-thread'
import { createPostgresDb } from '../src/db/postgres'
import type { Db } from '../src/db/types'
import { createMailer, type Mailer } from '../src/mail/mailer'
import { testS3Location } from './s3'
import { storedFiles } from './stored-files'
import { databaseUrl } from './template'

export interface TestDb {
  db: Db
  drop: () => Promise<void>
}

export interface TestDbOptions {
  /** Time budget of every statement (the server's STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number
  /**
   * The embedded database in files under this directory instead of in memory (a statement
   * past its budget restarts the embedded database's thread, and only files survive that).
   */
  pgliteDir?: string
}

/**
 * A fresh copy of the prepared database: PostgreSQL when TEST_DATABASE_URL is set, else
 * PGlite in its own thread, as the server runs it.
 */
export async function openTestDb(options: TestDbOptions = {}): Promise<TestDb> {
  const baseUrl = process.env.TEST_DATABASE_URL
  if (!baseUrl) {
    const db = await createPgliteThreadDb({
      dataDir: options.pgliteDir,
      loadDataDirFile: inject('pgliteTemplate'),
      statementTimeoutMs: options.statementTimeoutMs,
    })
    return { db, drop: () => db.close() }
  }
  const name = `gis_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${inject('postgresTemplate')}"`)
  await admin.end()
  const db = createPostgresDb(databaseUrl(baseUrl, name), {
    max: 5,
    statementTimeoutMs: options.statementTimeoutMs,
  })
  return {
    db,
    drop: async () => {
      await db.close()
      const c = new pg.Client({ connectionString: baseUrl })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await c.end()
    },
  }
}

export interface ApiResponse {
  statusCode: number
  headers: Record<string, string>
  body: string
  json<T = any>(): T
}

export interface ApiRequest {
  method?: string
  url: string
  payload?: unknown
  headers?: Record<string, string>
  /** Session token sent as `Authorization: Bearer`. */
  token?: string
  /** Client address, sent as X-Forwarded-For (the test server trusts one proxy). */
  from?: string
}

/** A real HTTP request to the test server. */
export type Api = (req: ApiRequest) => Promise<ApiResponse>

function httpClient(baseUrl: string): Api {
  return async ({ method = 'GET', url, payload, headers = {}, token, from }) => {
    const h: Record<string, string> = { ...headers }
    if (token) h.authorization = `Bearer ${token}`
    if (from) h['x-forwarded-for'] = from
    let body: string | undefined
    if (payload !== undefined) {
      body = typeof payload === 'string' ? payload : JSON.stringify(payload)
      h['content-type'] ??= 'application/json'
    }
    const res = await fetch(baseUrl + url, { method, headers: h, body, redirect: 'manual' })
    const text = await res.text()
    return {
      statusCode: res.status,
      headers: Object.fromEntries(res.headers.entries()),
      body: text,
      json: () => JSON.parse(text),
    }
  }
}

/**
 * Who sends a request: the bearer token (none: anonymous), or the token (if any) with the
 * request's other headers and client address.
 */
export type Who = string | Pick<ApiRequest, 'token' | 'headers' | 'from'>

/** Short forms of `api`; `payload` is the body (none: no body). */
export interface Requests {
  get: (url: string, who?: Who) => Promise<ApiResponse>
  post: (url: string, payload?: unknown, who?: Who) => Promise<ApiResponse>
  put: (url: string, payload?: unknown, who?: Who) => Promise<ApiResponse>
  patch: (url: string, payload?: unknown, who?: Who) => Promise<ApiResponse>
  del: (url: string, who?: Who) => Promise<ApiResponse>
}

export function requests(api: Api): Requests {
  const as = (who: Who | undefined) => (typeof who === 'string' ? { token: who } : who)
  const send = (method: string) => (url: string, payload?: unknown, who?: Who) =>
    api({ method, url, payload, ...as(who) })
  return {
    get: (url, who) => api({ url, ...as(who) }),
    post: send('POST'),
    put: send('PUT'),
    patch: send('PATCH'),
    del: (url, who) => api({ method: 'DELETE', url, ...as(who) }),
  }
}

/** The response's status, with its body shown when it is another. */
export function expectStatus(res: ApiResponse, status: number): void {
  expect(res.statusCode, res.body).toBe(status)
}

export interface TestApp extends Requests {
  api: Api
  baseUrl: string
  app: FastifyInstance
  db: Db
  config: ServerConfig
  dataDir: string
  /** The keys its store holds (disk, or its own prefix of the test bucket). */
  storedFiles: () => Promise<string[]>
  close: () => Promise<void>
}

export interface TestAppOptions {
  config?: Partial<ServerConfig>
  mailer?: Mailer
  pgliteOnDisk?: boolean
  /** Logger options of the app (see captureLog); no log by default. */
  logger?: object
}

export async function startTestApp(overrides: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'gis-test-'))
  const { db, drop } = await openTestDb({
    statementTimeoutMs: overrides.config?.statementTimeoutMs,
    pgliteDir: overrides.pgliteOnDisk ? path.join(dataDir, 'pgdata') : undefined,
  })
  const config: ServerConfig = {
    ...loadConfig({}),
    dataDir,
    publicUrl: 'http://gis.test',
    webDistDir: path.join(dataDir, 'no-web-app'),
    trustProxy: 1,
    // The demo's images are drawn on request in the API tests, never in the background.
    warmDemoImagery: false,
    // The server-s3 project runs its files with every file in a bucket (TEST_STORAGE=s3).
    ...(process.env.TEST_STORAGE === 's3'
      ? {
          storage: {
            kind: 's3' as const,
            ...testS3Location(inject('s3Endpoint'), `app-${randomUUID().slice(0, 8)}`),
          },
        }
      : {}),
    ...overrides.config,
  }
  const mailer =
    overrides.mailer ??
    createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: config.mailFrom })
  const app = await buildApp({ db, config, mailer, logger: overrides.logger })
  // A test that names its port (a client following PUBLIC_URL's links) gets it, else any.
  await app.listen({ port: overrides.config?.port ?? 0, host: '127.0.0.1' })
  const address = app.server.address()
  const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  const api = httpClient(baseUrl)
  return {
    api,
    ...requests(api),
    baseUrl,
    app,
    db,
    config,
    dataDir,
    storedFiles: () => storedFiles(config.storage, dataDir),
    close: async () => {
      await app.close()
      await drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export const DEMO = {
  admin: { username: 'admin', password: 'admin123' },
  user: { username: 'demo', password: 'demo1234' },
  inactive: { username: 'maria.souza', password: 'maria1234' },
}

/** A loopback port free now: for an app whose PUBLIC_URL must name its own address. */
export async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** The demo's layers, by name. */
export const DEMO_LAYERS = [
  'faixa_dominio',
  'marcos_km',
  'municipios',
  'oae',
  'ocorrencias',
  'placas',
  'pracas_pedagio',
  'rodovias',
]

/** Signs in and answers the bearer token. */
export async function signIn(
  api: Api,
  credentials: { username: string; password: string },
  from?: string,
): Promise<string> {
  const res = await api({ method: 'POST', url: '/auth/login', payload: credentials, from })
  const header = res.headers.authorization
  if (res.statusCode !== 200 || !header)
    throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`)
  return header.replace(/^Bearer /, '')
}

export type FixtureOptions = TestAppOptions & { signIn?: boolean }

/** The test app of a file, with the bearer tokens of the demo administrator and demo user. */
export interface SignedInApp extends TestApp {
  admin: string
  user: string
}

/**
 * The file's test app: started before its tests (and signed in as the demo administrator and
 * the demo user, unless `signIn` is false), closed after them. The object is filled in by
 * `beforeAll`, so read its fields inside hooks and tests only.
 */
export function useTestApp(options: FixtureOptions | (() => FixtureOptions) = {}): SignedInApp {
  const t = {} as SignedInApp
  beforeAll(async () => {
    const { signIn: withTokens = true, ...overrides } =
      typeof options === 'function' ? options() : options
    Object.assign(t, await startTestApp(overrides))
    if (withTokens) {
      t.admin = await signIn(t.api, DEMO.admin)
      t.user = await signIn(t.api, DEMO.user)
    }
  })
  afterAll(async () => {
    await t.close?.()
  })
  return t
}

/**
 * A GET whose answer comes as it travelled: unlike fetch, node:http does not decode a
 * compressed body (tests of compression read the bytes themselves).
 */
export function rawGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        )
      })
      .on('error', reject)
  })
}

/** Logger options that keep every line the app logs, for tests that read the log. */
export function captureLog(level = 'debug'): { logger: object; text: () => string } {
  const lines: string[] = []
  const stream = { write: (line: string) => void lines.push(line) }
  return { logger: { level, stream }, text: () => lines.join('') }
}

export function fieldErrors(res: ApiResponse): Record<string, string> {
  const body = res.json<{ errors?: { field: string; message: string }[] }>()
  return Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]))
}

/**
 * A refusal of the request's values: 400, these messages by field and, when given, the
 * refusal's own message.
 */
export function expectFieldErrors(
  res: ApiResponse,
  errors: Record<string, string>,
  message?: string,
): void {
  expectStatus(res, 400)
  if (message !== undefined) expect(res.json().message).toBe(message)
  expect(fieldErrors(res)).toEqual(errors)
}
