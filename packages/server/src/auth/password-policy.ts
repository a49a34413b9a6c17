import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import * as common from '@zxcvbn-ts/language-common'
import * as ptBr from '@zxcvbn-ts/language-pt-br'
import { MIN_PASSWORD_LENGTH, type MessageKey } from '@gis/shared'
import { fieldError } from '../http/errors'

// The estimator and its dictionaries (common passwords, pt-BR words, names) take about 0.1 s to
// set up: done at the first password checked, not at every start. Levenshtein matching is off:
// it made each check cost 100-400 ms of the event loop for little gain.
let factory: ZxcvbnFactory | undefined
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...ptBr.dictionary },
    graphs: common.adjacencyGraphs,
    translations: ptBr.translations,
    useLevenshteinDistance: false,
  })
  return factory
}

/**
 * A password found within this many guesses by the estimator (which tries the lists of common
 * passwords, pt-BR words and names, keyboard patterns, dates and the person's own details
 * first) counts as common.
 */
const MIN_GUESSES_LOG10 = 4

export interface PasswordOwner {
  username: string
  name?: string
  email?: string
}

/** The rule a new password breaks, as a message key, or undefined when it is acceptable. */
export function passwordProblem(password: string, owner: PasswordOwner): MessageKey | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return 'field.passwordTooShort'
  if (password.trim().toLowerCase() === owner.username.trim().toLowerCase()) {
    return 'password.sameAsUsername'
  }
  const inputs = [owner.username, owner.email ?? '', ...(owner.name ?? '').split(/\s+/)].filter(
    (s) => s.length >= 3,
  )
  const result = estimator().check(password, inputs)
  const [only, ...rest] = result.sequence
  // The whole password is one entry of the common-password list (in any case, l33t or reversed).
  const listed =
    rest.length === 0 &&
    only?.pattern === 'dictionary' &&
    (only as { dictionaryName?: string }).dictionaryName === 'passwords-common'
  if (listed || result.guessesLog10 < MIN_GUESSES_LOG10) return 'password.tooCommon'
  return undefined
}

/** 400 on `field` with the rule's Portuguese message when the password breaks one. */
export function assertAcceptablePassword(
  password: string,
  owner: PasswordOwner,
  field = 'password',
): void {
  const problem = passwordProblem(password, owner)
  if (problem) throw fieldError(field, problem)
}
