import { loadConfig } from './config'
import { migrate } from './db/migrate'
import { openDatabase } from './db/open'
import { seedDemo } from './demo/seed'

/** `npm run seed`: demo data into the configured database (embedded or DATABASE_URL). */
async function run(): Promise<void> {
  const config = loadConfig()
  const opened = await openDatabase(config)
  try {
    await migrate(opened.db)
    const seeded = await seedDemo(opened.db)
    console.log(seeded ? 'Dados de demonstração criados.' : 'Os dados de demonstração já existiam.')
  } finally {
    await opened.release()
  }
}

run().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
