import fs from 'node:fs'
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
 *
 * With `folders` (paths from the working directory, `*` standing for any one folder name, the
 * first pattern that matches a file naming its folder), it also refuses a two-way tie between
 * folders: folder A imports folder B while some file of B imports A, even when no file-level
 * cycle exists (decision 95). Test files are left out of B's imports, as they are out of the
 * floors.
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

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The `folders` patterns as expressions that capture a file's folder. */
function folderPatterns(cwd, patterns) {
  return patterns.map((pattern) => {
    const parts = path.resolve(cwd, pattern).split(path.sep)
    const folder = parts.map((p) => (p === '*' ? '[^/\\\\]+' : escape(p))).join('[/\\\\]')
    return new RegExp(`^(${folder})[/\\\\]`)
  })
}

/** The folder of `file`: what the first pattern that matches captures (null: none). */
function folderOf(file, patterns) {
  for (const pattern of patterns) {
    const match = pattern.exec(file)
    if (match) return match[1]
  }
  return null
}

const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/
const TEST = /\.test\.[^.]+$/

/** The source files under `dir`, tests left out. */
function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { recursive: true })
    .map((name) => path.join(dir, String(name)))
    .filter((file) => SOURCE.test(file) && !file.endsWith('.d.ts') && !TEST.test(file))
}

const folderEdges = new Map()

/** The folders the files of `folder` import, each with one import that shows it. */
function importsOfFolder(folder, patterns) {
  let out = folderEdges.get(folder)
  if (out) return out
  out = new Map()
  folderEdges.set(folder, out)
  for (const file of sourceFiles(folder)) {
    if (folderOf(file, patterns) !== folder) continue
    for (const [target, written] of importsOf(file)) {
      const to = folderOf(target, patterns)
      if (to && to !== folder && !out.has(to)) out.set(to, { file, written })
    }
  }
  return out
}

export const noCycleRule = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: { folders: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = path.resolve(context.filename)
    const cwd = context.cwd ?? process.cwd()
    if (!componentOf.has(file)) visit(file)
    const component = componentOf.get(file)
    const patterns = folderPatterns(cwd, context.options[0]?.folders ?? [])
    const mine = folderOf(file, patterns)
    const cyclic = component !== undefined && component.size > 1
    if (!cyclic && !mine) return {}
    const targets = importsOf(file)
    const check = (node) => {
      const spec = node.source?.value
      if (typeof spec !== 'string') return
      for (const [target, written] of targets) {
        if (written !== spec) continue
        if (cyclic && component.has(target)) {
          context.report({
            node: node.source,
            message: `Import cycle: ${wayBack(target, file, component, cwd)} → (${spec})`,
          })
        }
        const theirs = mine && folderOf(target, patterns)
        if (!theirs || theirs === mine) continue
        const back = importsOfFolder(theirs, patterns).get(mine)
        if (!back) continue
        const [a, b] = [mine, theirs].map((f) => path.relative(cwd, f))
        context.report({
          node: node.source,
          message:
            `Two-way tie: ${a} imports ${b} (${spec}) and ${b} imports ${a} ` +
            `(${path.relative(cwd, back.file)} → ${back.written}).`,
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
