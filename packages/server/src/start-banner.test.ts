import { describe, expect, it } from 'vitest'
import { exposedWarning, isLoopback, listenHost, startBanner } from './start-banner'

const demo = [
  { username: 'admin', role: 'administrador', password: 'admin123' },
  { username: 'demo', role: 'usuário comum', password: undefined },
  { username: 'maria.souza', role: 'registrada, aguardando ativação', password: 'maria1234' },
]
const changed = demo.map((a) => ({ ...a, password: undefined }))

describe('where the server listens', () => {
  it('stays on the loopback addresses while a demo password remains, unless HOST is set', () => {
    expect(listenHost(undefined, demo)).toBe('localhost')
    expect(listenHost(undefined, changed)).toBe('0.0.0.0')
    expect(listenHost(undefined, [])).toBe('0.0.0.0')
    expect(listenHost('0.0.0.0', demo)).toBe('0.0.0.0')
    expect(listenHost('10.1.2.3', changed)).toBe('10.1.2.3')
  })

  it('knows the loopback addresses', () => {
    for (const host of ['localhost', '127.0.0.1', '127.9.9.9', '::1'])
      expect(isLoopback(host)).toBe(true)
    for (const host of ['0.0.0.0', '::', '10.0.0.5', '192.168.0.1'])
      expect(isLoopback(host)).toBe(false)
  })
})

describe('start banner', () => {
  const facts = {
    url: 'http://localhost:8080',
    database: 'embutido (/srv/gis)',
    host: 'localhost',
    hostConfigured: false,
    accounts: demo,
  }

  it('lists every demo account, with its password only while it is still the demo one', () => {
    const text = startBanner(facts).join('\n')
    expect(text).toContain('Servidor pronto: http://localhost:8080')
    expect(text).toMatch(/admin\s+admin123\s+administrador/)
    expect(text).toMatch(/demo\s+\(senha alterada\)\s+usuário comum/)
    expect(text).toMatch(/maria\.souza\s+maria1234\s+registrada, aguardando ativação/)
    expect(text).toContain('127.0.0.1 e ::1 (somente este computador)')
    expect(text).toContain('aceita conexões só deste computador')
    expect(exposedWarning(facts)).toBeUndefined()
  })

  it('warns loudly when the network reaches an account with a published password', () => {
    const open = { ...facts, host: '0.0.0.0', hostConfigured: true }
    expect(startBanner(open).join('\n')).toContain('0.0.0.0 (acessível pela rede)')
    const warning = exposedWarning(open)!
    expect(warning).toContain('ATENÇÃO: o servidor está aberto à rede (HOST=0.0.0.0)')
    expect(warning).toContain('admin, maria.souza')
    expect(warning).not.toContain('admin123')
    expect(exposedWarning({ ...open, accounts: changed })).toBeUndefined()
  })
})
