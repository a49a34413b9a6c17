import { hashPassword, verifyPassword } from '../auth/passwords'
import { seedDemoPhotos } from './demo-attachments'
import { seedDemoDocuments } from './demo-documents'
import { seedDemoImagery } from './demo-imagery'
import { seedDemoInspections } from './demo-inspections'
import { DEMO_LAYERS } from './demo-layer-defs'
import { seedDemoLayers } from './demo-layers'
import { seedDemoReports } from './demo-reports'
import type { Db, Queryable } from '../db/types'

export const DEMO_CREDENTIALS = {
  admin: { username: 'admin', password: 'admin123' },
  user: { username: 'demo', password: 'demo1234' },
  moderated: { username: 'campo', password: 'campo1234' },
  inactive: { username: 'maria.souza', password: 'maria1234' },
} as const

/** How the start banner describes each demo account. */
export const DEMO_ROLES: Record<keyof typeof DEMO_CREDENTIALS, string> = {
  admin: 'administrador',
  user: 'usuário comum',
  moderated: 'edições enviadas para aprovação',
  inactive: 'registrada, aguardando ativação',
}

export interface Credentials {
  username: string
  password: string
}

// Settings are written here in plain SQL: the seed sits below the modules it fills.
async function readSetting(db: Queryable, key: string): Promise<unknown> {
  const { rows } = await db.query<{ value: unknown }>(
    'SELECT value FROM app.settings WHERE key = $1',
    [key],
  )
  return rows[0]?.value
}

async function writeSetting(db: Queryable, key: string, value: unknown): Promise<void> {
  await db.query(
    `INSERT INTO app.settings (key, value) VALUES ($1, $2::text::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [key, JSON.stringify(value)],
  )
}

type Flags = [
  read: boolean,
  update: boolean,
  create: boolean,
  del: boolean,
  attCreate: boolean,
  attRead: boolean,
  attDelete: boolean,
]
const READ_ONLY: Flags = [true, false, false, false, false, true, false]
const EDIT: Flags = [true, true, true, true, true, true, true]
const NONE: Flags = [false, false, false, false, false, false, false]
/** Edits that go to review: removing an attachment is no approval action, so it is not given. */
const EDIT_REVIEWED: Flags = [true, true, true, true, true, true, false]

/**
 * Demo groups: the field team edits the assets of the concession, reads the reference
 * layers, and cannot see occurrences; the regulator group only reads; the field collectors
 * edit the bridges and signs, but their changes wait for an administrator's approval.
 */
export const DEMO_GROUPS: {
  name: string
  description: string
  layers: Record<string, Flags>
  /** Layers whose edits by this group are submitted for review ('Enviar para aprovação'). */
  submitForReview?: string[]
}[] = [
  {
    name: 'Equipe de campo',
    description: 'Cadastro e manutenção dos ativos da concessão',
    layers: {
      rodovias: READ_ONLY,
      marcos_km: EDIT,
      oae: EDIT,
      faixa_dominio: EDIT,
      pracas_pedagio: READ_ONLY,
      municipios: READ_ONLY,
      ocorrencias: NONE,
      placas: EDIT,
    },
  },
  {
    name: 'Fiscalização',
    description: 'Consulta dos dados pela agência reguladora',
    layers: {
      rodovias: READ_ONLY,
      marcos_km: READ_ONLY,
      oae: READ_ONLY,
      faixa_dominio: READ_ONLY,
      pracas_pedagio: READ_ONLY,
      municipios: READ_ONLY,
      ocorrencias: READ_ONLY,
      placas: READ_ONLY,
    },
  },
  {
    name: 'Coletores de dados',
    description: 'Levantamentos revisados por um administrador antes de entrar no cadastro',
    layers: {
      rodovias: READ_ONLY,
      marcos_km: READ_ONLY,
      oae: EDIT_REVIEWED,
      faixa_dominio: READ_ONLY,
      pracas_pedagio: READ_ONLY,
      municipios: READ_ONLY,
      placas: EDIT_REVIEWED,
    },
    submitForReview: ['oae', 'placas'],
  },
]

async function insertUser(
  db: Queryable,
  u: {
    username: string
    password: string
    name: string
    email: string
    sector: string
    admin: boolean
    active: boolean
  },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO app.users (username, name, email, sector, password_hash, admin, active)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT ((lower(username))) DO UPDATE SET username = EXCLUDED.username
     RETURNING id`,
    [u.username, u.name, u.email, u.sector, await hashPassword(u.password), u.admin, u.active],
  )
  return rows[0]!.id
}

export async function countUsers(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM app.users')
  return rows[0]?.n ?? 0
}

/** The first administrator of a database without demo data (ADMIN_USERNAME / ADMIN_PASSWORD). */
export async function createFirstAdmin(
  db: Queryable,
  username: string,
  password: string,
): Promise<void> {
  await insertUser(db, {
    username,
    password,
    name: 'Administrador',
    email: '',
    sector: 'Administração',
    admin: true,
    active: true,
  })
}

/** The start position the migrations write (the state of São Paulo) until one is chosen. */
const MIGRATION_START: readonly number[] = [-53.2, -25.4, -44.1, -19.7]
/**
 * The layers the start view frames: the concession's own data. The municipalities are the
 * context around it (their polygons reach far beyond the roads), not what the view is about.
 */
export const START_VIEW_LAYERS = DEMO_LAYERS.map((l) => l.name).filter((n) => n !== 'municipios')
/** Room left around the demo data in the start view, as a share of its width and height. */
const START_MARGIN = 0.03

/**
 * The map's start position: the box of the concession's data (START_VIEW_LAYERS, with a small
 * margin), so the first screen shows the concession rather than the whole state. Written only over the
 * migrations' default: a position an administrator chose stays.
 */
export async function seedDemoStartView(db: Queryable): Promise<boolean> {
  const current = await readSetting(db, 'mapStartPos')
  const untouched =
    current === undefined ||
    (Array.isArray(current) && current.every((n, i) => n === MIGRATION_START[i]))
  if (!untouched) return false
  const { rows } = await db.query<{ box: number[] | null }>(
    `SELECT ARRAY[min(extent[1]), min(extent[2]), max(extent[3]), max(extent[4])] AS box
       FROM app.layers WHERE name = ANY($1::text[]) AND extent IS NOT NULL`,
    [START_VIEW_LAYERS],
  )
  const box = rows[0]?.box
  if (!box || box.some((n) => n === null)) return false
  const [minx, miny, maxx, maxy] = box.map(Number) as [number, number, number, number]
  const dx = (maxx - minx) * START_MARGIN
  const dy = (maxy - miny) * START_MARGIN
  const round = (n: number) => Math.round(n * 1e4) / 1e4
  await writeSetting(db, 'mapStartPos', [minx - dx, miny - dy, maxx + dx, maxy + dy].map(round))
  return true
}

/** The optional modules the demo switches on. */
export const DEMO_MODULES = ['orbit', 'smmcad', 'documents', 'oaeInspections']

/**
 * A demo database seeded before the street-level imagery came gets the demo surveys, once, if
 * it has no survey yet (its modules stay as they are).
 */
async function seedDemoImageryOnce(db: Db): Promise<void> {
  if (await readSetting(db, 'demoImagerySeeded')) return
  await db.transaction(async (tx) => {
    const { rows } = await tx.query('SELECT 1 FROM app.imagery_surveys LIMIT 1')
    if (rows.length === 0) await seedDemoImagery(tx)
    await writeSetting(tx, 'demoImagerySeeded', true)
  })
}

/**
 * A demo database seeded before the inspections came gets the demo inspections, once, if it
 * has none yet (its modules stay as they are).
 */
async function seedDemoInspectionsOnce(db: Db): Promise<void> {
  if (await readSetting(db, 'demoInspectionsSeeded')) return
  await db.transaction(async (tx) => {
    const { rows } = await tx.query('SELECT 1 FROM app.inspections LIMIT 1')
    if (rows.length === 0) await seedDemoInspections(tx, { audited: true })
    await writeSetting(tx, 'demoInspectionsSeeded', true)
  })
}

/**
 * A demo database seeded before the documents library came gets the demo library, once, if it
 * has no folder yet.
 */
async function seedDemoDocumentsOnce(db: Db): Promise<void> {
  if (await readSetting(db, 'demoDocumentsSeeded')) return
  await db.transaction(async (tx) => {
    const { rows } = await tx.query('SELECT 1 FROM app.document_folders LIMIT 1')
    if (rows.length === 0) await seedDemoDocuments(tx)
    await writeSetting(tx, 'demoDocumentsSeeded', true)
  })
}

/**
 * Demo accounts, groups and configuration. Runs once per database; later calls do nothing.
 * With `admin` (ADMIN_USERNAME / ADMIN_PASSWORD), that administrator replaces the demo one.
 */
export async function seedDemo(db: Db, options: { admin?: Credentials } = {}): Promise<boolean> {
  if (await readSetting(db, 'demoSeeded')) {
    // A database seeded before the reports came gets the demo templates it lacks, and one
    // seeded before the start view frames the demo data gets that view.
    await seedDemoReports(db)
    await seedDemoStartView(db)
    await seedDemoImageryOnce(db)
    await seedDemoInspectionsOnce(db)
    await seedDemoDocumentsOnce(db)
    return false
  }
  await db.transaction(async (tx) => {
    await insertUser(tx, {
      ...(options.admin ?? DEMO_CREDENTIALS.admin),
      name: 'Administrador do Sistema',
      email: 'admin@rodovias-interior.com.br',
      sector: 'Geoprocessamento',
      admin: true,
      active: true,
    })
    const demoId = await insertUser(tx, {
      ...DEMO_CREDENTIALS.user,
      name: 'Ana Paula Ferreira',
      email: 'ana.ferreira@rodovias-interior.com.br',
      sector: 'Conservação',
      admin: false,
      active: true,
    })
    const fieldId = await insertUser(tx, {
      ...DEMO_CREDENTIALS.moderated,
      name: 'Carlos Campos',
      email: 'carlos.campos@rodovias-interior.com.br',
      sector: 'Levantamento de campo',
      admin: false,
      active: true,
    })
    await insertUser(tx, {
      ...DEMO_CREDENTIALS.inactive,
      name: 'Maria Souza',
      email: 'maria.souza@rodovias-interior.com.br',
      sector: 'Engenharia',
      admin: false,
      active: false,
    })
    for (const group of DEMO_GROUPS) {
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO app.groups (name, description) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET description = EXCLUDED.description RETURNING id`,
        [group.name, group.description],
      )
      const groupId = rows[0]!.id
      for (const [layer, f] of Object.entries(group.layers)) {
        await tx.query(
          `INSERT INTO app.group_layer_permissions (group_id, layer_name, read_feature,
             update_feature, create_feature, delete_feature, create_feature_attachment,
             read_feature_attachment, delete_feature_attachment, submit_for_review)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING`,
          [groupId, layer, ...f, group.submitForReview?.includes(layer) ?? false],
        )
      }
    }
    for (const [userId, group] of [
      [demoId, 'Equipe de campo'],
      [fieldId, 'Coletores de dados'],
    ] as const) {
      await tx.query(
        `INSERT INTO app.user_groups (user_id, group_id)
         SELECT $1, id FROM app.groups WHERE name = $2 ON CONFLICT DO NOTHING`,
        [userId, group],
      )
    }
    await seedDemoLayers(tx)
    await seedDemoPhotos(tx)
    await seedDemoReports(tx)
    await seedDemoStartView(tx)
    await seedDemoImagery(tx)
    await writeSetting(tx, 'demoImagerySeeded', true)
    await seedDemoInspections(tx, { audited: false })
    await writeSetting(tx, 'demoInspectionsSeeded', true)
    await seedDemoDocuments(tx)
    await writeSetting(tx, 'demoDocumentsSeeded', true)
    await writeSetting(tx, 'projectName', 'Rodovias do Interior - GIS')
    // The street-level imagery is part of the demo: its orbit module and event viewer are on.
    await writeSetting(tx, 'modules', DEMO_MODULES)
    await writeSetting(tx, 'demoSeeded', true)
  })
  return true
}

export interface DemoAccount {
  username: string
  role: string
  /** The demo password, while the account still has it; undefined once it was changed. */
  password: string | undefined
}

/**
 * The demo accounts present in the database, each with its password only while it is still
 * the published one (a changed password is never shown, and no longer makes the account
 * an open door).
 */
export async function demoAccounts(db: Queryable): Promise<DemoAccount[]> {
  const entries = Object.entries(DEMO_CREDENTIALS) as [keyof typeof DEMO_CREDENTIALS, Credentials][]
  const { rows } = await db.query<{ username: string; password_hash: string }>(
    'SELECT username, password_hash FROM app.users WHERE lower(username) = ANY($1::text[])',
    [entries.map(([, c]) => c.username)],
  )
  // The checks run side by side (argon2 works in libuv's thread pool): start-up waits for them.
  const checked = await Promise.all(
    entries.map(async ([kind, c]) => {
      const row = rows.find((r) => r.username.toLowerCase() === c.username)
      if (!row) return undefined
      const still = await verifyPassword(row.password_hash, c.password)
      return {
        username: c.username,
        role: DEMO_ROLES[kind],
        password: still ? c.password : undefined,
      }
    }),
  )
  const accounts = checked.filter((a): a is DemoAccount => a !== undefined)
  return accounts
}
