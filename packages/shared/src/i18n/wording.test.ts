import { describe, expect, it } from 'vitest'
import { messages, tn, type MessageKey } from './messages'

/**
 * One vocabulary (issue 42, point 6): the spec's own messages stay word for word, with their
 * 'nesta layer' and 'selecionado(s)'; every other text of the product says 'o layer'
 * (masculine, the spec's term for it, never 'camada') and agrees with its count instead of
 * writing '(s)' or '(ões)'.
 */
const SPEC_DICTATED: Partial<Record<MessageKey, string>> = {
  'layers.requestFailed': 'Erro ao requisitar informações sobre as layers...',
  'layers.notQueryable': 'Não é possível editar esta layer pois ela não está registrada no WFS!',
  'features.noCreatePermission': 'Você não possui permissão para criar features nesta layer!',
  'features.noEditPermission': 'Você não possui permissão para editar features nesta layer!',
  'syncfiles.noLayer': 'Selecione uma layer para começar.',
  'syncfiles.colLayerIndex': 'Indice da Layer',
  'search.selected': '{count} selecionado(s)',
}

const FEMININE_LAYER =
  /\b(a|as|uma|umas|da|das|na|nas|nesta|desta|esta|essa|dessa|nessa|pela|pelas|à|às)\s+layers?\b/i
const CAMADA = /\bcamadas?\b/i
const PLURAL_HACK = /\p{L}\((s|es|ões|ns)\)/u

describe('the message catalogue', () => {
  it("keeps the spec's own texts word for word", () => {
    for (const [key, text] of Object.entries(SPEC_DICTATED)) {
      expect(messages[key as MessageKey], key).toBe(text)
    }
  })

  it("says 'o layer', never 'a layer' nor 'camada', outside the spec's own texts", () => {
    const wrong = Object.entries(messages).filter(
      ([key, text]) => !(key in SPEC_DICTATED) && (FEMININE_LAYER.test(text) || CAMADA.test(text)),
    )
    expect(wrong).toEqual([])
  })

  it('agrees with its counts instead of writing (s) or (ões), outside the spec', () => {
    const wrong = Object.entries(messages).filter(
      ([key, text]) => !(key in SPEC_DICTATED) && PLURAL_HACK.test(text),
    )
    expect(wrong).toEqual([])
  })

  it('chooses the form of a count, written the Brazilian way', () => {
    const one = 'map.selection.count.one'
    const other = 'map.selection.count.other'
    expect(tn(one, other, 1)).toBe('1 feição')
    expect(tn(one, other, 3)).toBe('3 feições')
    expect(tn(one, other, 0)).toBe('0 feições')
    expect(tn(one, other, 21203)).toBe('21.203 feições')
  })
})
