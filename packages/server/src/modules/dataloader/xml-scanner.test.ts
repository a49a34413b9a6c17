import { describe, expect, it } from 'vitest'
import { XmlError, XmlScanner } from './xml-scanner'

/** The events of a document fed in the chunks given, text pieces joined. */
function events(chunks: string[], maxToken = 1 << 20): string[] {
  const out: string[] = []
  const scanner = new XmlScanner(
    {
      open: (name, attributes) => out.push(`<${name} ${JSON.stringify(attributes)}`),
      close: (name) => out.push(`</${name}`),
      text: (text) => {
        if (out.at(-1)?.startsWith('"')) out[out.length - 1] += text
        else out.push(`"${text}`)
      },
    },
    maxToken,
  )
  for (const chunk of chunks) scanner.write(chunk)
  scanner.end()
  return out
}

const DOC =
  '<?xml version="1.0" encoding="UTF-8"?>\r\n<!-- a <comment> -->' +
  '<x:sst xmlns:x="urn:x" a=\'1 > 0\' b="&quot;q&quot;"><si><t xml:space="preserve"> a &amp; b &lt;c&gt; &#233;&#x1F600;\r\nfim </t></si>' +
  '<si><r><t>ri</t></r><r><t><![CDATA[ch <not a tag> ]]></t></r><rPh><t>ふ</t></rPh></si><empty/></x:sst>'

describe('XmlScanner', () => {
  it('reads tags, attributes, entities, comments, CDATA and line ends', () => {
    expect(events([DOC])).toEqual([
      '"\n',
      '<sst {"x":"urn:x","a":"1 > 0","b":"\\"q\\""}',
      '<si {}',
      '<t {"space":"preserve"}',
      '" a & b <c> é😀\nfim ',
      '</t',
      '</si',
      '<si {}',
      '<r {}',
      '<t {}',
      '"ri',
      '</t',
      '</r',
      '<r {}',
      '<t {}',
      '"ch <not a tag> ',
      '</t',
      '</r',
      '<rPh {}',
      '<t {}',
      '"ふ',
      '</t',
      '</rPh',
      '</si',
      '<empty {}',
      '</empty',
      '</sst',
    ])
  })

  it('gives the same events wherever the document is cut', () => {
    const whole = events([DOC])
    for (let at = 1; at < DOC.length; at++) {
      expect(events([DOC.slice(0, at), DOC.slice(at)]), `cut at ${at}`).toEqual(whole)
    }
    expect(events(DOC.split(''))).toEqual(whole)
  })

  it('keeps no text, and refuses an unfinished tag, comment or CDATA past its limit', () => {
    const scanner = new XmlScanner({}, 1000)
    scanner.write('<t>')
    for (let i = 0; i < 100; i++) scanner.write('x'.repeat(10_000))
    scanner.write('</t>')
    expect(() => events(['<a b="', 'x'.repeat(2000)], 1000)).toThrow(XmlError)
    expect(() => events(['<!--', '<>'.repeat(1000)], 1000)).toThrow(XmlError)
    expect(() => events(['<![CDATA[', 'x'.repeat(2000)], 1000)).toThrow(XmlError)
    expect(() => events(['<!DOCTYPE x [<!ENTITY a "b">]><x/>'])).toThrow(XmlError)
    expect(() => events(['<a><b'])).toThrow(XmlError)
  })
})
