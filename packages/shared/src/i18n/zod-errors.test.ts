import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { pagingQuerySchema } from '../paging/paging'
import './zod-errors'

const messageOf = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input)
  if (r.success) throw new Error('expected a failure')
  return r.error.issues.map((i) => i.message)
}

describe('the pt-BR zod error map', () => {
  it('answers every issue code in Portuguese', () => {
    const cases: [z.ZodType, unknown, string][] = [
      [z.number(), 'abc', 'Informe um número'],
      [z.coerce.number(), 'abc', 'Informe um número'],
      [z.number().int(), 1.5, 'Informe um número inteiro'],
      [z.string(), 12, 'Informe um texto'],
      [z.string(), undefined, 'Campo obrigatório'],
      [z.boolean(), 'sim', 'Informe sim ou não (true ou false)'],
      [z.array(z.string()), 'x', 'Informe uma lista'],
      [z.object({ a: z.string() }), [], 'Informe um objeto com os campos esperados'],
      [z.string().min(1), '', 'Campo obrigatório'],
      [z.string().min(3), 'ab', 'Informe pelo menos 3 caracteres'],
      [z.string().length(2), 'abc', 'Informe exatamente 2 caracteres'],
      [z.string().max(5), 'abcdef', 'Texto muito longo (máximo de 5 caracteres)'],
      [z.number().min(0), -1, 'Informe um número maior ou igual a 0'],
      [z.number().positive(), 0, 'Informe um número maior que 0'],
      [z.number().max(255), 256, 'Informe um número menor ou igual a 255'],
      [z.number().lt(10), 10, 'Informe um número menor que 10'],
      [z.array(z.number()).min(2), [1], 'Informe pelo menos 2 itens'],
      [z.array(z.number()).max(1), [1, 2], 'Informe no máximo 1 itens'],
      [z.email(), 'x', 'Informe um e-mail válido'],
      [z.url(), 'não é url', 'Informe um endereço (URL) válido'],
      [z.uuid(), 'x', 'Informe um identificador (UUID) válido'],
      [z.iso.date(), '2024-02-30', 'Informe uma data válida (aaaa-mm-dd)'],
      [z.iso.time(), '25:00', 'Informe uma hora válida (hh:mm ou hh:mm:ss)'],
      [z.iso.datetime(), 'ontem', 'Informe data e hora válidas'],
      [z.string().regex(/^\d+$/), 'x', 'Formato inválido'],
      [z.number().multipleOf(5), 7, 'Informe um múltiplo de 5'],
      [z.enum(['point', 'polygon']), 'circle', 'Valor inválido: use um destes: point, polygon'],
      [z.literal('WFS'), 'WMS', 'Valor inválido: use WFS'],
      [z.strictObject({ a: z.string() }), { a: 'x', b: 1 }, 'Campo desconhecido'],
      [z.strictObject({}), { b: 1, c: 2 }, 'Campos desconhecidos: b, c'],
      [z.union([z.string(), z.number()]), true, 'Valor inválido'],
      [z.record(z.string().regex(/^a/), z.number()), { b: 1 }, 'Chave inválida'],
      [
        z.date().min(new Date('2020-01-01')),
        new Date('2019-01-01'),
        'Informe uma data a partir de 2020-01-01',
      ],
    ]
    for (const [schema, input, message] of cases) {
      expect(messageOf(schema, input), JSON.stringify(input)).toContain(message)
    }
  })

  it('keeps a schema’s own message', () => {
    expect(messageOf(z.string({ error: 'Meu texto' }), 1)).toEqual(['Meu texto'])
    expect(messageOf(pagingQuerySchema, { page: 'abc' })).toEqual([
      'Parâmetros de paginação inválidos',
    ])
  })

  it('never answers in English', () => {
    const english = /invalid|expected|received|too (big|small)|must|unrecognized|input/i
    const schemas: [z.ZodType, unknown][] = [
      [
        z.object({ n: z.number(), s: z.string().max(2), e: z.enum(['a', 'b']) }).strict(),
        {
          n: 'x',
          s: 'abc',
          e: 'c',
          x: 1,
        },
      ],
      [z.tuple([z.string()]), [1, 2]],
      [z.map(z.string(), z.number()), new Map([['a', 'b']])],
      [z.set(z.number()), new Set(['a'])],
      [z.bigint(), 1],
      [z.never(), 1],
      [z.string().startsWith('a'), 'b'],
      [z.custom(() => false), 1],
      [z.discriminatedUnion('k', [z.object({ k: z.literal('a') })]), { k: 'b' }],
    ]
    for (const [schema, input] of schemas) {
      for (const message of messageOf(schema, input)) expect(message).not.toMatch(english)
    }
  })
})
