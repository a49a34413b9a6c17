import path from 'node:path'
import ts from 'typescript'

/**
 * A local ESLint rule: no import cycles, type-only imports included (a cycle through types is
 * still two modules that cannot be understood apart). The import graph is read with the
 * TypeScript compiler's own pre-processor and module resolution (each package's tsconfig, so
 * `@gis/shared/...` paths resolve like the build does), built once per lint process and split
 * into strongly connected components; an import whose target lies in its own file's component
 * is reported with the way back. (eslint-plugin-import-x's no-cycle needs a native resolver and
 * skips type-only imports: decision 72.)
 */
const configs = new Map()

/** The compiler options of the tsconfig.json nearest above `file`. */
function optionsFor(file) {
  const configPath = ts.findConfigFile(path.dirname(file), ts.sys.fileExists)
  if (!configPath) return {}
  let options = configs.get(configPath)
  if (!options) {
    const read = ts.readConfigFile(configPath, ts.sys.readFile)
    options = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configPath)).options
    configs.set(configPath, options)
  }
  return options
}

const edges = new Map()

/** The project files `file` imports (statically, dynamically or only for types). */
function importsOf(file) {
  let out = edges.get(file)
  if (out) return out
  out = new Map()
  edges.set(file, out)
  const text = ts.sys.readFile(file)
  if (text === undefined) return out
  const options = optionsFor(file)
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule
    if (!resolved || resolved.isExternalLibraryImport) continue
    const target = path.resolve(resolved.resolvedFileName)
    if (target.includes(`${path.sep}node_modules${path.sep}`) || target.endsWith('.d.ts')) continue
    if (!out.has(target)) out.set(target, fileName)
  }
  return out
}

const componentOf = new Map()

/** Tarjan's strongly connected components over the graph reachable from `start`. */
function visit(start) {
  const index = new Map()
  const low = new Map()
  const stack = []
  const onStack = new Set()
  let next = 0
  // Iterative, so that a long chain of imports cannot overflow the call stack.
  const work = [[start, null]]
  while (work.length) {
    const frame = work[work.length - 1]
    const [node] = frame
    if (!index.has(node)) {
      index.set(node, next)
      low.set(node, next++)
      stack.push(node)
      onStack.add(node)
      frame[1] = [...importsOf(node).keys()]
    }
    const pending = frame[1]
    if (pending.length) {
      const target = pending.pop()
      if (componentOf.has(target)) continue
      if (!index.has(target)) work.push([target, null])
      else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)))
      continue
    }
    work.pop()
    const parent = work[work.length - 1]
    if (parent) low.set(parent[0], Math.min(low.get(parent[0]), low.get(node)))
    if (low.get(node) === index.get(node)) {
      const component = new Set()
      let member
      do {
        member = stack.pop()
        onStack.delete(member)
        component.add(member)
      } while (member !== node)
      for (const m of component) componentOf.set(m, component)
    }
  }
}

/** The shortest way from `from` back to `to` inside one component, as relative names. */
function wayBack(from, to, component, cwd) {
  const previous = new Map([[from, null]])
  const queue = [from]
  while (queue.length) {
    const node = queue.shift()
    if (node === to) break
    for (const target of importsOf(node).keys()) {
      if (component.has(target) && !previous.has(target)) {
        previous.set(target, node)
        queue.push(target)
      }
    }
  }
  const way = []
  for (let node = to; node; node = previous.get(node)) way.unshift(path.relative(cwd, node))
  return way.join(' → ')
}

export const noCycleRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.resolve(context.filename)
    const cwd = context.cwd ?? process.cwd()
    if (!componentOf.has(file)) visit(file)
    const component = componentOf.get(file)
    if (!component || component.size < 2) return {}
    const targets = importsOf(file)
    const check = (node) => {
      const spec = node.source?.value
      if (typeof spec !== 'string') return
      for (const [target, written] of targets) {
        if (written !== spec || !component.has(target)) continue
        context.report({
          node: node.source,
          message: `Import cycle: ${wayBack(target, file, component, cwd)} → (${spec})`,
        })
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
