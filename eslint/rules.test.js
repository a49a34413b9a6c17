import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, expect, it } from 'vitest'
import { budget } from '../scripts/slowdown.mjs'
import { floorsRule } from './floors-rule.js'
import { FUNCTION_BUDGET, OVER_BUDGET } from './function-budget.js'
import { noCycleRule } from './no-cycle-rule.js'

const dir = mkdtempSync(path.join(tmpdir(), 'lint-rules-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/**
 * Writes a small project (files by relative path) and lints it with the two local rules: the
 * floors' `zones`, the tied `folders` of no-cycle.
 */
async function lint(name, files, { zones = [], folders = [] } = {}) {
  const root = path.join(dir, name)
  for (const [file, text] of Object.entries({ 'tsconfig.json': '{}', ...files })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      // As in eslint.config.js: the tests are out of the floors.
      { ignores: ['**/*.test.ts'] },
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { local: { rules: { floors: floorsRule, 'no-cycle': noCycleRule } } },
        rules: {
          'local/floors': ['error', { zones }],
          'local/no-cycle': ['error', { folders }],
        },
      },
    ],
  })
  const results = await eslint.lintFiles(['**/*.ts'])
  return results.flatMap((r) =>
    r.messages.map((m) => `${path.relative(root, r.filePath)}: ${m.message}`),
  )
}

describe('local/no-cycle', () => {
  it('reports both imports of a cycle, one of them for types only, with the way back', async () => {
    const messages = await lint('cycle', {
      'src/a.ts': "import { b } from './b'\nexport const a = b + 1\n",
      'src/b.ts': "import type { A } from './c'\nexport const b = 1\nexport type B = A\n",
      'src/c.ts': "import { a } from './a'\nexport type A = typeof a\n",
      'src/d.ts': "import { a } from './a'\nexport const d = a\n",
    })
    expect(messages.sort()).toEqual([
      'src/a.ts: Import cycle: src/b.ts → src/c.ts → src/a.ts → (./b)',
      'src/b.ts: Import cycle: src/c.ts → src/a.ts → src/b.ts → (./c)',
      'src/c.ts: Import cycle: src/a.ts → src/b.ts → src/c.ts → (./a)',
    ])
  })

  it('passes a tree of imports, dynamic imports and re-exports', async () => {
    const messages = await lint('tree', {
      'src/index.ts': "export * from './a'\nexport const load = () => import('./b')\n",
      'src/a.ts': "import { b } from './b'\nexport const a = b\n",
      'src/b.ts': 'export const b = 1\n',
    })
    expect(messages).toEqual([])
  })
})

describe('local/floors', () => {
  it('reports an import from a floor above', async () => {
    const zones = [{ target: './src/lower', from: ['./src/upper'], message: 'No upward import.' }]
    const messages = await lint(
      'floors',
      {
        'src/lower/x.ts': "import { y } from '../upper/y'\nexport const x = y\n",
        'src/upper/y.ts': 'export const y = 1\n',
        'src/upper/z.ts': "import { x } from '../lower/x'\nexport const z = x\n",
      },
      { zones },
    )
    expect(messages).toEqual(['src/lower/x.ts: No upward import. (../upper/y)'])
  })

  it('refuses any import from another feature, its index included', async () => {
    // As eslint.config.js sets it: each feature a target, every other feature refused.
    const zones = ['a', 'b'].map((f) => ({
      target: `./features/${f}`,
      from: './features',
      except: `./features/${f}`,
      message: 'No feature imports another.',
    }))
    const messages = await lint(
      'features',
      {
        'features/a/index.ts': "export { a } from './a'\n",
        'features/a/a.ts':
          "import { b } from '../b'\nimport { s } from '../../lib/s'\nexport const a = b + s\n",
        'features/a/inner.ts': "import type { C } from '../b/c'\nexport type Inner = C\n",
        'features/a/lazy.ts': "export const load = () => import('../b/c')\n",
        'features/b/index.ts': "export { c as b } from './c'\n",
        'features/b/c.ts':
          "import { s } from '../../lib/s'\nexport const c = s\nexport type C = number\n",
        'lib/s.ts': 'export const s = 1\n',
      },
      { zones },
    )
    expect(messages.sort()).toEqual([
      'features/a/a.ts: No feature imports another. (../b)',
      'features/a/inner.ts: No feature imports another. (../b/c)',
      'features/a/lazy.ts: No feature imports another. (../b/c)',
    ])
  })

  it('keeps api/ from importing state/', async () => {
    // As eslint.config.js sets it; state/ may import api/.
    const zones = [
      { target: './src/api', from: './src/state', message: 'api/ does not import state/.' },
    ]
    const messages = await lint(
      'api-state',
      {
        'src/api/session.ts':
          "import { token } from '../state/auth'\nexport const session = token\n",
        'src/api/base.ts': 'export const base = 1\n',
        'src/state/auth.ts': "import { base } from '../api/base'\nexport const token = base\n",
      },
      { zones },
    )
    expect(messages).toEqual(['src/api/session.ts: api/ does not import state/. (../state/auth)'])
  })
})

describe('local/no-cycle with tied folders', () => {
  // As eslint.config.js sets it: each feature, then each top folder.
  const folders = ['src/features/*', 'src/*']

  it('refuses two folders that import each other, with no file-level cycle', async () => {
    const messages = await lint(
      'ties',
      {
        // features/a → features/b and features/b → features/a, through different files.
        'src/features/a/uses-b.ts': "import { b } from '../b/b'\nexport const usesB = b\n",
        'src/features/a/a.ts': 'export const a = 1\n',
        'src/features/b/b.ts': 'export const b = 1\n',
        'src/features/b/lazy-a.ts': "export const load = () => import('../a/a')\n",
        // api → state (for types only) and state → api.
        'src/api/session.ts':
          "import type { Auth } from '../state/auth'\nexport type Session = Auth\n",
        'src/api/base.ts': 'export const base = 1\n',
        'src/state/auth.ts':
          "import { base } from '../api/base'\nexport const auth = base\nexport type Auth = number\n",
        // One way only: passes.
        'src/features/c/c.ts':
          "import { a } from '../a/a'\nimport { base } from '../../api/base'\nexport const c = a + base\n",
        // A test may reach back: it makes no tie.
        'src/features/a/a.test.ts': "import { c } from '../c/c'\nexport const t = c\n",
      },
      { folders },
    )
    expect(messages.sort()).toEqual([
      'src/api/session.ts: Two-way tie: src/api imports src/state (../state/auth) and src/state imports src/api (src/state/auth.ts → ../api/base).',
      'src/features/a/uses-b.ts: Two-way tie: src/features/a imports src/features/b (../b/b) and src/features/b imports src/features/a (src/features/b/lazy-a.ts → ../a/a).',
      'src/features/b/lazy-a.ts: Two-way tie: src/features/b imports src/features/a (../a/a) and src/features/a imports src/features/b (src/features/a/uses-b.ts → ../b/b).',
      'src/state/auth.ts: Two-way tie: src/state imports src/api (../api/base) and src/api imports src/state (src/api/session.ts → ../state/auth).',
    ])
  })
})

describe("the repository's configuration (eslint.config.js)", () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
  /** The messages of one rule on `code`, linted as the repository's file `file`. */
  const messagesOf = async (file, code, rule) => {
    const eslint = new ESLint({ cwd: root })
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
    return result.messages.filter((m) => m.ruleId === rule).map((m) => m.message)
  }
  const floors = (file, code) => messagesOf(file, code, 'local/floors')

  it('refuses a web feature importing another feature', async () => {
    const messages = await floors(
      'packages/web/src/features/search/uses-map.ts',
      "import { MapPage } from '../map'\nexport const page = MapPage\n",
    )
    expect(messages).toEqual([expect.stringContaining('A feature does not import another feature')])
  })

  it("refuses a route importing a *.sql.ts, its own module's or another floor's", async () => {
    const own = await messagesOf(
      'packages/server/src/modules/users/more.routes.ts',
      "import { findUser } from './users.sql'\nexport const f = findUser\n",
      'no-restricted-imports',
    )
    expect(own).toEqual([expect.stringContaining('A route never imports a *.sql.ts')])
    const below = await messagesOf(
      'packages/server/src/tiles/more.routes.ts',
      "import { dataVersion } from '../layer-data/catalogue.sql'\nexport const v = dataVersion\n",
      'no-restricted-imports',
    )
    expect(below).toEqual([expect.stringContaining('A route never imports a *.sql.ts')])
    const service = await messagesOf(
      'packages/server/src/tiles/more.service.ts',
      "import { dataVersion } from '../layer-data/catalogue.sql'\nexport const v = dataVersion\n",
      'no-restricted-imports',
    )
    expect(service).toEqual([])
  })

  it('keeps contextOf inside auth/: a route reads its caller with callerOf', async () => {
    const code = 'export const user = (auth, request) => auth.contextOf(request).user\n'
    const route = await messagesOf(
      'packages/server/src/modules/users/more.routes.ts',
      code,
      'no-restricted-syntax',
    )
    expect(route).toEqual([expect.stringContaining('callerOf(auth, request)')])
    const inAuth = await messagesOf(
      'packages/server/src/auth/more.ts',
      code,
      'no-restricted-syntax',
    )
    expect(inAuth).toEqual([])
  })

  it('names a layer table only in layer-data/ and *.sql.ts files', async () => {
    const code =
      "import { layerRead } from '../../layer-data/layer-read'\nexport const r = layerRead\n"
    const service = await messagesOf(
      'packages/server/src/modules/export/more.ts',
      code,
      'no-restricted-imports',
    )
    expect(service).toEqual([expect.stringContaining('only in layer-data/ and *.sql.ts')])
    const model = await messagesOf(
      'packages/server/src/modules/export/more.service.ts',
      "import { tableSql } from '../../layer-data/model'\nexport const r = tableSql\n",
      'no-restricted-imports',
    )
    expect(model).toEqual([expect.stringContaining('only in layer-data/ and *.sql.ts')])
    // A route gets both refusals: the table's and the *.sql.ts's.
    const route = await messagesOf(
      'packages/server/src/modules/export/more.routes.ts',
      `${code}import { x } from './export.sql'\nexport const y = x\n`,
      'no-restricted-imports',
    )
    expect(route).toHaveLength(2)
    const statements = await messagesOf(
      'packages/server/src/modules/export/more.sql.ts',
      code,
      'no-restricted-imports',
    )
    expect(statements).toEqual([])
  })

  it('writes the soft-delete rule once: the deletion column is named only in layer-data/', async () => {
    const code = 'export const live = `SELECT id FROM t WHERE NOT t.d_e_l_e_t_`\n'
    const sqlFile = await messagesOf(
      'packages/server/src/tiles/more.sql.ts',
      code,
      'no-restricted-syntax',
    )
    expect(sqlFile).toEqual([expect.stringContaining('DELETED_COLUMN')])
    const inAuth = await messagesOf(
      'packages/server/src/auth/more.ts',
      "export const flag = 'd_e_l_e_t_'\n",
      'no-restricted-syntax',
    )
    expect(inAuth).toEqual([expect.stringContaining('DELETED_COLUMN')])
    const summary = await messagesOf(
      'packages/server/src/tiles/more.routes.ts',
      "export const doc = { summary: 'Soft delete: sets d_e_l_e_t_' }\n",
      'no-restricted-syntax',
    )
    expect(summary).toEqual([])
    const owner = await messagesOf(
      'packages/server/src/layer-data/more.ts',
      code,
      'no-restricted-syntax',
    )
    expect(owner).toEqual([])
    // The caller's rule still holds beside it.
    const caller = await messagesOf(
      'packages/server/src/tiles/more.ts',
      'export const user = (auth, request) => auth.contextOf(request).user\n',
      'no-restricted-syntax',
    )
    expect(caller).toEqual([expect.stringContaining('callerOf(auth, request)')])
  })

  it("refuses the server's code importing the tests' helpers", async () => {
    const messages = await floors(
      'packages/server/src/modules/users/uses-test.ts',
      "import { testLayer } from '../../../test/test-layer'\nexport const l = testLayer\n",
    )
    expect(messages).toEqual([expect.stringContaining("never imports the tests' helpers")])
  })

  it('puts every root file of the server in a floor: config.ts is infrastructure', async () => {
    const messages = await floors(
      'packages/server/src/config.ts',
      "import { buildApp } from './app'\nexport const b = buildApp\n",
    )
    expect(messages).toEqual([expect.stringContaining('Infrastructure')])
  })

  it('refuses api/ importing state/, and lets state/ import api/', async () => {
    const up = await floors(
      'packages/web/src/api/uses-state.ts',
      "import { authSlice } from '../state/auth-slice'\nexport const slice = authSlice\n",
    )
    expect(up).toEqual([expect.stringContaining('api/ does not import state/')])
    const down = await floors(
      'packages/web/src/state/uses-api.ts',
      "import { api } from '../api/base-api'\nexport const reducer = api.reducer\n",
    )
    expect(down).toEqual([])
  })

  it('holds the rules of hooks and every effect dependency in the web app', async () => {
    const file = 'packages/web/src/components/uses-hooks.tsx'
    const conditional = await messagesOf(
      file,
      "import { useState } from 'react'\nexport function A({ on }: { on: boolean }) {\n  if (on) useState(0)\n  return null\n}\n",
      'react-hooks/rules-of-hooks',
    )
    expect(conditional).toEqual([expect.stringContaining('called conditionally')])
    const missing = await messagesOf(
      file,
      "import { useEffect } from 'react'\nexport function B({ id }: { id: number }) {\n  useEffect(() => console.log(id), [])\n  return null\n}\n",
      'react-hooks/exhaustive-deps',
    )
    expect(missing).toEqual([expect.stringContaining("missing dependency: 'id'")])
    // An error, not the plugin's default warning, which lint would let through.
    const config = await new ESLint({ cwd: root }).calculateConfigForFile(path.join(root, file))
    expect(config.rules['react-hooks/exhaustive-deps'][0]).toBe(2)
    const event = await messagesOf(
      file,
      "import { useEffect, useEffectEvent } from 'react'\nexport function C({ id, note }: { id: number; note: string }) {\n  const log = useEffectEvent(() => console.log(id, note))\n  useEffect(() => log(), [id])\n  return null\n}\n",
      'react-hooks/exhaustive-deps',
    )
    expect(event).toEqual([])
  })

  it('holds a web component to the length budget, and each file over it to its length', async () => {
    const component = (lines) =>
      `export function Long() {\n${'  console.log(1)\n'.repeat(lines - 3)}  return null\n}\n`
    const file = 'packages/web/src/components/Long.tsx'
    const rule = 'max-lines-per-function'
    expect(await messagesOf(file, component(FUNCTION_BUDGET), rule)).toEqual([])
    expect(await messagesOf(file, component(FUNCTION_BUDGET + 1), rule)).toEqual([
      expect.stringContaining(`Maximum allowed is ${FUNCTION_BUDGET}`),
    ])
    const listed = Object.keys(OVER_BUDGET)[0]
    expect(await messagesOf(listed, component(OVER_BUDGET[listed] + 1), rule)).toEqual([
      expect.stringContaining(`Maximum allowed is ${OVER_BUDGET[listed]}`),
    ])
  })

  it(
    'lists no file over the budget longer than its longest function: the list only shrinks',
    async () => {
      // Each listed file linted at one line less than its entry must still be over.
      const eslint = new ESLint({
        cwd: root,
        overrideConfig: Object.entries(OVER_BUDGET).map(([file, max]) => ({
          files: [file],
          rules: {
            'max-lines-per-function': [
              'error',
              { max: max - 1, skipBlankLines: true, skipComments: true },
            ],
          },
        })),
      })
      const results = await eslint.lintFiles(
        Object.keys(OVER_BUDGET).map((f) => path.join(root, f)),
      )
      const stale = results
        .filter((r) => !r.messages.some((m) => m.ruleId === 'max-lines-per-function'))
        .map((r) => path.relative(root, r.filePath))
      expect(stale).toEqual([])
      expect(results).toHaveLength(Object.keys(OVER_BUDGET).length)
    },
    budget(60_000),
  )
})
