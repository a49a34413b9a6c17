/** `layer_name` → `layerName`. */
type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S

/** A column's value as answered: a timestamp as its ISO text. */
type Answered<V> = V extends Date ? string : V

/** The chosen columns of a row under their camelCase names, timestamps as ISO text. */
export type CamelRow<R, K extends keyof R & string> = {
  [P in K as Camel<P>]: Answered<R[P]>
}

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase())

/**
 * The generic row mapper: the given columns of a database row, in that order, under their
 * camelCase names (`content_type` → `contentType`), a timestamp as its ISO text.
 */
export function camelRow<R extends object, K extends keyof R & string>(
  row: R,
  columns: readonly K[],
): CamelRow<R, K> {
  const out: Record<string, unknown> = {}
  for (const column of columns) {
    const value = row[column]
    out[camel(column)] = value instanceof Date ? value.toISOString() : value
  }
  return out as CamelRow<R, K>
}
