/** How the server writes its log: one readable line per entry, or pino's JSON (LOG_FORMAT). */
export type LogFormat = 'human' | 'json'

const LEVEL_TAGS: Record<number, string> = {
  10: 'RASTRO',
  20: 'DEPURAÇÃO',
  40: 'AVISO',
  50: 'ERRO',
  60: 'FATAL',
}

// pino's own fields, not worth repeating on a readable line.
const BASE_FIELDS = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'err'])

const clock = new Intl.DateTimeFormat('pt-BR', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

interface LogEntry {
  level?: number
  time?: number
  msg?: string
  err?: { message?: string; stack?: string }
  [field: string]: unknown
}

/**
 * One pino JSON line as a person reads it: the time, the level when it is not plain
 * information, the message, any other field as `name=value`, and an error's stack below.
 */
export function humanLine(json: string): string {
  let entry: LogEntry
  try {
    entry = JSON.parse(json) as LogEntry
  } catch {
    return json.endsWith('\n') ? json : `${json}\n`
  }
  const parts = [clock.format(new Date(entry.time ?? Date.now()))]
  const tag = LEVEL_TAGS[entry.level ?? 30]
  if (tag) parts.push(tag)
  if (entry.msg) parts.push(entry.msg)
  for (const [name, value] of Object.entries(entry)) {
    if (BASE_FIELDS.has(name)) continue
    parts.push(`${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
  }
  let line = parts.join('  ')
  if (entry.err)
    line += `\n    ${(entry.err.stack ?? entry.err.message ?? '').replace(/\n/g, '\n    ')}`
  return `${line}\n`
}

/** A destination for pino that writes each entry with `humanLine`. */
export function humanLogStream(out: { write(text: string): unknown } = process.stdout): {
  write(line: string): void
} {
  return { write: (line: string) => void out.write(humanLine(line)) }
}

/** LOG_FORMAT: `human` (the default) or `json`. */
export function parseLogFormat(value: string | undefined): LogFormat {
  if (value === undefined || value === '' || value === 'human') return 'human'
  if (value === 'json') return 'json'
  throw new Error(`LOG_FORMAT deve ser "human" ou "json", não "${value}"`)
}
