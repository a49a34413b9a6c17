import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { afterAll, describe, expect, it } from 'vitest'
import { floorsRule } from './floors-rule.js'
import { noCycleRule } from './no-cycle-rule.js'

const dir = mkdtempSync(path.join(tmpdir(), 'lint-rules-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Writes a small project (files by relative path) and lints it with the two local rules. */
async function lint(name, files, zones = []) {
  const root = path.join(dir, name)
  for (const [file, text] of Object.entries({ 'tsconfig.json': '{}', ...files })) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    writeFileSync(path.join(root, file), text)
  }
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { local: { rules: { floors: floorsRule, 'no-cycle': noCycleRule } } },
        rules: { 'local/floors': ['error', { zones }], 'local/no-cycle': 'error' },
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
      zones,
    )
    expect(messages).toEqual(['src/lower/x.ts: No upward import. (../upper/y)'])
  })

  it('lets a feature import another only through its index', async () => {
    const zones = ['a', 'b'].map((f) => ({
      target: `./features/${f}`,
      from: './features',
      except: `./features/${f}`,
      indexOnly: true,
      message: 'Through the index only.',
    }))
    const messages = await lint(
      'index-only',
      {
        'features/a/index.ts': "export { a } from './a'\n",
        'features/a/a.ts': "import { b } from '../b'\nexport const a = b\n",
        'features/a/inner.ts': "import { c } from '../b/c'\nexport const inner = c\n",
        'features/b/index.ts': "export { c as b } from './c'\n",
        'features/b/c.ts': 'export const c = 1\n',
      },
      zones,
    )
    expect(messages).toEqual(['features/a/inner.ts: Through the index only. (../b/c)'])
  })
})
