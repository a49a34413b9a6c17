import Fastify, { type FastifyBaseLogger } from 'fastify'
import { describe, expect, it } from 'vitest'
import { humanLine, humanLogStream, parseLogFormat } from './log-format'

// The app's own logger (pino, as Fastify makes it) writing into the readable stream.
function logged(write: (log: FastifyBaseLogger) => void): string {
  const out: string[] = []
  const stream = humanLogStream({ write: (t: string) => out.push(t) })
  write(Fastify({ logger: { level: 'debug', stream } }).log)
  return out.join('')
}

describe('the readable log', () => {
  it('writes a request as one line: the time and the message, without pino fields', () => {
    const text = logged((log) => log.child({ reqId: 'req-1' }).info('GET /healthz 200 5,1 ms'))
    expect(text).toMatch(/^\d\d:\d\d:\d\d {2}GET \/healthz 200 5,1 ms\n$/)
  })

  it('names the level of a warning or an error in Portuguese and puts the stack below', () => {
    const text = logged((log) => log.error({ err: new Error('caiu'), job: 7 }, 'Falha no job'))
    expect(text).toMatch(
      /^\d\d:\d\d:\d\d {2}ERRO {2}Falha no job {2}job=7\n {4}Error: caiu\n\s+at /,
    )
    expect(logged((log) => log.warn('cuidado'))).toMatch(/ {2}AVISO {2}cuidado\n$/)
  })

  it('passes a line that is not JSON through unchanged', () => {
    expect(humanLine('texto solto')).toBe('texto solto\n')
  })
})

describe('LOG_FORMAT', () => {
  it('is human by default, json when asked, and refuses anything else', () => {
    expect(parseLogFormat(undefined)).toBe('human')
    expect(parseLogFormat('json')).toBe('json')
    expect(() => parseLogFormat('xml')).toThrow('LOG_FORMAT deve ser "human" ou "json"')
  })
})
