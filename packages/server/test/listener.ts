import http from 'node:http'

/**
 * An HTTP server on loopback that counts the connections made to it (a request a hostile file
 * tried to make the server send) and answers every request with a small csv.
 */
export interface CountingListener {
  url: string
  connections: () => number
  close: () => Promise<void>
}

export async function countingListener(): Promise<CountingListener> {
  let connections = 0
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/csv' })
    res.end('segredo,valor\ninterno,42\n')
  })
  server.on('connection', () => connections++)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
