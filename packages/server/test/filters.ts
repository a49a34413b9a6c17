/** A rule of a filter tree, as the API takes it (no value for isnull and isnotnull). */
export const rule = (field: string, operator: string, value?: unknown) => ({
  type: 'rule',
  field,
  operator,
  ...(value === undefined ? {} : { value }),
})
/** A group of a filter tree whose rules must all hold. */
export const and = (...rules: unknown[]) => ({ type: 'group', operator: 'and', rules })
/** A group of a filter tree of which one rule must hold. */
export const or = (...rules: unknown[]) => ({ type: 'group', operator: 'or', rules })
