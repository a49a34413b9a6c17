import { describe, expect, it } from 'vitest'
import { areaMessages } from './area-messages'
import { coreMessages } from './core-messages'
import { messages, t, type MessageKey } from './messages'

describe('message catalogue', () => {
  it('fills named slots and leaves unknown ones', () => {
    expect(t('field.tooLong', { max: 64 })).toBe('Texto muito longo (máximo de 64 caracteres)')
    expect(t('field.tooLong')).toBe('Texto muito longo (máximo de {max} caracteres)')
  })

  it('fails loudly for a missing key', () => {
    expect(() => t('no.such.key' as MessageKey)).toThrow(/Missing message key/)
  })

  it('keeps the spec texts word for word', () => {
    expect(messages['login.failed']).toBe('Falha ao realizar autenticação!')
    expect(messages['register.confirmationMismatch']).toBe('A confirmação da senha não confere!')
    expect(messages['register.emailRequired']).toBe('É necessário informar o e-mail')
  })

  it('keeps each key in one part: the core or an area', () => {
    const core = new Set(Object.keys(coreMessages))
    expect(Object.keys(areaMessages).filter((key) => core.has(key))).toEqual([])
  })

  it('has no empty text', () => {
    for (const [key, text] of Object.entries(messages)) expect(text.trim(), key).not.toBe('')
  })
})
