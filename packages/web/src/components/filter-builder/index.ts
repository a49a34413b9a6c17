export { FilterBuilder, type FilterBuilderProps } from './FilterBuilder'
export type { SamplesSource } from './ValueInput'
export {
  EMPTY_FILTER,
  filterProblems,
  orphanRules,
  parseFilterBuilderState,
  toFilterTree,
  type BuilderField,
  type FilterBuilderState,
} from './filter-model'
export { FilterResultTabs, type FilterResultTab } from './FilterResultTabs'
export { builderFields, DELETED_FIELD } from './builder-fields'
export { parseFilterWindowState, type FilterWindowState } from './filter-window-state'
export { useRunFilter } from './use-run-filter'
export { combination, combinationSentence, exportScopeSentence } from './filter-words'
