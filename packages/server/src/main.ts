import { existsSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from './app'
import { loadConfig, type ServerConfig } from './config'
import { migrate } from './db/migrate'
import { openDatabase } from './db/open'
import { countUsers, createFirstAdmin, demoAccounts, seedDemo } from './demo/seed'
import { humanLogStream } from './http/log-format'
import { createMailer } from './mail/mailer'
import { exposedWarning, listenHost, startBanner } from './start-banner'

const seconds = (since: number) =>
  `${((performance.now() - since) / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} s`

/** Progress of a first start, which takes a while: one line per step. */
const progress = (line: string) => console.log(`  ${line}`)

/** The app's logger: readable lines on the terminal unless LOG_FORMAT=json asks for pino's JSON. */
function appLogger(config: ServerConfig): object {
  return config.logFormat === 'json'
    ? { level: config.logLevel }
    : { level: config.logLevel, stream: humanLogStream() }
}

async function main(): Promise<void> {
  const config = loadConfig()
  const embedded = !config.databaseUrl
  const firstStart = embedded && !existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'))
  let app: FastifyInstance | undefined
  let started = performance.now()
  if (firstStart) {
    progress(
      `Primeira execução: criando o banco de dados embutido em ${config.dataDir} (leva cerca de 20 s)...`,
    )
  }
  const opened = await openDatabase({
    ...config,
    onPoolError: (err) =>
      app
        ? app.log.error({ err }, 'database connection failed')
        : console.error('Erro na conexão com o banco de dados:', err.message),
  })
  const { db } = opened
  try {
    await migrate(db)
    if (firstStart) progress(`Banco de dados criado (${seconds(started)}).`)
    if ((await countUsers(db)) === 0) {
      const admin =
        config.adminUsername && config.adminPassword
          ? { username: config.adminUsername, password: config.adminPassword }
          : undefined
      if (embedded) {
        progress('Carregando os dados de demonstração (rodovias, obras de arte, placas)...')
        started = performance.now()
        await seedDemo(db, { admin })
        progress(`Dados de demonstração carregados (${seconds(started)}).`)
      } else if (admin) {
        await createFirstAdmin(db, admin.username, admin.password)
      } else {
        throw new Error(
          'O banco de dados não tem usuários: defina ADMIN_USERNAME e ADMIN_PASSWORD para criar o primeiro administrador (ou rode "npm run seed" para os dados de demonstração).',
        )
      }
    }
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: config.mailFrom,
    })
    const [built, accounts] = await Promise.all([
      buildApp({ db, config, mailer, logger: appLogger(config) }),
      demoAccounts(db),
    ])
    app = built
    const server = built

    let closing = false
    const shutdown = async (signal: string) => {
      if (closing) return
      closing = true
      server.log.info({ signal }, 'Servidor encerrando')
      await server.close()
      await opened.release()
      process.exit(0)
    }
    process.on('SIGINT', () => void shutdown('SIGINT'))
    process.on('SIGTERM', () => void shutdown('SIGTERM'))

    const host = listenHost(config.host, accounts)
    // In the readable log the banner below says where the server listens; JSON keeps the line.
    const level = server.log.level
    if (config.logFormat === 'human') server.log.level = 'warn'
    await server.listen({
      port: config.port,
      host,
      listenTextResolver: (address) => `Servidor escutando em ${address}`,
    })
    server.log.level = level
    // PORT=0 picks a free port: print the one actually bound.
    const bound = server.server.address()
    const port = typeof bound === 'object' && bound ? bound.port : config.port
    const facts = {
      url: config.publicUrl ?? `http://localhost:${port}`,
      database: embedded ? `embutido (${config.dataDir})` : 'PostgreSQL',
      host,
      hostConfigured: config.host !== undefined,
      accounts,
    }
    console.log(startBanner(facts).join('\n'))
    const warning = exposedWarning(facts)
    if (warning) console.warn(warning)
    if (embedded) {
      // The embedded PostGIS sets itself up (PROJ, its caches) on first use, about 0.2 s:
      // do it now, while the first browser loads the app, rather than in its first map request.
      db.query('SELECT ST_Transform(ST_SetSRID(ST_MakePoint(-47, -23), 4326), 3857) AS p').catch(
        (err: unknown) => server.log.warn({ err }, 'Falha ao preparar o PostGIS'),
      )
    }
  } catch (err) {
    await opened.release().catch(() => {})
    throw err
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
