import dns, { type LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import net from 'node:net'

/**
 * Outbound HTTP calls of the server (decision 70). A call goes to any public address; an
 * address of loopback, link-local, private (RFC 1918, CGNAT, ULA), unspecified, multicast or
 * reserved networks, in any spelling (the WHATWG URL parser canonicalises 0x7f000001,
 * 2130706433, 127.1 and 0177.0.0.1 to 127.0.0.1; IPv4-mapped, -compatible, NAT64 and 6to4
 * IPv6 forms are read for the IPv4 address they carry), is refused unless its host (or
 * host:port) is in OUTBOUND_ALLOWED_HOSTS, set by the server's administrator. A name is
 * resolved, every address checked, and the connection made to a checked address (the check is
 * the socket's own `lookup`, so a second DNS answer cannot switch it). Redirects are not
 * followed.
 */

/** A refused destination: its host as written in the URL, canonical. */
export class OutboundRefusedError extends Error {
  readonly code = 'EOUTBOUNDREFUSED'
  constructor(readonly host: string) {
    super(`outbound call to ${host} refused: internal address not in OUTBOUND_ALLOWED_HOSTS`)
  }
}

const V4_BLOCKED: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
]

const V6_BLOCKED: [string, number][] = [
  ['::', 96], // unspecified, loopback, IPv4-compatible (deprecated)
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001::', 32], // Teredo (an obfuscated IPv4 inside)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
]

const blockedV4 = new net.BlockList()
for (const [a, p] of V4_BLOCKED) blockedV4.addSubnet(a, p, 'ipv4')
const blockedV6 = new net.BlockList()
for (const [a, p] of V6_BLOCKED) blockedV6.addSubnet(a, p, 'ipv6')

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  if (!net.isIPv6(address) || address.includes('%')) return undefined
  let text = address
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number]
    text =
      text.slice(0, -dotted[1]!.length) +
      `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.split('::') as [string, string | undefined]
  const parse = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : [])
  const h = parse(head)
  if (tail === undefined) return h
  const t = parse(tail)
  return [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t]
}

const v4Of = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`

/**
 * Whether an address (IPv4 or IPv6, as node or the URL parser writes it) is in a network an
 * outbound call may not reach without the administrator's leave. Anything else than an
 * address (a zone index, garbage) counts as blocked.
 */
export function isBlockedAddress(address: string): boolean {
  const plain = address.replace(/^\[(.*)\]$/, '$1')
  if (net.isIPv4(plain)) return blockedV4.check(plain, 'ipv4')
  const g = ipv6Groups(plain)
  if (!g || g.length !== 8) return true
  // IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::a.b.c.d), 6to4 (2002:aabb:ccdd::): the IPv4.
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff)
    return isBlockedAddress(v4Of(g[6]!, g[7]!))
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) {
    return isBlockedAddress(v4Of(g[6]!, g[7]!))
  }
  if (g[0] === 0x2002) return isBlockedAddress(v4Of(g[1]!, g[2]!))
  const canonical = g.map((x) => x.toString(16)).join(':')
  return blockedV6.check(canonical, 'ipv6')
}

interface AllowedHost {
  hostname: string
  port: number | undefined
}

/**
 * A host as the URL parser writes it, lower case, without brackets nor a final dot; an
 * IPv4-mapped IPv6 address as the IPv4 address it is.
 */
function canonicalHostname(hostname: string): string {
  const host = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
  const g = ipv6Groups(host)
  if (g?.length === 8 && g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) {
    return v4Of(g[6]!, g[7]!)
  }
  return host
}

/**
 * One entry of OUTBOUND_ALLOWED_HOSTS: `host`, `host:port`, `[v6]`, `[v6]:port` (or a bare
 * IPv6 address); the host canonicalised as a URL's, so `127.1` names 127.0.0.1. Throws on an
 * entry that is no host.
 */
export function parseAllowedHost(entry: string): AllowedHost {
  const text = entry.trim()
  let host = text
  let port: string | undefined
  const bracketed = /^(\[[^\]]+\])(?::(\d+))?$/.exec(text)
  const named = /^([^:[\]]+)(?::(\d+))?$/.exec(text)
  if (bracketed) [, host, port] = bracketed as unknown as [string, string, string | undefined]
  else if (named) [, host, port] = named as unknown as [string, string, string | undefined]
  else if (net.isIPv6(text)) host = `[${text}]`
  else throw new Error(`OUTBOUND_ALLOWED_HOSTS: "${entry}" is not a host or host:port`)
  let parsed: URL
  try {
    parsed = new URL(`http://${host}/`)
  } catch {
    throw new Error(`OUTBOUND_ALLOWED_HOSTS: "${entry}" is not a host or host:port`)
  }
  const n = port === undefined ? undefined : Number(port)
  if (n !== undefined && (!Number.isInteger(n) || n < 1 || n > 65535)) {
    throw new Error(`OUTBOUND_ALLOWED_HOSTS: bad port in "${entry}"`)
  }
  return { hostname: canonicalHostname(parsed.hostname), port: n }
}

const effectivePort = (url: URL) =>
  url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80

/** Whether the administrator allowed this URL's host (any port, or this one). */
export function hostAllowed(url: URL, allowedHosts: readonly string[]): boolean {
  const hostname = canonicalHostname(url.hostname)
  const port = effectivePort(url)
  return allowedHosts.some((entry) => {
    const a = parseAllowedHost(entry)
    return a.hostname === hostname && (a.port === undefined || a.port === port)
  })
}

type LookupAll = (
  hostname: string,
  callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void

const systemLookupAll: LookupAll = (hostname, callback) =>
  dns.lookup(hostname, { all: true, verbatim: true }, callback)

/**
 * Checks a URL before a call, or when it is saved: nothing when its host is allowed or every
 * address it names (or resolves to) is public; OutboundRefusedError otherwise. A name that
 * does not resolve (now) passes: the call itself checks again. Answers whether the host was
 * in the allow-list.
 */
export async function checkOutboundUrl(
  rawUrl: string,
  allowedHosts: readonly string[],
  lookupAll: LookupAll = systemLookupAll,
): Promise<{ allowed: boolean }> {
  const url = new URL(rawUrl)
  if (hostAllowed(url, allowedHosts)) return { allowed: true }
  const host = canonicalHostname(url.hostname)
  if (net.isIP(host)) {
    if (isBlockedAddress(host)) throw new OutboundRefusedError(url.host)
    return { allowed: false }
  }
  const addresses = await new Promise<LookupAddress[]>((resolve) =>
    lookupAll(host, (err, list) => resolve(err ? [] : list)),
  )
  if (addresses.some((a) => isBlockedAddress(a.address))) {
    throw new OutboundRefusedError(url.host)
  }
  return { allowed: false }
}

/** A socket `lookup` that resolves every address, refuses when one is internal, and answers them. */
function guardedLookup(host: string): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { family: options.family, all: true, verbatim: true }, (err, list) => {
      if (err) return callback(err, '', 0)
      if (list.length === 0 || list.some((a) => isBlockedAddress(a.address))) {
        return callback(new OutboundRefusedError(host), '', 0)
      }
      if (options.all) {
        ;(callback as unknown as (e: null, l: LookupAddress[]) => void)(null, list)
      } else {
        callback(null, list[0]!.address, list[0]!.family)
      }
    })
  }
}

export interface OutboundRequest {
  method: string
  headers: Record<string, string>
  body?: string
  signal: AbortSignal
  allowedHosts: readonly string[]
  /** The answer's body is cut here (bytes). */
  maxBytes?: number
}

export interface OutboundResponse {
  status: number
  text: string
}

/**
 * One outbound HTTP(S) call under the rule above. A redirect is answered as it is (its status),
 * never followed. Network failures reject with the socket's error (its `code`); a refused
 * destination with OutboundRefusedError, before any connection.
 */
export async function outboundRequest(
  rawUrl: string,
  req: OutboundRequest,
): Promise<OutboundResponse> {
  const url = new URL(rawUrl)
  const { allowed } = await checkOutboundUrl(rawUrl, req.allowedHosts, (_h, cb) => cb(null, []))
  const host = canonicalHostname(url.hostname)
  const lookup = allowed || net.isIP(host) ? undefined : guardedLookup(url.host)
  const client = url.protocol === 'https:' ? https : http
  const maxBytes = req.maxBytes ?? 1024 * 1024
  return new Promise<OutboundResponse>((resolve, reject) => {
    const request = client.request(
      url,
      { method: req.method, headers: req.headers, signal: req.signal, lookup, agent: false },
      (res) => {
        const chunks: Buffer[] = []
        let size = 0
        res.on('data', (chunk: Buffer) => {
          if (size >= maxBytes) return
          chunks.push(chunk)
          size += chunk.length
          if (size >= maxBytes) res.destroy()
        })
        const done = () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8'),
          })
        res.on('close', () =>
          res.complete || size >= maxBytes
            ? done()
            : reject(Object.assign(new Error('response cut short'), { code: 'ECONNRESET' })),
        )
        res.on('error', () => undefined)
      },
    )
    request.on('error', reject)
    request.end(req.body)
  })
}
