import type { DemoAccount } from './demo/seed'

/** Whether a listening address reaches only this computer. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

/**
 * Where to listen: HOST when it is set; otherwise the loopback addresses while any account
 * keeps its published demo password (anyone who read the README could sign in), else every
 * address.
 */
export function listenHost(configured: string | undefined, accounts: DemoAccount[]): string {
  if (configured) return configured
  return accounts.some((a) => a.password !== undefined) ? 'localhost' : '0.0.0.0'
}

export interface BannerFacts {
  url: string
  database: string
  host: string
  hostConfigured: boolean
  accounts: DemoAccount[]
}

/** The lines printed once the server listens. */
export function startBanner(f: BannerFacts): string[] {
  const open = f.accounts.filter((a) => a.password !== undefined)
  const where = isLoopback(f.host)
    ? `${f.host === 'localhost' ? '127.0.0.1 e ::1' : f.host} (somente este computador)`
    : `${f.host} (acessível pela rede)`
  const lines = [
    '',
    `  Servidor pronto: ${f.url}`,
    `  Banco de dados: ${f.database}`,
    `  Endereço de escuta: ${where}`,
  ]
  if (f.accounts.length > 0) {
    const width = Math.max(...f.accounts.map((a) => a.username.length))
    lines.push('', '  Contas de demonstração:')
    for (const a of f.accounts) {
      const secret = a.password ?? '(senha alterada)'
      lines.push(`    ${a.username.padEnd(width)}  ${secret.padEnd(16)}  ${a.role}`)
    }
  }
  if (open.length > 0 && isLoopback(f.host) && !f.hostConfigured) {
    lines.push(
      '',
      '  As contas acima ainda usam as senhas de demonstração publicadas: por isso o servidor',
      '  aceita conexões só deste computador. Troque as senhas (Perfil > ALTERAR SENHA) e',
      '  reinicie para abri-lo à rede, ou defina HOST para escolher o endereço.',
    )
  }
  return [...lines, '']
}

/** The warning printed when the network can reach accounts whose password anyone knows. */
export function exposedWarning(f: BannerFacts): string | undefined {
  const open = f.accounts.filter((a) => a.password !== undefined)
  if (open.length === 0 || isLoopback(f.host)) return undefined
  const bar = '  ' + '!'.repeat(78)
  return [
    '',
    bar,
    `  ATENÇÃO: o servidor está aberto à rede (HOST=${f.host}) e estas contas ainda usam`,
    `  as senhas de demonstração publicadas: ${open.map((a) => a.username).join(', ')}.`,
    '  Qualquer pessoa que alcance este endereço pode entrar com elas. Troque essas senhas',
    '  agora (Perfil > ALTERAR SENHA) ou remova as contas de demonstração.',
    bar,
    '',
  ].join('\n')
}
