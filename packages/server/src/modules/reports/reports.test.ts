import type { ReportNode, ReportRecord } from '@gis/shared'
import { beforeAll, describe, expect, it } from 'vitest'
import { signIn, useTestApp } from '../../../test/harness'
import { sampleTemplate, saveBody } from '../../../test/reports'
import { postForm } from '../../../test/uploads'

const t = useTestApp()
let other: string
beforeAll(async () => {
  other = await signIn(t.api, { username: 'campo', password: 'campo1234' })
})

const save = (token: string, body: unknown) => t.post('/api/reports/templates', body, token)
const tree = async (token: string, query = '') => {
  const res = await t.get(`/api/reports${query}`, token)
  expect(res.statusCode).toBe(200)
  return res.json<ReportNode[]>()
}
/** Every report node of a tree with the folder path it sits in. */
function reports(nodes: ReportNode[], path: string[] = []): { path: string; name: string }[] {
  return nodes.flatMap((n) =>
    n.type === 'report'
      ? [{ path: path.join('/'), name: n.name }]
      : reports(n.children, [...path, n.name]),
  )
}
const rowOf = async (id: number) =>
  (
    await t.db.query<{ name: string; owner_id: number | null }>(
      'SELECT name, owner_id::int AS owner_id FROM app.report_templates WHERE id = $1',
      [id],
    )
  ).rows[0]

describe('report templates', () => {
  it('shows shared templates in folders, own ones under Meus Relatórios only when owned, invisible ones only with all=true for administrators', async () => {
    const before = reports(await tree(t.user))
    expect(before.some((r) => r.path.startsWith('Meus Relatórios'))).toBe(false)

    const shared = await save(t.admin, saveBody('Compartilhado A', { folder: 'Testes / Sub ' }))
    expect(shared.statusCode).toBe(201)
    expect(shared.json<ReportRecord>()).toMatchObject({ ownerId: null, folder: 'Testes/Sub' })
    const hidden = await save(t.admin, saveBody('Oculto B', { visible: false }))
    expect(hidden.statusCode).toBe(201)
    const mine = await save(t.user, saveBody('Meu C', { folder: 'Pessoal' }))
    expect(mine.statusCode).toBe(201)
    expect(mine.json<ReportRecord>().ownerId).not.toBeNull()

    const seen = reports(await tree(t.user))
    expect(seen).toContainEqual({ path: 'Testes/Sub', name: 'Compartilhado A' })
    expect(seen).toContainEqual({ path: 'Meus Relatórios/Pessoal', name: 'Meu C' })
    expect(seen.map((r) => r.name)).not.toContain('Oculto B')
    // all=true is for administrators only
    expect(reports(await tree(t.user, '?all=true')).map((r) => r.name)).not.toContain('Oculto B')
    const adminAll = reports(await tree(t.admin, '?all=true'))
    expect(adminAll.map((r) => r.name)).toContain('Oculto B')
    // another user's own template never shows, nor their Meus Relatórios
    const adminSeen = reports(await tree(t.admin))
    expect(adminSeen.map((r) => r.name)).not.toContain('Meu C')
    expect(adminSeen.map((r) => r.name)).not.toContain('Oculto B')
    expect(reports(await tree(other)).some((r) => r.path.startsWith('Meus Relatórios'))).toBe(false)

    const roots = await tree(t.user)
    const my = roots.find((n) => n.name === 'Meus Relatórios')!
    expect(my).toMatchObject({ type: 'directory', reportType: 'folder', parent: null })
    const node = my.children[0]!.children[0]!
    expect(node).toMatchObject({ type: 'report', reportId: mine.json().id, name: 'Meu C' })

    const custom = await t.get('/api/reports/custom', t.user)
    expect(custom.json<ReportNode[]>().map((n) => n.name)).toEqual(['Meu C'])
    const simpleSaved = await save(t.admin, saveBody('Simples D', { reportType: 'simple' }))
    expect(simpleSaved.statusCode).toBe(201)
    const simple = await t.get('/api/reports/simple', t.user)
    expect(simple.json<ReportNode[]>().map((n) => n.name)).toContain('Simples D')
    expect(simple.json<ReportNode[]>().every((n) => n.reportType === 'simple')).toBe(true)
  })

  it('reads a shared or own template, and answers 404 in Portuguese for anything else', async () => {
    const shared = (await save(t.admin, saveBody('Leitura A'))).json<ReportRecord>()
    const own = (await save(t.user, saveBody('Leitura B'))).json<ReportRecord>()
    const hidden = (await save(t.admin, saveBody('Leitura C', { visible: false }))).json()
    const ok = await t.get(`/api/reports/json/${shared.id}`, t.user)
    expect(ok.statusCode).toBe(200)
    expect(ok.json<ReportRecord>().template.name).toBe('Leitura A')
    expect((await t.get(`/api/reports/json/${own.id}`, t.user)).statusCode).toBe(200)
    for (const [id, token] of [
      [own.id, other],
      [own.id, t.admin],
      [hidden.id, t.user],
      [999999, t.user],
    ] as const) {
      const res = await t.get(`/api/reports/json/${id}`, token)
      expect(res.statusCode).toBe(404)
      expect(res.json().message).toBe('Relatório não encontrado.')
    }
    expect((await t.get(`/api/reports/json/${hidden.id}`, t.admin)).statusCode).toBe(200)
    expect((await t.get('/api/reports')).statusCode).toBe(401)
  })

  it('lets administrators change shared templates and owners their own; others change nothing', async () => {
    const shared = (await save(t.admin, saveBody('Permissão A'))).json<ReportRecord>()
    // a plain user asking for a shared one still saves into their own
    const own = (await save(t.user, saveBody('Permissão B', { mine: false }))).json<ReportRecord>()
    expect((await rowOf(own.id))!.owner_id).not.toBeNull()

    const renamed = (name: string) => saveBody(name, { template: sampleTemplate(name) })
    const put = (id: number, token: string, name: string) =>
      t.put(`/api/reports/templates/${id}`, renamed(name), token)
    const del = (id: number, token: string) => t.del(`/api/reports/templates/${id}`, token)

    const denied = await put(shared.id, t.user, 'Invadido')
    expect(denied.statusCode).toBe(403)
    expect(denied.json().message).toBe('Você não pode alterar este relatório.')
    expect((await del(shared.id, t.user)).statusCode).toBe(403)
    expect((await put(own.id, other, 'Invadido')).statusCode).toBe(404)
    expect((await del(own.id, other)).statusCode).toBe(404)
    expect((await put(own.id, t.admin, 'Invadido')).statusCode).toBe(404)
    expect((await rowOf(shared.id))!.name).toBe('Permissão A')
    expect((await rowOf(own.id))!.name).toBe('Permissão B')

    // bad input changes nothing
    const bad = await t.put(
      `/api/reports/templates/${own.id}`,
      { ...renamed('X'), template: { ...sampleTemplate('X'), grid: [] } },
      t.user,
    )
    expect(bad.statusCode).toBe(400)
    expect((await rowOf(own.id))!.name).toBe('Permissão B')

    const ok = await put(shared.id, t.admin, 'Permissão A2')
    expect(ok.statusCode).toBe(200)
    expect(ok.json<ReportRecord>()).toMatchObject({ name: 'Permissão A2', ownerId: null })
    const ownOk = await put(own.id, t.user, 'Permissão B2')
    expect(ownOk.statusCode).toBe(200)
    expect((await rowOf(own.id))!.name).toBe('Permissão B2')

    expect((await del(own.id, t.user)).statusCode).toBe(204)
    expect(await rowOf(own.id)).toBeUndefined()
    expect((await del(shared.id, t.admin)).statusCode).toBe(204)
    expect(await rowOf(shared.id)).toBeUndefined()
    expect((await del(shared.id, t.admin)).statusCode).toBe(404)
  })

  it('imports a .json template into the caller own templates, refusing other files and bad content', async () => {
    const url = '/api/reports/templates/import'
    const file = (name: string, content: unknown) => ({
      name,
      bytes: typeof content === 'string' ? content : JSON.stringify(content),
      type: 'application/json',
    })
    const bare = await postForm(t.baseUrl, url, t.user, {
      category: 'customTemplate',
      file: file('bare.json', sampleTemplate('Importado A')),
    })
    expect(bare.statusCode).toBe(201)
    expect(bare.json()).toMatchObject({ name: 'Importado A', folder: '' })
    expect(bare.json().ownerId).not.toBeNull()

    const wrapped = await postForm(t.baseUrl, url, t.admin, {
      category: 'customTemplate',
      file: file('full.JSON', {
        template: sampleTemplate('Importado B'),
        parameters: [{ name: 'LAYER_NAME', type: 'LAYER_NAME', value: 'oae' }],
        reportType: 'record',
        folder: 'Importados',
      }),
    })
    expect(wrapped.statusCode).toBe(201)
    // even an administrator's import goes into their own templates
    expect(wrapped.json()).toMatchObject({ reportType: 'record', folder: 'Importados' })
    expect(wrapped.json().ownerId).not.toBeNull()
    expect(wrapped.json().parameters).toHaveLength(1)

    const count = async () =>
      (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM app.report_templates'))
        .rows[0]!.n
    const before = await count()
    const txt = await postForm(t.baseUrl, url, t.user, {
      category: 'customTemplate',
      file: file('modelo.txt', sampleTemplate('X')),
    })
    expect(txt.statusCode).toBe(400)
    expect(txt.json().message).toBe('Formato de arquivo não suportado!')
    for (const content of ['{nada', { name: 'Sem grade' }, [1, 2], 'null']) {
      const res = await postForm(t.baseUrl, url, t.user, { file: file('ruim.json', content) })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('O arquivo não é uma template válida.')
    }
    expect(await count()).toBe(before)
  })
})

describe('template limits', () => {
  /** A template whose first page nests `depth` groups, one inside the other. */
  function nested(name: string, depth: number) {
    const template = sampleTemplate(name)
    let table = template.grid[0]!
    for (let i = 0; i < depth; i++) {
      const child = {
        type: 'NONE' as const,
        rows: [{ cells: [{ colSpan: 1, rowSpan: 1, value: `nível ${i + 1}` }] }],
      }
      table.rows[0]!.cells[0]!.child = child
      table = child
    }
    return template
  }
  /** The same as JSON text, built without recursion (JSON.stringify stops at a few thousand levels). */
  function nestedJson(name: string, depth: number) {
    const group = (inner: string) =>
      `{"type":"NONE","rows":[{"cells":[{"colSpan":1,"rowSpan":1,"value":"x","child":${inner}}]}]}`
    let table = 'null'
    for (let i = 0; i < depth; i++) table = group(table)
    const body = JSON.stringify(saveBody(name, { template: { ...sampleTemplate(name), grid: [] } }))
    return body.replace('"grid":[]', `"grid":[${group(table)}]`)
  }
  const tooDeep = 'A template tem grupos aninhados em mais de 16 níveis.'
  const importUrl = '/api/reports/templates/import'
  const jsonFile = (name: string, bytes: Buffer | string) => ({
    name,
    bytes,
    type: 'application/json',
  })

  it('refuses groups nested past the 16 levels the renderer draws, in Portuguese, on save and import', async () => {
    // the deepest the renderer draws: saved, and each level rendered
    const deepest = await save(
      t.admin,
      saveBody('Dezesseis níveis', { template: nested('Dezesseis níveis', 16) }),
    )
    expect(deepest.statusCode).toBe(201)
    const preview = await t.post(
      `/api/reports/${deepest.json().id}/preview`,
      { layerName: 'oae' },
      t.user,
    )
    expect(preview.statusCode).toBe(200)
    const texts = preview.json().pages[0].cells.map((c: { text: string }) => c.text)
    expect(texts).toContain('nível 16')

    for (const depth of [17, 250, 500]) {
      const body = saveBody(`Fundo ${depth}`, { template: nested(`Fundo ${depth}`, depth) })
      const res = await save(t.user, body)
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(tooDeep)
      const put = await t.put(`/api/reports/templates/${deepest.json().id}`, body, t.admin)
      expect(put.statusCode).toBe(400)
      expect(put.json().message).toBe(tooDeep)
      const imported = await postForm(t.baseUrl, importUrl, t.user, {
        file: jsonFile('fundo.json', JSON.stringify(body.template)),
      })
      expect(imported.statusCode).toBe(400)
      expect(imported.json().message).toBe(tooDeep)
    }
    // past what JSON.stringify writes: the server reads it, and says the same
    const text = nestedJson('Fundo', 20_000)
    const res = await save(t.user, text)
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(tooDeep)
    const imported = await postForm(t.baseUrl, importUrl, t.user, {
      file: jsonFile('fundo.json', text),
    })
    expect(imported.statusCode).toBe(400)
    expect(imported.json().message).toBe(tooDeep)
    // any other value nested past what a template needs (a parameter's value is free JSON)
    const parameter = JSON.stringify(
      saveBody('Valor fundo', { parameters: [{ name: 'x', type: 'TEXT', value: 'aqui' }] }),
    ).replace('"aqui"', '['.repeat(5000) + ']'.repeat(5000))
    const nestedValue = await save(t.user, parameter)
    expect(nestedValue.statusCode).toBe(400)
    expect(nestedValue.json().message).toBe(
      'A template tem valores aninhados em mais de 128 níveis.',
    )
    expect((await rowOf(deepest.json().id))!.name).toBe('Dezesseis níveis')
  })

  it('imports a file of 20 MiB and refuses one byte more, naming the limit', async () => {
    const template = Buffer.from(JSON.stringify(sampleTemplate('Grande')))
    // spaces after the JSON keep it valid at any size
    const sized = (size: number) =>
      Buffer.concat([template, Buffer.alloc(size - template.length, ' ')])
    const limit = 20 * 1_048_576
    const ok = await postForm(t.baseUrl, importUrl, t.user, {
      file: jsonFile('grande.json', sized(limit)),
    })
    expect(ok.json()).toMatchObject({ name: 'Grande' })
    expect(ok.statusCode).toBe(201)
    for (const size of [limit + 1, limit + 2, limit + 1_048_576]) {
      const res = await postForm(t.baseUrl, importUrl, t.user, {
        file: jsonFile('grande.json', sized(size)),
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe('O arquivo passa do limite de 20 MB.')
    }
  })
})
