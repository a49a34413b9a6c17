import { describe, expect, it } from 'vitest'
import { validateRegister } from './register-rules'

const valid = {
  name: 'Ana',
  email: 'ana@example.com',
  username: 'ana.souza',
  password: 'segredo123',
  confirmation: 'segredo123',
  sector: 'Cadastro',
}

describe('register rules (spec section 5)', () => {
  it('accepts a complete form', () => {
    expect(validateRegister(valid)).toEqual({})
  })

  it('names every empty field with its own message', () => {
    const errors = validateRegister({
      name: ' ',
      email: '',
      username: '',
      password: '',
      confirmation: '',
      sector: '',
    })
    expect(errors).toEqual({
      name: 'É necessário informar o nome',
      email: 'É necessário informar o e-mail',
      username: 'É necessário informar o usuário',
      password: 'É necessário informar a senha',
      confirmation: 'É necessário informar a confirmação de senha',
      sector: 'É necessário informar o setor',
    })
  })

  it('refuses a confirmation that differs', () => {
    expect(validateRegister({ ...valid, confirmation: 'outra1234' }).confirmation).toBe(
      'A confirmação da senha não confere!',
    )
  })
})
