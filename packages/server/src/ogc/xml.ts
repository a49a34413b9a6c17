import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { OwsError } from './ows-errors'

/** Largest XML request body accepted (a GetFeature with a filter is a few kilobytes). */
export const MAX_XML_BYTES = 256 * 1024

/** An element as parsed: attributes under '@_name', children by local name, text under '#text'. */
export type XmlNode = { [key: string]: XmlNode | XmlNode[] | string | undefined }

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  // Only the five predefined entities and character references: there is never a DTD.
  processEntities: true,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  alwaysCreateTextNode: true,
  isArray: (_name, _jpath, _leaf, isAttribute) => !isAttribute,
})

/**
 * Parses untrusted XML: bounded size, and no DTD at all, so no external entity can be read
 * and no entity can expand (billion laughs). Element names lose their namespace prefixes.
 */
export function parseUntrustedXml(body: string): XmlNode {
  if (Buffer.byteLength(body, 'utf8') > MAX_XML_BYTES) {
    throw new OwsError('OperationParsingFailed', 'ogc.xmlTooLarge', undefined, {
      max: MAX_XML_BYTES,
    })
  }
  if (/<!DOCTYPE|<!ENTITY|<!ELEMENT|<!ATTLIST/i.test(body)) {
    throw new OwsError('OperationParsingFailed', 'ogc.xmlDoctype')
  }
  if (XMLValidator.validate(body) !== true) {
    throw new OwsError('OperationParsingFailed', 'ogc.xmlInvalid')
  }
  try {
    return parser.parse(body) as XmlNode
  } catch {
    throw new OwsError('OperationParsingFailed', 'ogc.xmlInvalid')
  }
}

/** Child elements by local name (always a list). */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name]
  if (value === undefined || typeof value === 'string') return []
  return Array.isArray(value) ? value : [value]
}

export function child(node: XmlNode | undefined, name: string): XmlNode | undefined {
  return children(node, name)[0]
}

export function attr(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.[`@_${name}`]
  return typeof value === 'string' ? value : undefined
}

/** The text of an element (elements parse as nodes, text under '#text'). */
export function text(node: XmlNode | string | undefined): string {
  if (node === undefined) return ''
  if (typeof node === 'string') return node
  const value = node['#text']
  return typeof value === 'string' ? value : Array.isArray(value) ? String(value[0] ?? '') : ''
}

/** The element children of a node, with their local names, in document order per name. */
export function elements(node: XmlNode): { name: string; node: XmlNode }[] {
  return Object.keys(node)
    .filter((k) => !k.startsWith('@_') && k !== '#text')
    .flatMap((k) => children(node, k).map((n) => ({ name: k, node: n })))
}
