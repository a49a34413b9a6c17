import type { BaseLayer } from '@gis/shared'
import type { Queryable } from '../../db/types'
import { selectPage } from '../../db/paged.sql'

/** The owner of `app.base_layers`. */

interface BaseLayerRow {
  id: number
  type: BaseLayer['type']
  name: string
  description: string
  url: string | null
  visible: boolean
  active: boolean
  group: string | null
  zmin: number | null
  zmax: number | null
  zindex: number
  options: Record<string, unknown>
}

const COLUMNS = `b.id, b.type, b.name, b.description, b.url, b.visible, b.active, b."group",
  b.zmin, b.zmax, b.zindex, b.options`

const toBaseLayer = (r: BaseLayerRow): BaseLayer => ({ ...r })

export async function activeBaseLayers(db: Queryable): Promise<BaseLayer[]> {
  const { rows } = await db.query<BaseLayerRow>(
    `SELECT ${COLUMNS} FROM app.base_layers b WHERE b.active ORDER BY b.zindex, b.id`,
  )
  return rows.map(toBaseLayer)
}

export async function listBaseLayers(
  db: Queryable,
  orderBy: string,
  limit: number,
  offset: number,
): Promise<{ rows: BaseLayer[]; total: number }> {
  const { rows, total } = await selectPage<BaseLayerRow>(db, {
    columns: COLUMNS,
    from: 'app.base_layers b',
    orderBy: `${orderBy}, b.id`,
    limit,
    offset,
  })
  return { rows: rows.map(toBaseLayer), total }
}

export async function getBaseLayer(db: Queryable, id: number): Promise<BaseLayer | undefined> {
  const { rows } = await db.query<BaseLayerRow>(
    `SELECT ${COLUMNS} FROM app.base_layers b WHERE b.id = $1`,
    [id],
  )
  return rows[0] ? toBaseLayer(rows[0]) : undefined
}

/** Every base layer, by z-index. */
export async function allBaseLayers(db: Queryable): Promise<BaseLayer[]> {
  const { rows } = await db.query<BaseLayerRow>(
    `SELECT ${COLUMNS} FROM app.base_layers b ORDER BY b.zindex, b.id`,
  )
  return rows.map(toBaseLayer)
}

export type BaseLayerWrite = Omit<BaseLayer, 'id'>

const WRITE_VALUES = (b: BaseLayerWrite) => [
  b.type,
  b.name,
  b.description,
  b.url,
  b.visible,
  b.active,
  b.group,
  b.zmin,
  b.zmax,
  b.zindex,
  JSON.stringify(b.options),
]

export async function insertBaseLayer(db: Queryable, b: BaseLayerWrite): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO app.base_layers (type, name, description, url, visible, active, "group", zmin,
       zmax, zindex, options)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::text::jsonb) RETURNING id`,
    WRITE_VALUES(b),
  )
  return rows[0]!.id
}

export async function updateBaseLayer(
  db: Queryable,
  id: number,
  b: BaseLayerWrite,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE app.base_layers SET type = $2, name = $3, description = $4, url = $5, visible = $6,
            active = $7, "group" = $8, zmin = $9, zmax = $10, zindex = $11,
            options = $12::text::jsonb
      WHERE id = $1`,
    [id, ...WRITE_VALUES(b)],
  )
  return rowCount > 0
}

/** Only this base layer opens with the map. */
export async function makeOnlyVisible(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE app.base_layers SET visible = (id = $1)', [id])
}

export async function deleteBaseLayer(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM app.base_layers WHERE id = $1', [id])
  return rowCount > 0
}
