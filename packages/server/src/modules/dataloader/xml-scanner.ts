/**
 * A small streaming XML scanner for the parts of an xlsx (decision 68): text is handed on as it
 * comes (never gathered), and only an unfinished tag, comment, CDATA section or processing
 * instruction is kept between chunks, refused past `maxToken` characters. So memory stays
 * bounded whatever the document, and it runs on native string searches, several times faster
 * than a character-by-character parser on markup-dense parts. It is not a validating parser:
 * what it does not understand (a DOCTYPE, a tag that never ends) is an error.
 */

export interface XmlHandlers {
  /** An element opened: its local name (prefix dropped) and attributes (local names). */
  open?: (name: string, attributes: Record<string, string>) => void
  close?: (name: string) => void
  /** Text or CDATA, entities decoded, line ends as \n; one text may come in several pieces. */
  text?: (text: string) => void
}

export class XmlError extends Error {}

const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(lt|gt|amp|quot|apos));/g
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g

function decode(text: string): string {
  let out = text.includes('&')
    ? text.replace(ENTITY, (whole, dec?: string, hex?: string, name?: string) => {
        if (name) return NAMED[name]!
        const code = dec ? Number.parseInt(dec, 10) : Number.parseInt(hex!, 16)
        return code <= 0x10ffff ? String.fromCodePoint(code) : whole
      })
    : text
  if (out.includes('\r')) out = out.replace(/\r\n?/g, '\n')
  return out
}

/** The name without its namespace prefix. */
export const localName = (name: string) => name.slice(name.indexOf(':') + 1)

export class XmlScanner {
  private rest = ''

  constructor(
    private readonly handlers: XmlHandlers,
    private readonly maxToken: number,
  ) {}

  /** Scans a chunk; what it ends in the middle of waits for the next. */
  write(chunk: string) {
    const s = this.rest ? this.rest + chunk : chunk
    const i = this.scan(s)
    this.rest = i < s.length ? s.slice(i) : ''
    if (this.rest.length > this.maxToken) throw new XmlError('token too long')
  }

  /** The document's end: nothing may be left unfinished but blanks. */
  end() {
    if (this.rest.trim()) throw new XmlError('unfinished document')
  }

  private emitText(raw: string) {
    if (raw) this.handlers.text?.(decode(raw))
  }

  /** Scans from the start; returns where the unfinished part begins. */
  private scan(s: string): number {
    const n = s.length
    let i = 0
    while (i < n) {
      if (s.charCodeAt(i) !== 60 /* < */) {
        const lt = s.indexOf('<', i)
        let end = lt === -1 ? n : lt
        if (lt === -1) {
          // An entity or a \r\n cut by the chunk's end waits for the rest.
          const amp = s.lastIndexOf('&', n - 1)
          if (amp >= i && s.indexOf(';', amp) === -1) end = amp
          else if (end > i && s.charCodeAt(end - 1) === 13) end--
        }
        this.emitText(s.slice(i, end))
        i = end
        if (lt === -1) return i
        continue
      }
      const next = s.charCodeAt(i + 1)
      if (Number.isNaN(next)) return i
      if (next === 33 /* ! */) {
        if (n - i < 9) return i
        if (s.startsWith('<!--', i)) {
          const e = s.indexOf('-->', i + 4)
          if (e === -1) return i
          i = e + 3
        } else if (s.startsWith('<![CDATA[', i)) {
          const e = s.indexOf(']]>', i + 9)
          if (e === -1) return i
          const text = s.slice(i + 9, e)
          if (text) this.handlers.text?.(text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text)
          i = e + 3
        } else {
          throw new XmlError('declaration not allowed')
        }
        continue
      }
      if (next === 63 /* ? */) {
        const e = s.indexOf('?>', i + 2)
        if (e === -1) return i
        i = e + 2
        continue
      }
      if (next === 47 /* / */) {
        const e = s.indexOf('>', i + 2)
        if (e === -1) return i
        this.handlers.close?.(localName(s.slice(i + 2, e).trim()))
        i = e + 1
        continue
      }
      // An opening tag: its end is the first > outside quoted attribute values.
      let j = i + 1
      let e = -1
      scanTag: for (;;) {
        const gt = s.indexOf('>', j)
        if (gt === -1) break
        for (let k = j; k < gt; k++) {
          const c = s.charCodeAt(k)
          if (c === 34 /* " */ || c === 39 /* ' */) {
            const close = s.indexOf(s[k]!, k + 1)
            if (close === -1) break scanTag
            j = close + 1
            continue scanTag
          }
        }
        e = gt
        break
      }
      if (e === -1) return i
      const selfClosing = s.charCodeAt(e - 1) === 47
      const body = s.slice(i + 1, selfClosing ? e - 1 : e)
      const space = body.search(/[\s/]/)
      const name = localName(space === -1 ? body : body.slice(0, space))
      if (!name) throw new XmlError('tag without a name')
      const attributes: Record<string, string> = {}
      if (space !== -1) {
        ATTRIBUTE.lastIndex = space
        let m: RegExpExecArray | null
        while ((m = ATTRIBUTE.exec(body))) {
          attributes[localName(m[1]!)] = decode(m[2] ?? m[3] ?? '')
        }
      }
      this.handlers.open?.(name, attributes)
      if (selfClosing) this.handlers.close?.(name)
      i = e + 1
    }
    return i
  }
}
