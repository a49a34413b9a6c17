import type { areaMessages } from './area-messages'
import { coreMessages } from './core-messages'

export type MessageKey = keyof typeof coreMessages | keyof typeof areaMessages

/**
 * The one pt-BR message catalogue. Server errors and screens use the same keys, so the same
 * rule says the same thing everywhere; texts quoted by the spec are kept word for word. It
 * starts with the core texts; `messages.ts` adds the areas' (the server and every signed-in
 * page load it), so the sign-in page carries only what it shows (docs/web.md, 'First load').
 */
const catalogue: Partial<Record<MessageKey, string>> = { ...coreMessages }

/** Adds texts to the catalogue (`messages.ts` adds the areas'). */
export function addMessages(texts: Partial<Record<MessageKey, string>>): void {
  Object.assign(catalogue, texts)
}

const COUNT = new Intl.NumberFormat('pt-BR')

/**
 * The message for `count` things, its words agreeing with it: `one` when the count is 1, else
 * `other` (`1 feição`, `3 feições`, never `3 feição(ões)`); the count goes in as `{count}`,
 * written the Brazilian way (`1.234`).
 */
export function tn(
  one: MessageKey,
  other: MessageKey,
  count: number,
  params: Record<string, string | number> = {},
): string {
  return t(count === 1 ? one : other, { ...params, count: COUNT.format(count) })
}

/**
 * Looks a message up and fills its `{name}` slots. An unknown key throws: a missing text is a
 * bug (on the web, an area's text asked for before its part of the app loaded is one too).
 */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  const text = catalogue[key]
  if (text === undefined) throw new Error(`Missing message key: ${String(key)}`)
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )
}
