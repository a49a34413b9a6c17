/** Escapes `%`, `_` and `\` so that a text matches itself inside an ILIKE pattern. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** A free text as an `ILIKE` pattern matching it anywhere; none: null. */
export const likePattern = (text: string | undefined): string | null =>
  text ? `%${likeLiteral(text)}%` : null
