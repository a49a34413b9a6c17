import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Db } from '../db/types'
import { queueStats } from '../jobs/jobs.sql'
import type { AuthHook } from './scopes'

// GET /metrics in Prometheus' text format (docs/ops.md): requests by route, the job queue,
// the database pool, the event loop. For administrators, or a scraper holding METRICS_TOKEN.

export interface MetricsOptions {
  db: Db
  /** The scraper's bearer token (METRICS_TOKEN); unset: administrators only. */
  token: string | undefined
  requireAdmin: AuthHook
}

/** Seconds: from a tile served from memory to a large export's first byte. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30]

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Whether the request carries the scraper's token (compared in constant time). */
function isScraper(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization
  if (!token || !header?.startsWith('Bearer ')) return false
  return timingSafeEqual(digest(header.slice('Bearer '.length)), digest(token))
}

function requestMetrics(app: FastifyInstance, registry: Registry): void {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  })
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  })
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    // The route's pattern (/api/features/:layer/:id), never the path: one series per route.
    const route = request.routeOptions.url ?? 'unmatched'
    const method = request.method
    requests.inc({ method, route, status: String(reply.statusCode) })
    latency.observe({ method, route }, reply.elapsedTime / 1000)
  })
}

/** The job queue's gauges, and what fills them before each scrape (one query for both). */
function queueMetrics(db: Db, registry: Registry): () => Promise<void> {
  const jobs = new Gauge({
    name: 'gis_jobs',
    help: 'Jobs waiting (QUEUED) or running (IN_PROGRESS), by type; type "all" sums them',
    labelNames: ['type', 'status'] as const,
    registers: [registry],
  })
  const oldest = new Gauge({
    name: 'gis_job_oldest_age_seconds',
    help: 'Age of the oldest job waiting (since queued) or running (since started), by type',
    labelNames: ['type', 'status'] as const,
    registers: [registry],
  })
  return async () => {
    const stats = await queueStats(db)
    jobs.reset()
    oldest.reset()
    for (const status of ['QUEUED', 'IN_PROGRESS'] as const) jobs.set({ type: 'all', status }, 0)
    for (const s of stats) {
      jobs.set({ type: s.type, status: s.status }, s.count)
      jobs.inc({ type: 'all', status: s.status }, s.count)
      oldest.set({ type: s.type, status: s.status }, s.oldest_seconds)
    }
  }
}

function poolMetrics(db: Db, registry: Registry): void {
  const stats = db.poolStats
  if (!stats) return
  new Gauge({
    name: 'gis_db_pool_connections',
    help: 'Database connections of this process: total, idle, waiting (requests queued for one), max',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const s = stats()
      for (const state of ['total', 'idle', 'waiting', 'max'] as const)
        this.set({ state }, s[state])
    },
  })
}

/** Counts every request from now on and serves GET /metrics. */
export function registerMetrics(app: FastifyInstance, opts: MetricsOptions): void {
  const registry = new Registry()
  // Process CPU and memory, heap, GC, and the event loop's lag (nodejs_eventloop_lag_*).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 })
  requestMetrics(app, registry)
  const refreshQueue = queueMetrics(opts.db, registry)
  poolMetrics(opts.db, registry)
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      onRequest: async (request, reply) => {
        if (!isScraper(request, opts.token)) await opts.requireAdmin(request, reply)
      },
    },
    async (_request, reply) => {
      await refreshQueue()
      reply.header('content-type', registry.contentType).header('cache-control', 'no-store')
      return registry.metrics()
    },
  )
}
