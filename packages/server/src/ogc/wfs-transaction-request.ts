import { DEFAULT_CRS, parseCrs, type Crs } from './crs'
import { geometryIn, gmlGeometry, type GmlGeometry } from './gml-geometry'
import { OwsError } from './ows-errors'
import { localName, parseFilter, parseResourceId, type Filter } from './wfs-filter'
import { attr, child, children, elements, text, type XmlNode } from './xml'

/** Most actions (each inserted feature counts as one) in one Transaction. */
export const MAX_ACTIONS = 1000

/** A property value: text (null when empty or nil), or a geometry (null to remove it). */
export type TxValue =
  { kind: 'text'; value: string | null } | { kind: 'geometry'; geometry: GmlGeometry | null }

export interface TxFeature {
  typeName: string
  properties: Map<string, TxValue>
}

export type TxAction =
  | { kind: 'insert'; handle?: string; features: TxFeature[] }
  | {
      kind: 'update'
      handle?: string
      typeName: string
      properties: Map<string, TxValue>
      filter: Filter
      /** Versions the client read, by feature id (fes:ResourceId's `version`): see decision 81. */
      versions: Map<number, string>
    }
  | {
      kind: 'delete'
      handle?: string
      typeName: string
      filter: Filter
      versions: Map<number, string>
    }

export interface TransactionRequest {
  version: '2.0.0' | '1.1.0'
  actions: TxAction[]
  /** The lock (LockFeature) whose features this Transaction may change, and what it releases. */
  lockId?: string
  releaseAction: 'ALL' | 'SOME'
}

const ACTIONS = ['Insert', 'Update', 'Delete', 'Replace', 'Native'] as const

/**
 * The actions in document order. The parser groups children by name, so the order of mixed
 * actions is read from the text: the tags of the actions, which no other element of a
 * Transaction is named, counted against what was parsed.
 */
function actionOrder(body: string, tx: XmlNode): { name: string; node: XmlNode }[] {
  const found = [...body.matchAll(/<(?:[\w.-]+:)?(Insert|Update|Delete|Replace|Native)[\s/>]/g)]
  const seen: Record<string, number> = {}
  const ordered = found.map((m) => {
    const name = m[1]!
    const i = (seen[name] = (seen[name] ?? -1) + 1)
    return { name, node: children(tx, name)[i] }
  })
  const parsed = ACTIONS.reduce((n, a) => n + children(tx, a).length, 0)
  if (ordered.length !== parsed || ordered.some((o) => !o.node)) {
    throw new OwsError('OperationParsingFailed', 'ogc.xmlInvalid')
  }
  return ordered as { name: string; node: XmlNode }[]
}

function isNil(node: XmlNode): boolean {
  return attr(node, 'nil')?.toLowerCase() === 'true'
}

/** A property's value: its geometry element if it has one, else its text. */
function valueOf(node: XmlNode | undefined, crs: Crs, prop: string): TxValue {
  if (!node || isNil(node)) return { kind: 'text', value: null }
  const g = geometryIn(node)
  if (g) return { kind: 'geometry', geometry: gmlGeometry(g.name, g.node, crs, prop) }
  const value = text(node)
  return { kind: 'text', value: value === '' ? null : value }
}

function typeNameOf(node: XmlNode): string {
  const name = attr(node, 'typeName') ?? attr(node, 'typeNames')
  if (!name) {
    throw new OwsError('MissingParameterValue', 'ogc.missingParameter', 'typeName', {
      name: 'typeName',
    })
  }
  return localName(name)
}

function filterOf(node: XmlNode, crs: Crs): { filter: Filter; versions: Map<number, string> } {
  const f = child(node, 'Filter')
  if (!f) {
    throw new OwsError('MissingParameterValue', 'ogc.missingParameter', 'Filter', {
      name: 'Filter',
    })
  }
  const versions = new Map<number, string>()
  for (const r of children(f, 'ResourceId')) {
    const version = attr(r, 'version')
    if (version === undefined || /^LAST$/i.test(version)) continue
    if (!/^\d{1,18}$/.test(version)) {
      throw new OwsError('InvalidParameterValue', 'ogc.invalidParameter', 'version', {
        name: 'version',
      })
    }
    versions.set(parseResourceId(attr(r, 'rid') ?? '').id, version)
  }
  return { filter: parseFilter(f, crs), versions }
}

function readInsert(node: XmlNode, crs: Crs): TxFeature[] {
  return elements(node).map(({ name, node: feature }) => {
    const properties = new Map<string, TxValue>()
    for (const p of elements(feature)) {
      if (properties.has(p.name)) {
        throw new OwsError('InvalidParameterValue', 'ogc.repeatedProperty', p.name, {
          name: p.name,
        })
      }
      properties.set(p.name, valueOf(p.node, crs, p.name))
    }
    return { typeName: name, properties }
  })
}

function readUpdate(node: XmlNode, crs: Crs): Map<string, TxValue> {
  const properties = new Map<string, TxValue>()
  for (const p of children(node, 'Property')) {
    const ref = child(p, 'ValueReference') ?? child(p, 'Name')
    const name = localName(text(ref))
    if (!name) {
      throw new OwsError('MissingParameterValue', 'ogc.missingParameter', 'ValueReference', {
        name: 'ValueReference',
      })
    }
    if (properties.has(name)) {
      throw new OwsError('InvalidParameterValue', 'ogc.repeatedProperty', name, { name })
    }
    const remove = attr(ref, 'action') === 'remove'
    properties.set(
      name,
      remove ? { kind: 'text', value: null } : valueOf(child(p, 'Value'), crs, name),
    )
  }
  return properties
}

/**
 * A wfs:Transaction (WFS 2.0.0 or 1.1.0) from its parsed XML and its text: Insert (features of
 * our types), Update (2.0's ValueReference or 1.1's Name, with a Filter), Delete (a Filter).
 * Replace and Native are refused (a Native marked safeToIgnore is skipped).
 */
export function parseTransaction(
  body: string,
  tx: XmlNode,
  version: TransactionRequest['version'],
): TransactionRequest {
  const actions: TxAction[] = []
  let count = 0
  for (const { name, node } of actionOrder(body, tx)) {
    const handle = attr(node, 'handle')
    const crs = parseCrs(attr(node, 'srsName'), 'srsName') ?? DEFAULT_CRS
    if (name === 'Native') {
      if (attr(node, 'safeToIgnore')?.toLowerCase() === 'true') continue
      throw new OwsError('OperationNotSupported', 'ogc.unknownOperation', 'Native', {
        name: 'Native',
      })
    }
    if (name === 'Replace') {
      throw new OwsError('OperationNotSupported', 'ogc.unknownOperation', 'Replace', {
        name: 'Replace',
      })
    }
    if (name === 'Insert') {
      const features = readInsert(node, crs)
      count += features.length
      actions.push({ kind: 'insert', handle, features })
    } else if (name === 'Update') {
      count++
      actions.push({
        kind: 'update',
        handle,
        typeName: typeNameOf(node),
        properties: readUpdate(node, crs),
        ...filterOf(node, crs),
      })
    } else {
      count++
      actions.push({ kind: 'delete', handle, typeName: typeNameOf(node), ...filterOf(node, crs) })
    }
    if (count > MAX_ACTIONS) {
      throw new OwsError('InvalidParameterValue', 'ogc.tooManyActions', 'Transaction', {
        max: MAX_ACTIONS,
      })
    }
  }
  const release = (attr(tx, 'releaseAction') ?? 'ALL').toUpperCase()
  if (release !== 'ALL' && release !== 'SOME') {
    throw new OwsError('InvalidParameterValue', 'ogc.invalidParameter', 'releaseAction', {
      name: 'releaseAction',
    })
  }
  const lockId = text(child(tx, 'LockId')) || attr(tx, 'lockId') || undefined
  return { version, actions, lockId, releaseAction: release }
}
