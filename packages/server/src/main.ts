import path from 'node:path'
import { buildApp } from './app'
import { loadConfig } from './config'
import { migrate } from './db/migrate'
import { openDatabase } from './db/open'
import { countUsers, createFirstAdmin, DEMO_CREDENTIALS, seedDemo } from './db/seed'
import { createMailer } from './mail/mailer'

async function main(): Promise<void> {
  const config = loadConfig()
  const opened = await openDatabase(config)
  const { db } = opened
  try {
    await migrate(db)
    let demo = false
    if ((await countUsers(db)) === 0) {
      if (db.kind === 'pglite') {
        demo = await seedDemo(db)
      } else if (config.adminUsername && config.adminPassword) {
        await createFirstAdmin(db, config.adminUsername, config.adminPassword)
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
    const app = await buildApp({ db, config, mailer, logger: { level: config.logLevel } })

    let closing = false
    const shutdown = async (signal: string) => {
      if (closing) return
      closing = true
      app.log.info({ signal }, 'shutting down')
      await app.close()
      await opened.release()
      process.exit(0)
    }
    process.on('SIGINT', () => void shutdown('SIGINT'))
    process.on('SIGTERM', () => void shutdown('SIGTERM'))

    await app.listen({ port: config.port, host: config.host })
    // PORT=0 picks a free port: print the one actually bound.
    const bound = app.server.address()
    const port = typeof bound === 'object' && bound ? bound.port : config.port
    const url = config.publicUrl ?? `http://localhost:${port}`
    const lines = [
      ``,
      `  Servidor pronto: ${url}`,
      `  Banco de dados: ${db.kind === 'pglite' ? `embutido (${config.dataDir})` : 'PostgreSQL'}`,
    ]
    if (demo || (db.kind === 'pglite' && !config.databaseUrl)) {
      lines.push(
        `  Administrador: ${DEMO_CREDENTIALS.admin.username} / ${DEMO_CREDENTIALS.admin.password}`,
        `  Usuário comum: ${DEMO_CREDENTIALS.user.username} / ${DEMO_CREDENTIALS.user.password}`,
      )
    }
    console.log(lines.join('\n') + '\n')
    if (db.kind === 'pglite') {
      // The embedded PostGIS sets itself up (PROJ, its caches) on first use, about 0.2 s:
      // do it now, while the first browser loads the app, rather than in its first map request.
      db.query('SELECT ST_Transform(ST_SetSRID(ST_MakePoint(-47, -23), 4326), 3857) AS p').catch(
        (err: unknown) => app.log.warn({ err }, 'PostGIS warm-up failed'),
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
