import { z } from 'zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  DEMO,
  fieldErrors,
  signIn,
  startTestApp,
  type ApiResponse,
  type TestApp,
} from '../../test/harness'
import { validationErrors } from './errors'

let t: TestApp
let admin: string
let user: string
beforeAll(async () => {
  t = await startTestApp()
  admin = await signIn(t.api, DEMO.admin)
  user = await signIn(t.api, DEMO.user)
})
afterAll(async () => {
  await t?.close()
})

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
  it('paging: a page that is not a number, a bad limit, an unknown sort', async () => {
    expectFieldErrors(await t.api({ url: '/api/users?page=abc', token: admin }), {
      page: 'Parâmetros de paginação inválidos',
    })
    expectFieldErrors(await t.api({ url: '/api/logins?limit=0', token: admin }), {
      limit: 'Parâmetros de paginação inválidos',
    })
    expectFieldErrors(await t.api({ url: '/api/base-layers?sort=-senha', token: admin }), {
      sort: 'Campo de ordenação inválido',
    })
    expectFieldErrors(await t.api({ url: `/api/users?query=${'x'.repeat(201)}`, token: admin }), {
      query: 'Texto muito longo (máximo de 200 caracteres)',
    })
  })

  it('path parameters: not a number, not whole, not positive', async () => {
    expectFieldErrors(await t.api({ url: '/api/users/abc', token: admin }), {
      id: 'Informe um número',
    })
    expectFieldErrors(await t.api({ url: '/api/users/1.5', token: admin }), {
      id: 'Informe um número inteiro',
    })
    expectFieldErrors(await t.api({ url: '/api/base-layers/0', token: admin }), {
      id: 'Informe um número maior que 0',
    })
  })

  it('bodies: a key of the wrong type, a body of the wrong shape', async () => {
    const me = (await t.api({ url: '/api/me/profile', token: admin })).json()
    expectFieldErrors(
      await t.api({
        method: 'PUT',
        url: `/api/users/${me.id}`,
        token: admin,
        payload: { admin: 'sim', name: 42 },
      }),
      { admin: 'Informe sim ou não (true ou false)', name: 'Campo obrigatório' },
    )
    expectFieldErrors(
      await t.api({
        method: 'POST',
        url: '/api/users/workspace',
        token: user,
        payload: { active: 1, windowCounter: -1, windows: 'x' },
      }),
      {
        active: 'Informe um texto',
        windowCounter: 'Informe um número maior ou igual a 0',
        windows: 'Informe uma lista',
      },
    )
    expectFieldErrors(
      await t.api({
        method: 'POST',
        url: '/api/users/workspace',
        token: user,
        payload: { active: null, windowCounter: 1.5, windows: [{ id: 'w1', type: 7 }] },
      }),
      {
        windowCounter: 'Informe um número inteiro',
        'windows.0.type': 'Informe um texto',
        'windows.0.title': 'Campo obrigatório',
      },
    )
    expectFieldErrors(await t.api({ method: 'POST', url: '/auth/login', payload: [] }), {
      '': 'Informe um objeto com os campos esperados',
    })
  })

  it('other client errors: malformed JSON, an unsupported content type, an unknown route', async () => {
    const json = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: '{nope',
      headers: { 'content-type': 'application/json' },
    })
    expect(json.json()).toEqual({ message: 'Requisição inválida.' })
    const type = await t.api({
      method: 'POST',
      url: '/auth/login',
      payload: 'username=admin',
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
