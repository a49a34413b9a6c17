import { describe, expect, it } from 'vitest'
import { passwordProblem } from './password-policy'

const owner = { username: 'carlos.lima', name: 'Carlos Lima', email: 'carlos@example.com' }

describe('password rules', () => {
  it('wants at least 8 characters', () => {
    expect(passwordProblem('Ab1-x9', owner)).toBe('field.passwordTooShort')
  })

  it('refuses the username, in any case', () => {
    expect(passwordProblem('Carlos.Lima', owner)).toBe('password.sameAsUsername')
  })

  it('refuses the most common passwords, in English and Portuguese', () => {
    for (const password of [
      '12345678',
      'password',
      'senha123',
      'admin123',
      'qwertyui',
      'abcd1234',
      'iloveyou1',
      'P@ssw0rd',
      'corinthians',
    ]) {
      expect(passwordProblem(password, owner), password).toBe('password.tooCommon')
    }
  })

  it('accepts passwords that are not', () => {
    for (const password of [
      'nova-senha-123',
      'trocada-123',
      'redefinida-1',
      'Mudar@123',
      'segredo123',
    ]) {
      expect(passwordProblem(password, owner), password).toBeUndefined()
    }
  })
})
