import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** The response header that names the backend which answered (its base URL). */
export const BACKEND_HEADER = 'x-test-backend'

export interface RoundRobinProxy {
  url: string
  /** Takes a backend out of the rotation, as a load balancer's health check would. */
  remove(backend: string): void
  close(): Promise<void>
}

/**
 * A load balancer for tests: each request goes to the next backend in turn; bodies stream
 * both ways; the answer says which backend gave it (BACKEND_HEADER).
 */
export async function startRoundRobinProxy(backends: string[]): Promise<RoundRobinProxy> {
  const live = [...backends]
  let next = 0
  const server = http.createServer((req, res) => {
    const backend = live[next++ % live.length]!
    const target = new URL(req.url ?? '/', backend)
    const upstream = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, [BACKEND_HEADER]: backend })
        answer.pipe(res)
      },
    )
    upstream.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { [BACKEND_HEADER]: backend })
      res.end(String(err))
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    remove(backend) {
      const i = live.indexOf(backend)
      if (i >= 0) live.splice(i, 1)
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
