import { z } from 'zod'
import { describe, expect, it } from 'vitest'
import { fieldErrors, type ApiResponse, useTestApp } from '../../test/harness'
import { validationErrors } from './errors'

const t = useTestApp()

const ENGLISH = /invalid|expected|received|required|too (big|small)|must|unrecognized|input|nan\b/i

/** A 400 with the Portuguese headline and these field messages, none of them in English. */
function expectFieldErrors(res: ApiResponse, expected: Record<string, string>) {
  expect(res.statusCode, res.body).toBe(400)
  expect(res.json().message).toBe('Erros de validação encontrados!')
  expect(fieldErrors(res)).toEqual(expected)
  for (const { message } of res.json().errors as { message: string }[]) {
    expect(message).not.toMatch(ENGLISH)
  }
}

describe('every 400 of the API speaks Portuguese', () => {
  it.each([
    [
      'paging: a page that is not a number',
      '/api/users?page=abc',
      'page',
      'Parâmetros de paginação inválidos',
    ],
    ['paging: a bad limit', '/api/logins?limit=0', 'limit', 'Parâmetros de paginação inválidos'],
    [
      'paging: an unknown sort',
      '/api/base-layers?sort=-senha',
      'sort',
      'Campo de ordenação inválido',
    ],
    [
      'a query too long',
      `/api/users?query=${'x'.repeat(201)}`,
      'query',
      'Texto muito longo (máximo de 200 caracteres)',
    ],
    ['path parameters: not a number', '/api/users/abc', 'id', 'Informe um número'],
    ['path parameters: not whole', '/api/users/1.5', 'id', 'Informe um número inteiro'],
    ['path parameters: not positive', '/api/base-layers/0', 'id', 'Informe um número maior que 0'],
  ])('%s', async (_case, url, field, message) => {
    expectFieldErrors(await t.get(url, t.admin), { [field]: message })
  })

  it('bodies: a key of the wrong type, a body of the wrong shape', async () => {
    const me = (await t.get('/api/me/profile', t.admin)).json()
    expectFieldErrors(await t.put(`/api/users/${me.id}`, { admin: 'sim', name: 42 }, t.admin), {
      admin: 'Informe sim ou não (true ou false)',
      name: 'Campo obrigatório',
    })
    expectFieldErrors(
      await t.post('/api/users/workspace', { active: 1, windowCounter: -1, windows: 'x' }, t.user),
      {
        active: 'Informe um texto',
        windowCounter: 'Informe um número maior ou igual a 0',
        windows: 'Informe uma lista',
      },
    )
    expectFieldErrors(
      await t.post(
        '/api/users/workspace',
        { active: null, windowCounter: 1.5, windows: [{ id: 'w1', type: 7 }] },
        t.user,
      ),
      {
        windowCounter: 'Informe um número inteiro',
        'windows.0.type': 'Informe um texto',
        'windows.0.title': 'Campo obrigatório',
      },
    )
    expectFieldErrors(await t.post('/auth/login', []), {
      '': 'Informe um objeto com os campos esperados',
    })
  })

  it('other client errors: malformed JSON, an unsupported content type, an unknown route', async () => {
    const json = await t.post('/auth/login', '{nope', {
      headers: { 'content-type': 'application/json' },
    })
    expect(json.json()).toEqual({ message: 'Requisição inválida.' })
    const type = await t.post('/auth/login', 'username=admin', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(type.statusCode).toBe(415)
    expect(type.json()).toEqual({ message: 'Tipo de conteúdo não suportado.' })
  })
})

describe('validationErrors', () => {
  it('gives one error per unknown key, on the key', () => {
    const schema = z.strictObject({ a: z.string(), inner: z.strictObject({ b: z.number() }) })
    const r = schema.safeParse({ a: 'x', c: 1, d: 2, inner: { b: 1, e: 3 } })
    expect(r.success).toBe(false)
    const issues = r.error!.issues.map((issue) => ({
      keyword: issue.code,
      instancePath: `/${issue.path.join('/')}`,
      schemaPath: '',
      message: issue.message,
      params: { ...issue },
    }))
    const errors = validationErrors(issues as never)
    expect(errors.sort((a, b) => a.field.localeCompare(b.field))).toEqual([
      { field: 'c', message: 'Campo desconhecido' },
      { field: 'd', message: 'Campo desconhecido' },
      { field: 'inner.e', message: 'Campo desconhecido' },
    ])
  })
})
