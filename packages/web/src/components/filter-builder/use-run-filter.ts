import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { filterProblems, orphanRules, toFilterTree, type BuilderField } from './filter-model'
import type { FilterWindowState } from './filter-window-state'

/**
 * BUSCAR of a filter window: the rules in a group (orphans left out) and their query go to
 * RESULTADOS on page 0, with `more` (the window's own resets). A typed value that does not
 * read as its field's (a number, a date) is shown in its rule; the query is not run.
 */
export function useRunFilter<S extends FilterWindowState>(
  fields: BuilderField[],
  update: (patch: Partial<S>) => void,
) {
  const { enqueueSnackbar } = useSnackbar()
  return (state: S, more: Partial<S> = {}) => {
    if (filterProblems(state.filter, fields).size > 0) {
      enqueueSnackbar(t('filterBuilder.invalidValues'), { variant: 'error' })
      update({ tab: 'filters' } as Partial<S>)
      return
    }
    const orphans = new Set(orphanRules(state.filter).map((r) => r.id))
    const filter = { ...state.filter, rules: state.filter.rules.filter((r) => !orphans.has(r.id)) }
    update({
      filter,
      query: toFilterTree(filter, fields) ?? null,
      tab: 'results',
      ...more,
      page: 0,
    } as Partial<S>)
  }
}
