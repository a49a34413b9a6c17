import { vi } from 'vitest'

/** A call the app made through fetch (api/client.ts): its method, address and JSON body. */
export interface SeenCall {
  method: string
  url: string
  body: unknown
}

/** An answer: a status and a JSON body, or a function of the call that gives one. */
export type Answer = { status?: number; body?: unknown } | ((call: SeenCall) => Answer)

/**
 * Stubs fetch for one test (vi.restoreAllMocks() puts it back) with the test's own answers,
 * by 'METHOD /path?query'. A call the test did not expect fails the test (answered 599 and
 * listed in `unexpected`), so nothing reaches a network and nothing is answered by guess.
 */
export function answerFetch(answers: Record<string, Answer>) {
  const calls: SeenCall[] = []
  const unexpected: string[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const method = init?.method ?? 'GET'
    const text = typeof init?.body === 'string' ? init.body : undefined
    const call = { method, url, body: text === undefined ? undefined : JSON.parse(text) }
    calls.push(call)
    let answer = answers[`${method} ${url}`]
    if (!answer) {
      unexpected.push(`${method} ${url}`)
      return new Response(JSON.stringify({ message: 'unexpected call' }), { status: 599 })
    }
    while (typeof answer === 'function') answer = answer(call)
    const { status = 200, body } = answer
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    })
  })
  return {
    calls,
    unexpected,
    /** The calls of one method and path. */
    to: (method: string, url: string) => calls.filter((c) => c.method === method && c.url === url),
  }
}
