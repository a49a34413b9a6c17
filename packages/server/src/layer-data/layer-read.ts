import { tableSql, type CatalogueLayer } from './model'

/**
 * How every statement reads a layer table: the table under an alias and the soft-delete rule.
 * Tiles, WFS, exports, inspections, imports and approvals build their reads from it (lint
 * keeps the table's name and the deletion column inside layer-data and `*.sql.ts` files), so
 * what a live feature is, is written once.
 */

/** The soft-delete flag of a layer table (a system column, see layer-tables.ts). */
export const DELETED_COLUMN = 'd_e_l_e_t_'

/** The features `alias` stands for that are not soft-deleted. */
export function liveSql(alias = 't'): string {
  return `NOT ${alias}.${DELETED_COLUMN}`
}

/** The features `alias` stands for that are soft-deleted. */
export function deletedSql(alias = 't'): string {
  return `${alias}.${DELETED_COLUMN}`
}

/** A layer's rows under an alias: what a FROM or JOIN names, and its live rows. */
export interface LayerRead {
  /** `"data"."oae" t`: the table under its alias. */
  from: string
  /** The condition of the live rows (not soft-deleted). */
  live: string
}

export function layerRead(layer: CatalogueLayer, alias = 't'): LayerRead {
  return { from: `${tableSql(layer)} ${alias}`, live: liveSql(alias) }
}
