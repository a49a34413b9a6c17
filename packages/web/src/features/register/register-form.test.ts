import type { FieldErrors, ResolverOptions } from 'react-hook-form'
import { describe, expect, it } from 'vitest'
import { registerResolver, type RegisterForm } from './register-form'

const valid: RegisterForm = {
  name: 'Ana',
  email: 'ana@example.com',
  username: 'ana.souza',
  password: 'segredo123',
  confirmation: 'segredo123',
  sector: 'Cadastro',
}

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<RegisterForm>

async function messages(form: RegisterForm): Promise<Record<string, string | undefined>> {
  const { errors } = await registerResolver(form, undefined, options)
  return Object.fromEntries(
    Object.entries(errors as FieldErrors<RegisterForm>).map(([k, e]) => [k, e?.message as string]),
  )
}

describe('register form (the shared schema, spec section 5)', () => {
  it('accepts a complete form and hands over trimmed texts', async () => {
    const result = await registerResolver({ ...valid, name: ' Ana ' }, undefined, options)
    expect(result.errors).toEqual({})
    expect(result.values).toMatchObject({ name: 'Ana', confirmation: 'segredo123' })
  })

  it('names every empty field with its own message', async () => {
    expect(
      await messages({
        name: ' ',
        email: '',
        username: '',
        password: '',
        confirmation: '',
        sector: '',
      }),
    ).toEqual({
      name: 'É necessário informar o nome',
      email: 'É necessário informar o e-mail',
      username: 'É necessário informar o usuário',
      password: 'É necessário informar a senha',
      confirmation: 'É necessário informar a confirmação de senha',
      sector: 'É necessário informar o setor',
    })
  })

  it('refuses a confirmation that differs, even while other fields are empty', async () => {
    const errors = await messages({ ...valid, name: '', confirmation: 'outra1234' })
    expect(errors.confirmation).toBe('A confirmação da senha não confere!')
    expect(errors.name).toBe('É necessário informar o nome')
  })

  it('applies the server’s own rules: a short password, a malformed e-mail', async () => {
    const errors = await messages({
      ...valid,
      password: 'curta',
      confirmation: 'curta',
      email: 'x',
    })
    expect(errors.password).toBe('A senha deve ter pelo menos 8 caracteres')
    expect(errors.email).toBe('Informe um e-mail válido')
  })
})
