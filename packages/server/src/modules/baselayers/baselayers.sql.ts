import type { BaseLayer } from '@gis/shared'
import type { Queryable } from '../../db/types'

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
  const [page, total] = await Promise.all([
    db.query<BaseLayerRow>(
      `SELECT ${COLUMNS} FROM app.base_layers b ${orderBy}, b.id LIMIT $1 OFFSET $2`,
      [limit, offset],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM app.base_layers'),
  ])
  return { rows: page.rows.map(toBaseLayer), total: total.rows[0]?.n ?? 0 }
}

export async function getBaseLayer(db: Queryable, id: number): Promise<BaseLayer | undefined> {
  const { rows } = await db.query<BaseLayerRow>(
    `SELECT ${COLUMNS} FROM app.base_layers b WHERE b.id = $1`,
    [id],
  )
  return rows[0] ? toBaseLayer(rows[0]) : undefined
}
