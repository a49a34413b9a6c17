import { inspectionToday } from '@gis/shared'
import type { Queryable } from '../db/types'
import { addDays, addMonths } from '../modules/inspections/inspections-due'
import { prng } from './demo-geography'

/**
 * The demo's bridge inspections (issue 30, docs/inspections.md): for each live demo bridge a
 * Cadastral, yearly Rotineiras and, on some, an Especial, dated from the seed's today so that
 * about 10 % are overdue, some fall due within 30 and 90 days, two were never inspected and
 * three only had their Cadastral. Deterministic (the same bridges get the same story); the
 * worse inspections carry anomalies; one inspection of the moderated demo user waits for
 * approval. The bridges' note and date fields are then set from their latest accepted one.
 */

const INSPECTORS = ['Eng. Ricardo Almeida', 'Eng. Fernanda Lima', 'Eng. Paulo Nogueira']

const ANOMALIES: [element: string, description: string][] = [
  ['Superestrutura', 'Fissuras transversais na laje com eflorescência.'],
  ['Mesoestrutura', 'Armadura exposta e corroída no pilar P2.'],
  ['Infraestrutura', 'Erosão junto ao bloco de fundação do apoio central.'],
  ['Aparelhos de apoio', 'Aparelho de neoprene deformado e fora de posição.'],
  ['Juntas', 'Junta de dilatação com perda de vedação e acúmulo de detritos.'],
  ['Encontros', 'Recalque do aterro de acesso junto ao encontro.'],
  ['Pavimento', 'Panelas e trincas no revestimento sobre o tabuleiro.'],
  ['Acostamento', 'Guarda-corpo danificado no acostamento.'],
]

function recommendation(worst: number): string {
  if (worst <= 1) return 'Interdição parcial e intervenção emergencial na estrutura.'
  if (worst <= 2) return 'Programar recuperação estrutural em até 6 meses.'
  if (worst <= 3) return 'Manutenção corretiva no próximo ciclo de conservação.'
  return 'Manter a conservação de rotina.'
}

interface DemoInspection {
  key: string
  feature_id: number
  type: string
  date: string
  inspector: string
  structural: number
  functional: number
  durability: number
  recommendations: string
  status: string
  by: string
}

/** The story of the i-th live bridge (0-based). */
interface DemoAnomaly {
  key: string
  element: string
  description: string
  note: number
}

function plan(
  i: number,
  featureId: number,
  today: string,
  rand: () => number,
): { inspections: DemoInspection[]; anomalies: DemoAnomaly[] } {
  const inspections: DemoInspection[] = []
  const anomalies: DemoAnomaly[] = []
  const slot = i % 20
  // Two of every ~66 bridges were never inspected.
  if (i === 5 || i === 40) return { inspections, anomalies }
  // Three bridges only had their Cadastral, recently (their Rotineira falls due from it).
  const onlyCadastral = i === 11 || i === 27 || i === 52
  const cadastral = onlyCadastral
    ? addDays(today, -(200 + i))
    : addMonths(today, -(36 + Math.floor(rand() * 60)))
  let base = 3 + Math.floor(rand() * 3)
  const add = (type: string, date: string, status = 'ACCEPTED', by = 'admin') => {
    base = Math.max(1, Math.min(5, base + (rand() < 0.35 ? -1 : rand() < 0.2 ? 1 : 0)))
    const note = () => Math.max(1, Math.min(5, base + (rand() < 0.3 ? (rand() < 0.5 ? -1 : 1) : 0)))
    const [s, f, d] = [note(), note(), note()]
    const worst = Math.min(s, f, d)
    const key = `${featureId}:${inspections.length}`
    inspections.push({
      key,
      feature_id: featureId,
      type,
      date,
      inspector: INSPECTORS[Math.floor(rand() * INSPECTORS.length)]!,
      structural: s,
      functional: f,
      durability: d,
      recommendations: recommendation(worst),
      status,
      by,
    })
    if (worst <= 2) {
      const n = 1 + Math.floor(rand() * 3)
      for (let k = 0; k < n; k++) {
        const [element, description] = ANOMALIES[Math.floor(rand() * ANOMALIES.length)]!
        anomalies.push({ key, element, description, note: Math.max(1, worst - (k % 2)) })
      }
    }
  }
  add('Cadastral', cadastral)
  if (onlyCadastral) return { inspections, anomalies }
  // When the latest Rotineira was made decides the status: 2 of 20 overdue, 2 within 30
  // days, 3 within 90, the rest in order.
  const lastRoutine =
    slot < 2
      ? addDays(addMonths(today, -12), -(20 + Math.floor(rand() * 150)))
      : slot < 4
        ? addDays(addMonths(today, -12), 3 + Math.floor(rand() * 25))
        : slot < 7
          ? addDays(addMonths(today, -12), 40 + Math.floor(rand() * 45))
          : addDays(today, -(100 + Math.floor(rand() * 150)))
  const routines: string[] = []
  for (let d = lastRoutine; d > addMonths(cadastral, 6); d = addMonths(d, -12)) routines.unshift(d)
  const especial = i % 4 === 0 ? addMonths(cadastral, 24) : undefined
  const dated = [
    ...routines.map((date) => ['Rotineira', date] as const),
    ...(especial && especial < today ? [['Especial', especial] as const] : []),
  ].sort((a, b) => (a[1] < b[1] ? -1 : 1))
  for (const [type, date] of dated) add(type, date)
  // One inspection of the field collector waits for an administrator.
  if (i === 3) add('Extraordinária', addDays(today, -2), 'PENDING', 'campo')
  return { inspections, anomalies }
}

/**
 * Seeds the demo inspections (nothing when there is no demo bridge layer). A new demo sets
 * the bridges' fields as part of its load, unaudited and without moving the layer's data version, like the rest of the demo data
 * (`audited` false); a database seeded before gets the change in the bridges' history.
 */
export async function seedDemoInspections(
  db: Queryable,
  { audited }: { audited: boolean },
): Promise<void> {
  const { rows: layer } = await db.query(
    "SELECT 1 FROM app.layers WHERE name = 'oae' AND table_schema = 'data' AND table_name = 'oae'",
  )
  if (layer.length === 0) return
  const { rows: bridges } = await db.query<{ id: number }>(
    'SELECT id::int AS id FROM data.oae WHERE NOT d_e_l_e_t_ ORDER BY id',
  )
  const today = inspectionToday()
  const rand = prng(20_261_128)
  const inspections: DemoInspection[] = []
  const anomalies: DemoAnomaly[] = []
  bridges.forEach((b, i) => {
    const p = plan(i, b.id, today, rand)
    inspections.push(...p.inspections)
    anomalies.push(...p.anomalies)
  })
  if (inspections.length === 0) return
  await db.query(
    `INSERT INTO app.inspections (uuid, layer_name, feature_id, type_id, inspected_on, inspector,
       structural, functional, durability, recommendations, status, created_by, created_at,
       updated_at)
     SELECT md5('inspecao:' || r.key)::uuid, 'oae', r.feature_id, ty.id, r.date::date, r.inspector,
            r.structural, r.functional, r.durability, r.recommendations, r.status,
            coalesce(u.id, (SELECT min(id) FROM app.users WHERE admin)),
            r.date::date + time '15:00', r.date::date + time '15:00'
       FROM json_to_recordset($1::text::json) AS r(key text, feature_id bigint, type text,
              date text, inspector text, structural int, functional int, durability int,
              recommendations text, status text, by text)
       JOIN app.inspection_types ty ON ty.name = r.type
       LEFT JOIN app.users u ON lower(u.username) = r.by`,
    [JSON.stringify(inspections)],
  )
  await db.query(
    `INSERT INTO app.inspection_anomalies (inspection_id, position, element, description, note)
     SELECT i.id, r.ord, r.element, r.description, r.note
       FROM json_to_recordset($1::text::json) AS r(key text, ord int, element text,
              description text, note int)
       JOIN app.inspections i ON i.uuid = md5('inspecao:' || r.key)::uuid`,
    [JSON.stringify(anomalies.map((a, ord) => ({ ...a, ord })))],
  )
  await db.query(
    `INSERT INTO app.inspection_history (inspection_id, action, detail, user_id, username, at)
     SELECT i.id, 'CREATE', jsonb_build_object('status', i.status), i.created_by,
            coalesce(u.username, ''), i.created_at
       FROM app.inspections i LEFT JOIN app.users u ON u.id = i.created_by
      WHERE i.layer_name = 'oae'`,
  )
  // The bridges' own fields agree with their latest accepted inspection (none: empty).
  if (!audited) await db.exec('ALTER TABLE data.oae DISABLE TRIGGER USER')
  await db.exec(`
    UPDATE data.oae o SET nota_estrutural = l.structural, nota_funcional = l.functional,
           nota_durabilidade = l.durability, ultima_inspecao = l.inspected_on
      FROM (SELECT b.id, i.structural, i.functional, i.durability, i.inspected_on
              FROM data.oae b
              LEFT JOIN LATERAL (SELECT * FROM app.inspections x
                 WHERE x.layer_name = 'oae' AND x.feature_id = b.id AND x.status = 'ACCEPTED'
                   AND x.deleted_at IS NULL
                 ORDER BY x.inspected_on DESC, x.id DESC LIMIT 1) i ON true
             WHERE NOT b.d_e_l_e_t_) l
     WHERE o.id = l.id`)
  if (!audited) await db.exec('ALTER TABLE data.oae ENABLE TRIGGER USER')
}
