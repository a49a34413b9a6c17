import type { FieldValues, Resolver } from 'react-hook-form'

export interface LazyResolver<T extends FieldValues> extends Resolver<T> {
  /** Starts loading the rules ahead of the first check (on the first keystroke, say). */
  preload: () => void
}

/**
 * A resolver whose rules (the zod schema and zod itself) load on demand: the sign-in page
 * stays small, and the rules arrive while the user types.
 */
export function lazyResolver<T extends FieldValues>(
  load: () => Promise<Resolver<T>>,
): LazyResolver<T> {
  let loading: Promise<Resolver<T>> | undefined
  const get = () => (loading ??= load())
  const resolver = (async (values, context, options) =>
    (await get())(values, context, options)) as LazyResolver<T>
  resolver.preload = () => void get().catch(() => (loading = undefined))
  return resolver
}
