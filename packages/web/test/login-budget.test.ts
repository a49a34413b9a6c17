import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'

/**
 * The sign-in page's JavaScript budget (docs/web.md, 'First load'): what the browser loads
 * for /login is index.html's entry and the modules it preloads (the page's static import
 * closure); the lazy parts load later. Gzip -9 of each file, as bench/bundle-size.mjs counts.
 */
const LOGIN_BUDGET_KB = 200
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist')

function loginScripts(): string[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8')
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
  return [...new Set(files)]
}

describe('the sign-in page', () => {
  it(`loads at most ${LOGIN_BUDGET_KB} KB of gzipped JavaScript`, () => {
    expect(existsSync(path.join(dist, 'index.html')), 'the built app (npm run build)').toBe(true)
    const files = loginScripts()
    expect(files.length).toBeGreaterThan(0)
    const sizes = files.map((file) => ({
      file,
      kb: gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024,
    }))
    const total = sizes.reduce((sum, s) => sum + s.kb, 0)
    const heaviest = [...sizes]
      .sort((a, b) => b.kb - a.kb)
      .slice(0, 5)
      .map((s) => `${s.file} ${s.kb.toFixed(1)} KB`)
      .join(', ')
    expect(
      total,
      `/login loads ${total.toFixed(1)} KB (heaviest: ${heaviest})`,
    ).toBeLessThanOrEqual(LOGIN_BUDGET_KB)
  })

  it('carries none of the map, the workspace windows or the areas’ texts', () => {
    const code = loginScripts()
      .map((file) => readFileSync(path.join(dist, file), 'utf8'))
      .join('\n')
    // Texts only the signed-in areas have: the map's region, a window title, an admin action.
    for (const text of ['Área de trabalho', 'PAINEL DE CONTROLE', 'IMPORTAR DADOS']) {
      expect(code.includes(text), text).toBe(false)
    }
    expect(code.includes('ol-viewport'), 'OpenLayers').toBe(false)
  })
})
