import { DEFAULT_CRS, parseCrs } from './crs'
import { OwsError } from './ows-errors'
import { localName, parseFilter, type Filter } from './wfs-filter'
import { attr, child, children, type XmlNode } from './xml'

/** Longest a lock may be asked to last, and how long it lasts when no expiry is given. */
export const MAX_LOCK_SECONDS = 3600
const DEFAULT_LOCK_SECONDS = 300

export interface LockOptions {
  seconds: number
  /** ALL: every feature asked for is locked, or none (an exception); SOME: those free. */
  lockAction: 'ALL' | 'SOME'
}

export interface LockRequest extends LockOptions {
  locks: { typeName: string; filter?: Filter }[]
}

/**
 * The expiry and lock action of LockFeature or GetFeatureWithLock. WFS 2.0.0 counts the
 * expiry in seconds, 1.1.0 in minutes; it is at most MAX_LOCK_SECONDS.
 */
export function lockOptions(
  expiry: string | undefined,
  action: string | undefined,
  version: '2.0.0' | '1.1.0',
): LockOptions {
  let seconds = DEFAULT_LOCK_SECONDS
  if (expiry !== undefined && expiry !== '') {
    if (!/^\d{1,9}$/.test(expiry.trim())) {
      throw new OwsError('InvalidParameterValue', 'ogc.invalidParameter', 'expiry', {
        name: 'EXPIRY',
      })
    }
    seconds = Number(expiry) * (version === '1.1.0' ? 60 : 1)
  }
  const lockAction = (action ?? 'ALL').toUpperCase()
  if (lockAction !== 'ALL' && lockAction !== 'SOME') {
    throw new OwsError('InvalidParameterValue', 'ogc.invalidParameter', 'lockAction', {
      name: 'LOCKACTION',
    })
  }
  return { seconds: Math.min(seconds, MAX_LOCK_SECONDS), lockAction }
}

/** An XML LockFeature: 2.0.0's wfs:Query elements or 1.1.0's wfs:Lock, each with a Filter. */
export function parseLockFeature(node: XmlNode, version: '2.0.0' | '1.1.0'): LockRequest {
  const items = [...children(node, 'Query'), ...children(node, 'Lock')]
  if (items.length === 0) {
    throw new OwsError('MissingParameterValue', 'ogc.missingParameter', 'Query', { name: 'Query' })
  }
  const locks = items.map((q) => {
    const names = (attr(q, 'typeNames') ?? attr(q, 'typeName') ?? '')
      .split(/[\s,]+/)
      .filter(Boolean)
    if (names.length !== 1) {
      throw new OwsError('InvalidParameterValue', 'ogc.invalidParameter', 'typeNames', {
        name: 'typeNames',
      })
    }
    const filter = child(q, 'Filter')
    const crs = parseCrs(attr(q, 'srsName')) ?? DEFAULT_CRS
    return { typeName: localName(names[0]!), filter: filter ? parseFilter(filter, crs) : undefined }
  })
  return { ...lockOptions(attr(node, 'expiry'), attr(node, 'lockAction'), version), locks }
}
