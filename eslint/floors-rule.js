import path from 'node:path'

/**
 * A local ESLint rule: a file in a zone's `target` must not import from the zone's `from`
 * paths, save what is inside the zone's `except` paths. Relative specifiers are resolved
 * against the importing file; package imports are not the floors' business.
 * (eslint-plugin-import-x did this, but its native resolver needs per-platform binaries that
 * our registry mirror does not carry, which broke `npm ci`.)
 */
const bare = (p) => p.replace(/\.(ts|tsx|mts|js|mjs)$/, '')
const inside = (file, dir) => bare(file) === bare(dir) || file.startsWith(dir + path.sep)

export const floorsRule = {
  meta: {
    type: 'problem',
    schema: [
      { type: 'object', properties: { zones: { type: 'array' } }, additionalProperties: false },
    ],
  },
  create(context) {
    const cwd = context.cwd ?? process.cwd()
    const zones = (context.options[0]?.zones ?? []).map((z) => ({
      target: path.resolve(cwd, z.target),
      from: [z.from].flat().map((f) => path.resolve(cwd, f)),
      except: [z.except ?? []].flat().map((f) => path.resolve(cwd, f)),
      message: z.message,
    }))
    const file = context.filename
    const mine = zones.filter((z) => inside(file, z.target))
    if (mine.length === 0) return {}
    const check = (node) => {
      const spec = node.source?.value
      if (typeof spec !== 'string' || !spec.startsWith('.')) return
      const resolved = path.resolve(path.dirname(file), spec)
      for (const zone of mine) {
        if (!zone.from.some((f) => inside(resolved, f))) continue
        if (zone.except.some((f) => inside(resolved, f))) continue
        context.report({ node: node.source, message: `${zone.message} (${spec})` })
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    }
  },
}
