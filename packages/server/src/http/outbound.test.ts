import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import {
  checkOutboundUrl,
  hostAllowed,
  isBlockedAddress,
  OutboundRefusedError,
  outboundRequest,
} from './outbound'

// Only loopback traffic: every other address below is checked without any connection (IP
// literals are never resolved; names go through a lookup given by the test).

let server: http.Server
let port: number
let connections = 0

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume()
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end('ok')
  })
  server.on('connection', () => connections++)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(() => new Promise((resolve) => server?.close(resolve)))

const signal = () => AbortSignal.timeout(5000)

describe('the outbound rule (decision 70)', () => {
  it('blocks internal addresses in IPv4 and IPv6, mapped and embedded forms; public ones pass', () => {
    for (const a of [
      '127.0.0.1',
      '127.255.255.254',
      '0.0.0.0',
      '10.0.0.5',
      '100.64.0.1',
      '100.127.255.255',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '192.0.0.8',
      '198.18.0.1',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '0:0:0:0:0:ffff:7f00:1',
      '::7f00:1',
      '::127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::10.0.0.1',
      '64:ff9b:1::1',
      '2002:7f00:1::1',
      '2002:a9fe:a9fe::',
      '2001:db8::1',
      '2001:0:4136:e378::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'fec0::1',
      'ff02::1',
      'não é endereço',
    ]) {
      expect(isBlockedAddress(a), a).toBe(true)
    }
    for (const a of [
      '8.8.8.8',
      '1.1.1.1',
      '100.63.255.255',
      '100.128.0.0',
      '172.15.255.255',
      '172.32.0.0',
      '192.169.0.1',
      '200.144.1.1',
      '2800:3f0:4001::200e',
      '2001:4860:4860::8888',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
    ]) {
      expect(isBlockedAddress(a), a).toBe(false)
    }
  })

  it('refuses every spelling of an internal address, before any connection', async () => {
    const before = connections
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://0x7f000001:${port}/`,
      `http://2130706433:${port}/`,
      `http://127.1:${port}/`,
      `http://0177.0.0.1:${port}/`,
      `http://0x7f.1:${port}/`,
      `http://127.0.0.1.:${port}/`,
      `http://[::1]:${port}/`,
      `http://[0:0:0:0:0:ffff:7f00:1]:${port}/`,
      `http://[::127.0.0.1]:${port}/`,
      'http://10.0.0.5:8443/',
      'http://0/',
      'https://[fd00::1]/',
      'http://100.64.0.1/',
    ]) {
      await expect(checkOutboundUrl(url, []), url).rejects.toBeInstanceOf(OutboundRefusedError)
      await expect(
        outboundRequest(url, { method: 'GET', headers: {}, signal: signal(), allowedHosts: [] }),
        url,
      ).rejects.toBeInstanceOf(OutboundRefusedError)
    }
    expect(connections).toBe(before)
    // A public address passes the check (no connection made here: nothing is called).
    await expect(checkOutboundUrl('https://8.8.8.8/api', [])).resolves.toEqual({ allowed: false })
  })

  it('resolves a name and refuses it when one of its addresses is internal', async () => {
    const lookup =
      (...addresses: string[]) =>
      (_h: string, cb: (e: null, l: { address: string; family: number }[]) => void) =>
        cb(
          null,
          addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
        )
    await expect(
      checkOutboundUrl('http://regulador.exemplo/', [], lookup('10.1.2.3')),
    ).rejects.toBeInstanceOf(OutboundRefusedError)
    await expect(
      checkOutboundUrl('http://regulador.exemplo/', [], lookup('200.1.1.1', '::1')),
    ).rejects.toBeInstanceOf(OutboundRefusedError)
    await expect(
      checkOutboundUrl('http://regulador.exemplo/', [], lookup('200.1.1.1')),
    ).resolves.toEqual({ allowed: false })
    await expect(
      checkOutboundUrl('http://regulador.exemplo/', ['regulador.exemplo'], lookup('10.1.2.3')),
    ).resolves.toEqual({ allowed: true })

    // `localhost` for real (the system's resolver: /etc/hosts): refused at the check and at
    // the connection's own lookup, with no connection made.
    const before = connections
    await expect(checkOutboundUrl(`http://localhost:${port}/`, [])).rejects.toBeInstanceOf(
      OutboundRefusedError,
    )
    await expect(
      outboundRequest(`http://LocalHost:${port}/`, {
        method: 'GET',
        headers: {},
        signal: signal(),
        allowedHosts: [],
      }),
    ).rejects.toBeInstanceOf(OutboundRefusedError)
    expect(connections).toBe(before)
  })

  it('lets an allowed host through: host, host:port, any spelling of the same address', async () => {
    const call = (url: string, allowedHosts: string[]) =>
      outboundRequest(url, { method: 'GET', headers: {}, signal: signal(), allowedHosts })
    expect(await call(`http://127.0.0.1:${port}/`, ['127.0.0.1'])).toEqual({
      status: 200,
      text: 'ok',
    })
    expect((await call(`http://0x7f000001:${port}/`, [`127.1:${port}`])).status).toBe(200)
    expect((await call(`http://[::ffff:127.0.0.1]:${port}/`, [`127.0.0.1`])).status).toBe(200)
    expect((await call(`http://localhost:${port}/`, ['LOCALHOST'])).status).toBe(200)
    expect((await call(`http://localhost:${port}/`, [`localhost:${port}`])).status).toBe(200)
    // Another port of an allowed host:port is not allowed.
    await expect(
      call(`http://127.0.0.1:${port}/`, [`127.0.0.1:${port + 1}`]),
    ).rejects.toBeInstanceOf(OutboundRefusedError)
    const url = (u: string) => new URL(u)
    expect(hostAllowed(url('http://regulador.intranet/x'), ['regulador.intranet'])).toBe(true)
    expect(hostAllowed(url('http://regulador.intranet/x'), ['regulador.intranet:80'])).toBe(true)
    expect(hostAllowed(url('https://regulador.intranet/x'), ['regulador.intranet:80'])).toBe(false)
    expect(hostAllowed(url('https://10.0.0.5:8443/'), ['10.0.0.5:8443'])).toBe(true)
    expect(hostAllowed(url('http://[fd00::5]:8443/'), ['[fd00::5]:8443'])).toBe(true)
    expect(hostAllowed(url('http://[fd00::5]/'), ['fd00::5'])).toBe(true)
    expect(hostAllowed(url('http://regulador.intranet.evil/'), ['regulador.intranet'])).toBe(false)
  })

  it('reads OUTBOUND_ALLOWED_HOSTS, and refuses a wrong entry at start', () => {
    expect(
      loadConfig({ OUTBOUND_ALLOWED_HOSTS: 'regulador.intranet, 10.0.0.5:8443' })
        .outboundAllowedHosts,
    ).toEqual(['regulador.intranet', '10.0.0.5:8443'])
    expect(loadConfig({}).outboundAllowedHosts).toEqual([])
    expect(() => loadConfig({ OUTBOUND_ALLOWED_HOSTS: 'http://x/' })).toThrow(
      /OUTBOUND_ALLOWED_HOSTS/,
    )
    expect(() => loadConfig({ OUTBOUND_ALLOWED_HOSTS: 'x:99999' })).toThrow(
      /OUTBOUND_ALLOWED_HOSTS/,
    )
  })
})
