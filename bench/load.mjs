// The load generator of the benchmarks: a light keep-alive HTTP client, jobs run N at a time
// in interleaved rounds, and the CPU each request costs the client, the server and
// PostgreSQL's backends (read from /proc, so Linux only).
import { spawnSync } from 'node:child_process'
import net from 'node:net'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { percentile } from './lib.mjs'

export const CONCURRENCY = 8
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
export const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 1500)
const TIME_CAP_MS = 30_000
// The HTTP client of the load generator shares the cores with what it measures, so it does as
// little as wrk or autocannon would: one keep-alive socket per request in flight, the request
// written as one string, the answer framed by Content-Length (or chunks) and its body kept.
class Connection {
  constructor(host, port) {
    this.socket = net.connect({ host, port, noDelay: true })
    this.socket.on('data', (d) => this.#data(d))
    this.socket.on('error', (err) => this.#fail(err))
    this.socket.on('close', () => this.#fail(new Error('connection closed')))
    this.pending = undefined
  }
  request(text) {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, buffer: Buffer.alloc(0) }
      this.socket.write(text)
    })
  }
  #fail(err) {
    this.closed = true
    const p = this.pending
    this.pending = undefined
    p?.reject(err)
  }
  #data(chunk) {
    const p = this.pending
    if (!p) return
    p.buffer = p.buffer.length ? Buffer.concat([p.buffer, chunk]) : chunk
    let answer
    try {
      answer = parseAnswer(p.buffer)
    } catch (err) {
      this.socket.destroy()
      return this.#fail(err)
    }
    if (!answer) return
    this.pending = undefined
    p.resolve(answer)
  }
}

/** A complete HTTP/1.1 answer in `buf`, or undefined while more bytes are needed. */
function parseAnswer(buf) {
  const end = buf.indexOf('\r\n\r\n')
  if (end < 0) return undefined
  const head = buf.toString('latin1', 0, end)
  const status = Number(head.slice(9, 12))
  const length = /\r\ncontent-length: *(\d+)/i.exec(head)
  if (length || status === 304 || status === 204) {
    const n = length ? Number(length[1]) : 0
    if (buf.length < end + 4 + n) return undefined
    return { status, body: buf.subarray(end + 4, end + 4 + n) }
  }
  if (!/\r\ntransfer-encoding: *chunked/i.test(head)) throw new Error(`unframed answer: ${head}`)
  const parts = []
  let at = end + 4
  for (;;) {
    const line = buf.indexOf('\r\n', at)
    if (line < 0) return undefined
    const size = parseInt(buf.toString('latin1', at, line), 16)
    if (buf.length < line + 2 + size + 2) return undefined
    if (size === 0) return { status, body: Buffer.concat(parts) }
    parts.push(buf.subarray(line + 2, line + 2 + size))
    at = line + 2 + size + 2
  }
}

const idle = new Map()
/** GET `url` over a kept-alive connection: answers { status, body }. */
export async function get(url, headers = {}) {
  const { hostname, port, pathname, search } = new URL(url)
  const origin = `${hostname}:${port}`
  let text = `GET ${pathname}${search} HTTP/1.1\r\nhost: ${origin}\r\n`
  for (const [k, v] of Object.entries(headers)) text += `${k}: ${v}\r\n`
  text += '\r\n'
  const free = idle.get(origin) ?? []
  idle.set(origin, free)
  let conn = free.pop()
  while (conn?.closed) conn = free.pop()
  conn ??= new Connection(hostname, Number(port))
  const answer = await conn.request(text)
  free.push(conn)
  return answer
}

/** Closes the kept-alive connections. */
export function closeConnections() {
  for (const list of idle.values()) for (const c of list) c.socket.destroy()
  idle.clear()
}

// --- CPU per request: the client (this process), the server and PostgreSQL's backends. On a
// machine shared with other work, wall-clock throughput moves with the neighbours' load;
// CPU per request does not, and on a dedicated machine throughput is cores / CPU per request.
export const probe = { database: '', admin: undefined }
function cpuMs(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100
  } catch {
    return 0
  }
}
async function backendsCpu() {
  if (!probe.admin || !probe.database) return 0
  const { rows } = await probe.admin.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [
    probe.database,
  ])
  return rows.reduce((sum, r) => sum + cpuMs(r.pid), 0)
}

/**
 * Runs `count` jobs, `CONCURRENCY` at a time; answers throughput, latencies and CPU per
 * request of this client, of the HTTP server `serverPid` (if any) and of PostgreSQL.
 */
export async function load(count, job, serverPid) {
  const latencies = []
  let next = 0
  const cpu0 = {
    client: process.cpuUsage(),
    server: serverPid ? cpuMs(serverPid) : 0,
    db: await backendsCpu(),
  }
  const started = performance.now()
  const worker = async () => {
    while (next < count && performance.now() - started < TIME_CAP_MS) {
      const i = next++
      const t0 = performance.now()
      await job(i)
      latencies.push(performance.now() - t0)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  const seconds = (performance.now() - started) / 1000
  const n = latencies.length
  const client = process.cpuUsage(cpu0.client)
  const cpu = {
    client: (client.user + client.system) / 1000 / n,
    server: serverPid ? (cpuMs(serverPid) - cpu0.server) / n : 0,
    db: ((await backendsCpu()) - cpu0.db) / n,
  }
  cpu.total = cpu.client + cpu.server + cpu.db
  return {
    rps: n / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    n,
    cpu,
  }
}

/**
 * Runs every side for `count` requests and forgets the results: connections, prepared
 * statements and the JIT reach their steady state (a server runs for days), so the rounds
 * measure it rather than V8 compiling the request path.
 */
export async function warmUp(sides, count = WARM_UP) {
  for (const [, job] of Object.values(sides)) await load(count, job)
}

/** Interleaved rounds, so that a change of load on the machine hits every side alike. */
export async function rounds(sides) {
  const results = Object.fromEntries(Object.keys(sides).map((k) => [k, []]))
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, [count, job, pid]] of Object.entries(sides))
      results[name].push(await load(count, job, pid))
  }
  // The median round of each side, with every round kept for the spread of the ratios.
  return Object.fromEntries(
    Object.entries(results).map(([k, list]) => [
      k,
      { ...[...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)], rounds: list },
    ]),
  )
}

/** a/b throughput of each interleaved round: "min–max over N rounds". */
export function spread(a, b) {
  const ratios = a.rounds.map((r, i) => r.rps / b.rounds[i].rps)
  return `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)} over ${ratios.length} rounds`
}

/**
 * PostgreSQL on core 0, this load generator and the servers it starts on core 1 (taskset;
 * the machine's PostgreSQL gets its cores back afterwards). That is a deployment's layout,
 * where the database does not share its cores with the web server, with the load generator
 * still on the web server's core. Needs a local PostgreSQL (its postmaster.pid), `taskset`
 * and two cores; throws otherwise. Answers the function that undoes it.
 */
export async function pinCores(admin) {
  const { rows } = await admin.query('SHOW data_directory')
  const postmaster = readFileSync(path.join(rows[0].data_directory, 'postmaster.pid'), 'utf8')
    .split('\n')[0]
    .trim()
  const taskset = (args) => {
    const r = spawnSync('taskset', args, { encoding: 'utf8' })
    if (r.status !== 0) throw new Error(`taskset ${args.join(' ')}: ${r.error ?? r.stderr}`)
    return r.stdout
  }
  const maskOf = (pid) => /: *([0-9a-f]+)\s*$/.exec(taskset(['-p', String(pid)]))[1]
  const before = { [postmaster]: maskOf(postmaster), [process.pid]: maskOf(process.pid) }
  if (!(parseInt(before[process.pid], 16) & 2)) throw new Error('fewer than two cores')
  // New backends inherit the postmaster's cores; the servers inherit this process's.
  taskset(['-a', '-p', '0x1', postmaster])
  taskset(['-a', '-p', '0x2', String(process.pid)])
  return () => {
    for (const [pid, mask] of Object.entries(before)) taskset(['-a', '-p', mask, pid])
  }
}

export const fmt = (r) =>
  `${r.rps.toFixed(0).padStart(5)} req/s  p50 ${r.p50.toFixed(2).padStart(6)} ms  p95 ${r.p95.toFixed(2).padStart(6)} ms  CPU/req ${r.cpu.total.toFixed(2)} ms (client ${r.cpu.client.toFixed(2)}, server ${r.cpu.server.toFixed(2)}, postgres ${r.cpu.db.toFixed(2)})`
