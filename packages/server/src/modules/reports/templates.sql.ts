import type { Queryable } from '../../db/types'

/** A stored report template (`app.report_templates`, owned here). */
export interface TemplateRow {
  id: number
  name: string
  folder: string
  report_type: string
  visible: boolean
  owner_id: number | null
  parameters: unknown
  template: unknown
  updated_at: Date
}

const COLUMNS = `id::int AS id, name, folder, report_type, visible, owner_id::int AS owner_id,
  parameters, template, updated_at`

/** The templates a user sees: the shared ones and the user's own (every one with `all`). */
export async function listTemplates(
  db: Queryable,
  userId: number,
  opts: { invisible: boolean; ownOnly?: boolean; reportType?: string },
): Promise<TemplateRow[]> {
  const { rows } = await db.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM app.report_templates
      WHERE (owner_id = $1 OR (owner_id IS NULL AND NOT $3::boolean))
        AND (visible OR $2::boolean)
        AND ($4::text IS NULL OR report_type = $4::text)
      ORDER BY lower(name), id`,
    [userId, opts.invisible, opts.ownOnly ?? false, opts.reportType ?? null],
  )
  return rows
}

export async function findTemplate(db: Queryable, id: number): Promise<TemplateRow | undefined> {
  const { rows } = await db.query<TemplateRow>(
    `SELECT ${COLUMNS} FROM app.report_templates WHERE id = $1`,
    [id],
  )
  return rows[0]
}

export interface TemplateValues {
  name: string
  folder: string
  reportType: string
  visible: boolean
  ownerId: number | null
  parameters: unknown
  template: unknown
  updatedBy: number | null
}

/** The values the INSERT and the UPDATE both write, in their placeholders' order. */
const templateValues = (v: Omit<TemplateValues, 'ownerId'>) => [
  v.name,
  v.folder,
  v.reportType,
  v.visible,
  JSON.stringify(v.parameters),
  JSON.stringify(v.template),
  v.updatedBy,
]

export async function insertTemplate(db: Queryable, v: TemplateValues): Promise<TemplateRow> {
  const { rows } = await db.query<TemplateRow>(
    `INSERT INTO app.report_templates (name, folder, report_type, visible, parameters, template,
       updated_by, owner_id)
     VALUES ($1, $2, $3, $4, $5::text::jsonb, $6::text::jsonb, $7, $8) RETURNING ${COLUMNS}`,
    [...templateValues(v), v.ownerId],
  )
  return rows[0]!
}

/** Rewrites a template (its owner stays); undefined when it no longer exists. */
export async function updateTemplate(
  db: Queryable,
  id: number,
  v: Omit<TemplateValues, 'ownerId'>,
): Promise<TemplateRow | undefined> {
  const { rows } = await db.query<TemplateRow>(
    `UPDATE app.report_templates
        SET name = $2, folder = $3, report_type = $4, visible = $5,
            parameters = $6::text::jsonb, template = $7::text::jsonb, updated_by = $8,
            updated_at = now()
      WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, ...templateValues(v)],
  )
  return rows[0]
}

export async function deleteTemplate(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM app.report_templates WHERE id = $1', [id])
  return rowCount > 0
}

/** Whether a shared template of this name already sits in this folder (the demo seed). */
export async function sharedTemplateExists(
  db: Queryable,
  name: string,
  folder: string,
): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM app.report_templates WHERE owner_id IS NULL AND name = $1 AND folder = $2',
    [name, folder],
  )
  return rows.length > 0
}
