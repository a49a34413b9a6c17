import { SMTPServer } from 'smtp-server'
import { budget } from './slowdown'

export interface ReceivedMail {
  to: string[]
  raw: string
  /** The body with quoted-printable soft breaks and escapes undone. */
  text: string
}

function decodeQuotedPrintable(raw: string): string {
  const body = raw.replace(/=\r?\n/g, '')
  return Buffer.from(
    body.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')
}

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startSmtpServer() {
  const inbox: ReceivedMail[] = []
  const waiters: (() => void)[] = []
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8')
        inbox.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        })
        waiters.splice(0).forEach((w) => w())
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as { port: number }).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** Resolves with the next message (or the n-th overall), failing after `ms`. */
    async waitFor(count: number, ms = budget(10_000)): Promise<ReceivedMail> {
      const deadline = Date.now() + ms
      while (inbox.length < count) {
        if (Date.now() > deadline) throw new Error(`no mail after ${ms} ms`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 200)
        })
      }
      return inbox[count - 1]!
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
