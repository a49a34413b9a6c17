/** Lets go of the held layers no entry names any more; `drop` takes one off the map. */
export function dropUnwanted<H>(
  held: Map<string, H>,
  entries: readonly { name: string }[],
  drop: (h: H) => void,
) {
  const wanted = new Set(entries.map((e) => e.name))
  for (const [name, h] of held) {
    if (!wanted.has(name)) {
      drop(h)
      held.delete(name)
    }
  }
}
