import type { FeatureRef } from '@gis/shared'
import {
  FEATURE_ITEMS_DEFAULT_PAGE_SIZE,
  FEATURE_ITEMS_PAGE_SIZES,
} from '@gis/shared/feature-constants'
import { t } from '@gis/shared/i18n'

/** The tabs of the feature window, in the spec's order. */
export const TABS = ['items', 'data', 'documents', 'history'] as const
export const ITEMS_TAB = 0
export const DATA_TAB = 1
export const DOCUMENTS_TAB = 2
export const HISTORY_TAB = 3

/** What the feature window keeps in the workspace (it survives F5 and sign-in). */
export interface FeatureInfoState {
  tab: number
  /** Index of the item shown in DADOS, DOCUMENTOS and HISTÓRIA. */
  selected: number
  page: number
  limit: number
}

export const keyOf = (ref: FeatureRef) => `${ref.layer}:${ref.id}`

/** The window's items from its props; anything malformed is the window's 400, not a guess. */
export function parseItems(props: Record<string, unknown>): FeatureRef[] {
  const items = props.items
  if (!Array.isArray(items)) throw new Error(t('workspace.invalidState'))
  return items.map((item) => {
    const i = item as Partial<FeatureRef>
    if (
      typeof i !== 'object' ||
      i === null ||
      typeof i.layer !== 'string' ||
      !/^[a-z_][a-z0-9_]{0,62}$/.test(i.layer) ||
      !Number.isSafeInteger(i.id) ||
      (i.id ?? 0) < 1
    ) {
      throw new Error(t('workspace.invalidState'))
    }
    return { layer: i.layer, id: i.id! }
  })
}

/** A single feature opens on DADOS, a list on ITENS. */
export function initialState(items: readonly FeatureRef[]): FeatureInfoState {
  return {
    tab: items.length === 1 ? DATA_TAB : ITEMS_TAB,
    selected: 0,
    page: 0,
    limit: FEATURE_ITEMS_DEFAULT_PAGE_SIZE,
  }
}

/** Checks a restored state; a malformed one is the window's crash page (code 400). */
export function parseFeatureInfoState(state: unknown): FeatureInfoState | undefined {
  if (state === undefined || state === null) return undefined
  const s = state as Partial<FeatureInfoState>
  const ok =
    typeof s === 'object' &&
    Number.isInteger(s.tab) &&
    (s.tab ?? -1) >= 0 &&
    (s.tab ?? 9) < TABS.length &&
    Number.isInteger(s.selected) &&
    (s.selected ?? -1) >= 0 &&
    Number.isInteger(s.page) &&
    (s.page ?? -1) >= 0 &&
    (FEATURE_ITEMS_PAGE_SIZES as readonly number[]).includes(s.limit ?? 0)
  if (!ok) throw new Error(t('workspace.invalidState'))
  return s as FeatureInfoState
}

/** The singleton key of a window: the same items open the same window. */
export function itemsKey(props: Record<string, unknown>): string {
  try {
    return parseItems(props).map(keyOf).join(',')
  } catch {
    return JSON.stringify(props.items ?? null)
  }
}
