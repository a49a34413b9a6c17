import { Transform, type Readable } from 'node:stream'
import {
  approvalSubmitSchema,
  t,
  type Approval,
  type ApprovalAttachment,
  type ApprovalItem,
  type ApprovalSubmit,
  type Feature,
  type MessageKey,
  type PagingQuery,
} from '@gis/shared'
import type { Db, Queryable } from '../../db/types'
import { HttpError, type FieldError } from '../../http/errors'
import { toSqlPaging } from '../../http/paging'
import { freshCatalogue } from '../../layer-data/catalogue'
import { checkAttributes } from '../../layer-data/feature-values'
import * as features from '../../layer-data/features.sql'
import type { CatalogueLayer } from '../../layer-data/model'
import { FileTooLarge, type BlobStorage } from '../../storage/file-storage'
import {
  attachmentIdsOf,
  contentDisposition,
  contentTypeOf,
  INLINE_TYPES,
  safeFilename,
} from '../attachments/attachments.service'
import { insertAttachment } from '../attachments/attachments.sql'
import { applyFeatureWrite, checkGeometry, type Caller } from '../features/features.service'
import { layerAccess, requireFlag } from '../features/layer-access'
import * as sql from './approvals.sql'

export interface ApprovalDeps {
  db: Db
  storage: BlobStorage
  /** Largest kept file, in bytes (the attachments' limit). */
  maxBytes: number
}

const approvalNotFound = () => new HttpError(404, t('approvals.notFound'))
const itemNotFound = () => new HttpError(404, t('approvals.itemNotFound'))
const invalid = (errors: FieldError[]) => new HttpError(400, t('features.validationErrors'), errors)

/** An approve over a feature that changed since the item was submitted: 409, nothing applied. */
export class ApprovalConflict extends Error {
  constructor(
    readonly current: Feature,
    readonly differences: { field: string; submitted: unknown; current: unknown }[],
  ) {
    super(t('approvals.featureChanged'))
  }
}

const iso = (d: Date | null) => (d === null ? null : d.toISOString())

function toApproval(r: sql.ApprovalRow): Approval {
  return {
    id: r.id,
    username: r.username,
    created: r.created.toISOString(),
    reviewed: iso(r.reviewed),
    description: r.description,
    itemsTotal: r.items_total,
    itemsAccepted: r.items_accepted,
    itemsRejected: r.items_rejected,
    status: r.status,
  }
}

function toItem(r: sql.ItemRow): ApprovalItem {
  return {
    id: r.id,
    approvalId: r.approval_id,
    layerName: r.layer_name,
    featureId: r.feature_id,
    status: r.status,
    action: r.action,
    created: r.created.toISOString(),
    data: r.data,
    geom: r.geom,
    withGeom: r.with_geom,
    base:
      r.base_version === null
        ? null
        : { version: r.base_version, attributes: r.base_attributes ?? {}, geom: r.base_geom },
    decided: iso(r.decided),
    reviewer: r.reviewer,
    reason: r.reason,
    attachments: r.attachments,
  }
}

function toAttachment(r: sql.KeptFileRow): ApprovalAttachment {
  return {
    id: r.id,
    itemId: r.item_id,
    filename: r.filename,
    description: r.description,
    contentType: r.content_type,
    size: r.size,
    src: `/api/approvals/attachments/${r.id}`,
  }
}

// ---------------------------------------------------------------------------------------------
// Review: lists and reads (administrators; the routes' scope checks)

export async function listApprovals(
  db: Db,
  query: PagingQuery & { filter?: string; query?: string },
): Promise<{ rows: Approval[]; total: number }> {
  const paging = toSqlPaging(query, sql.APPROVAL_SORTS, '-created')
  const { rows, total } = await sql.listApprovals(
    db,
    query.filter || query.query || undefined,
    paging,
  )
  return { rows: rows.map(toApproval), total }
}

export async function getApproval(db: Db, id: number): Promise<Approval> {
  const row = await sql.approvalById(db, id)
  if (!row) throw approvalNotFound()
  return toApproval(row)
}

export async function listItems(
  db: Db,
  approvalId: number,
  query: PagingQuery,
): Promise<{ data: ApprovalItem[]; rowCount: number }> {
  if (!(await sql.approvalById(db, approvalId))) throw approvalNotFound()
  const { rows, total } = await sql.listItems(db, approvalId, {
    limit: query.limit,
    offset: query.page * query.limit,
  })
  return { data: rows.map(toItem), rowCount: total }
}

export async function getItem(db: Db, id: number): Promise<ApprovalItem> {
  const row = await sql.itemById(db, id)
  if (!row) throw itemNotFound()
  return toItem(row)
}

export async function listAttachments(db: Db, approvalId: number): Promise<ApprovalAttachment[]> {
  if (!(await sql.approvalById(db, approvalId))) throw approvalNotFound()
  return (await sql.keptFilesOfApproval(db, approvalId)).map(toAttachment)
}

/** A kept file for the review window: images inline, anything else as a download. */
export async function openKeptFile(deps: ApprovalDeps, id: number) {
  const row = await sql.keptFileById(deps.db, id)
  const file = row && (await deps.storage.get(row.storage_key))
  if (!row || !file) throw new HttpError(404, t('approvals.attachmentNotFound'))
  const image = INLINE_TYPES.has(row.content_type)
  return {
    stream: file.stream,
    size: file.size,
    contentType: image ? row.content_type : 'application/octet-stream',
    disposition: contentDisposition(image ? 'inline' : 'attachment', row.filename),
  }
}

// ---------------------------------------------------------------------------------------------
// Submission

/** A file received with a submission, already in the storage. */
export interface ReceivedFile {
  key: string
  size: number
  sha256: string
  filename: string
  contentType: string
}

/** One part of a multipart submission, as @fastify/multipart hands it. */
export type SubmitPart =
  | { type: 'file'; fieldname: string; filename: string; mimetype: string; file: Readable }
  | { type: 'field'; fieldname: string; value: unknown }

const ACTION_FLAG = {
  INSERT: ['createFeature', 'features.noCreatePermission'],
  UPDATE: ['updateFeature', 'features.noEditPermission'],
  DELETE: ['deleteFeature', 'features.noDeletePermission'],
} as const satisfies Record<string, readonly [string, MessageKey]>

type ParsedSubmit = ReturnType<typeof approvalSubmitSchema.parse>
type ParsedItem = ParsedSubmit['items'][number]

/**
 * Checks one item as the direct edit would be checked (the layer readable, the action's flag,
 * the layer queryable, the feature there, the values and geometry valid) and answers what to
 * record, or its field errors (prefixed `items.{i}.`).
 */
async function prepareItem(
  db: Db,
  caller: Caller,
  item: ParsedItem,
  index: number,
  files: ReadonlyMap<string, ReceivedFile>,
): Promise<{ item?: sql.NewItem; errors: FieldError[] }> {
  const { layer, perms } = await layerAccess(db, caller.user, item.layer)
  const [flag, denied] = ACTION_FLAG[item.action]
  requireFlag(perms[flag], denied)
  if (item.attachments.length) {
    requireFlag(perms.createFeatureAttachment, 'attachments.noCreatePermission')
  }
  if (!layer.queryable) throw new HttpError(400, t('layers.notQueryable'))
  const prefix = (e: FieldError) => ({ ...e, field: `items.${index}.${e.field}` })
  const errors: FieldError[] = []
  const kept: sql.NewItem['files'] = []
  for (const [k, ref] of item.attachments.entries()) {
    const file = files.get(ref.part)
    if (!file) {
      errors.push({
        field: `attachments.${k}.part`,
        message: t('approvals.partMissing', { part: ref.part }),
      })
      continue
    }
    kept.push({
      storage_key: file.key,
      filename: file.filename,
      description: ref.description,
      content_type: file.contentType,
      size: file.size,
      sha256: file.sha256,
    })
  }
  const columns = await features.featureColumns(db, layer)
  if (item.action === 'INSERT') {
    if (item.featureId !== undefined) {
      errors.push({ field: 'featureId', message: t('approvals.featureNotAllowed') })
    }
    const geometry = await checkGeometry(db, layer, item.geom)
    const checked = checkAttributes(layer, columns, item.attributes, { insert: true })
    errors.push(...checked.errors, ...(geometry.error ? [geometry.error] : []))
    return {
      errors: errors.map(prefix),
      item: {
        layer: layer.name,
        featureId: null,
        action: 'INSERT',
        data: valuesOf(checked.values),
        geom: item.geom ?? null,
        withGeom: item.geom !== undefined && item.geom !== null,
        base: null,
        files: kept,
      },
    }
  }
  if (item.featureId === undefined) {
    return {
      errors: [...errors, { field: 'featureId', message: t('approvals.featureRequired') }].map(
        prefix,
      ),
    }
  }
  const current = await features.readFeature(db, layer, item.featureId)
  if (!current) throw new HttpError(404, t('features.notFound'))
  if (item.version !== undefined && item.version !== current.version) {
    throw new HttpError(409, t('features.conflict'))
  }
  const base = { version: current.version, attributes: current.attributes, geom: current.geom }
  if (item.action === 'DELETE') {
    return {
      errors: errors.map(prefix),
      item: {
        layer: layer.name,
        featureId: current.id,
        action: 'DELETE',
        data: {},
        geom: null,
        withGeom: false,
        base,
        files: kept,
      },
    }
  }
  if (current.deleted) throw new HttpError(400, t('features.deletedReadOnly'))
  const withGeom = item.geom !== undefined
  const [geometry, attachmentIds] = await Promise.all([
    checkGeometry(db, layer, item.geom),
    attachmentIdsOf(db, layer.name, current.id),
  ])
  if (withGeom && item.geom === null && columns.find((c) => c.name === 'geom')?.notNull) {
    errors.push({ field: 'geom', message: t('features.value.required') })
  }
  const checked = checkAttributes(layer, columns, item.attributes, {
    insert: false,
    current: current.attributes,
    attachmentIds,
  })
  errors.push(...checked.errors, ...(geometry.error ? [geometry.error] : []))
  return {
    errors: errors.map(prefix),
    item: {
      layer: layer.name,
      featureId: current.id,
      action: 'UPDATE',
      data: valuesOf(checked.values),
      geom: withGeom ? (item.geom ?? null) : null,
      withGeom,
      base,
      files: kept,
    },
  }
}

function valuesOf(values: readonly { field: { name: string }; value: unknown }[]) {
  return Object.fromEntries(values.map((v) => [v.field.name, v.value]))
}

/**
 * Records a submission (one approval, its items, the files kept aside), all or nothing: any
 * invalid item refuses the whole submission with every field error. Answers the approval's id.
 * The caller deletes the received files when this throws.
 */
export async function submit(
  db: Db,
  caller: Caller,
  body: ApprovalSubmit,
  files: ReadonlyMap<string, ReceivedFile>,
): Promise<number> {
  const parsed = approvalSubmitSchema.safeParse(body)
  if (!parsed.success) {
    throw invalid(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })))
  }
  const prepared: Awaited<ReturnType<typeof prepareItem>>[] = []
  for (const [i, item] of parsed.data.items.entries()) {
    prepared.push(await prepareItem(db, caller, item, i, files))
  }
  const errors = prepared.flatMap((p) => p.errors)
  const used = new Set(parsed.data.items.flatMap((i) => i.attachments.map((a) => a.part)))
  for (const part of files.keys()) {
    if (!used.has(part)) errors.push({ field: part, message: t('approvals.partUnused', { part }) })
  }
  if (errors.length) throw invalid(errors)
  return db.transaction((tx) =>
    sql.insertApproval(
      tx,
      caller.user,
      parsed.data.description,
      prepared.map((p) => p.item!),
    ),
  )
}

/**
 * Reads a multipart submission: the JSON in the part `payload`, every file part into the
 * storage under its part name (past the size limit nothing is kept). Answers the payload and
 * the files; on any failure the files already stored are deleted.
 */
export async function receiveMultipart(
  deps: ApprovalDeps,
  parts: () => AsyncIterable<SubmitPart>,
): Promise<{ body: unknown; files: Map<string, ReceivedFile> }> {
  const files = new Map<string, ReceivedFile>()
  let payload: unknown
  try {
    for await (const part of parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'payload') payload = part.value
        continue
      }
      if (files.has(part.fieldname)) {
        part.file.resume()
        throw new HttpError(400, t('attachments.oneFile'))
      }
      let head = Buffer.alloc(0)
      const tap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          if (head.length < 16) head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)])
          done(null, chunk)
        },
      })
      part.file.on('error', (err) => tap.destroy(err))
      part.file.pipe(tap)
      const filename = safeFilename(part.filename)
      const ext = /\.([a-z0-9]{1,10})$/i.exec(filename)?.[1]
      const stored = await deps.storage.put(tap, { maxBytes: deps.maxBytes, suffix: ext })
      files.set(part.fieldname, {
        ...stored,
        filename,
        contentType: contentTypeOf(head, part.mimetype),
      })
    }
    if (typeof payload !== 'string') throw new HttpError(400, t('approvals.payloadRequired'))
    try {
      return { body: JSON.parse(payload), files }
    } catch {
      throw new HttpError(400, t('approvals.payloadInvalid'))
    }
  } catch (err) {
    await discardFiles(deps.storage, files)
    const code = (err as { code?: string }).code
    if (err instanceof FileTooLarge || code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(
        413,
        t('attachments.tooLarge', { max: Math.floor(deps.maxBytes / 1_048_576) }),
      )
    }
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new HttpError(400, t('http.badRequest'))
    }
    throw err
  }
}

export async function discardFiles(
  storage: BlobStorage,
  files: ReadonlyMap<string, ReceivedFile>,
): Promise<void> {
  for (const f of files.values()) await storage.delete(f.key)
}

// ---------------------------------------------------------------------------------------------
// Decisions

function differences(
  base: { attributes: Record<string, unknown>; geom: string | null },
  current: features.FeatureRow,
) {
  const out: { field: string; submitted: unknown; current: unknown }[] = []
  const names = new Set([...Object.keys(base.attributes), ...Object.keys(current.attributes)])
  for (const name of names) {
    if (name === 'm_o_d_i_f_') continue
    const a = base.attributes[name] ?? null
    const b = current.attributes[name] ?? null
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push({ field: name, submitted: a, current: b })
  }
  if ((base.geom ?? null) !== (current.geom ?? null)) {
    out.push({ field: 'geom', submitted: base.geom, current: current.geom })
  }
  return out
}

async function layerOf(db: Queryable, name: string): Promise<CatalogueLayer> {
  const layer = (await freshCatalogue(db)).find((l) => l.name === name)
  if (!layer) throw new HttpError(409, t('approvals.layerGone'))
  return layer
}

/**
 * Approves one item: in one transaction the item is decided (once: a concurrent decision of
 * the same item makes this a 409), the change is applied to the layer through the layer-data
 * core (features.service's applyFeatureWrite, the one write path) as the submitter's (the
 * audit entries name the reviewer in `approved_by`), the kept
 * files become the feature's attachments and the approval's counts and status follow. A
 * feature changed since submission is an ApprovalConflict and nothing is written.
 */
export async function approveItem(db: Db, reviewer: Caller, itemId: number): Promise<ApprovalItem> {
  const item = await sql.itemById(db, itemId)
  if (!item) throw itemNotFound()
  if (item.status !== 'PENDING') throw new HttpError(409, t('approvals.alreadyDecided'))
  const layer = await layerOf(db, item.layer_name)
  // Checked at submission; checked again outside the transaction (a geometry PostGIS refuses
  // must not abort it), in case the layer changed since.
  const geometry = item.with_geom ? await checkGeometry(db, layer, item.geom) : {}
  if (geometry.error) throw invalid([geometry.error])
  await db.transaction(async (tx) => {
    if (!(await sql.claimItem(tx, itemId, 'ACCEPTED', reviewer.user, null))) {
      throw new HttpError(409, t('approvals.alreadyDecided'))
    }
    const approval = (await sql.approvalById(tx, item.approval_id))!
    const submitter = { id: approval.user_id ?? reviewer.user.id, username: approval.username }
    // The change is the submitter's (the audit names them); it arrives from the reviewer.
    const asSubmitter: Caller = {
      user: { id: submitter.id, username: submitter.username, admin: false },
      address: reviewer.address,
      port: reviewer.port,
    }
    const columns = await features.featureColumns(tx, layer)
    let featureId: number
    let afterId = 0
    if (item.action === 'INSERT') {
      const checked = checkAttributes(layer, columns, item.data, { insert: true })
      if (checked.errors.length) throw invalid(checked.errors)
      featureId = await applyFeatureWrite(tx, asSubmitter, layer, {
        kind: 'insert',
        values: checked.values,
        geom: item.geom,
        box: geometry.box,
      })
      await sql.setItemFeature(tx, itemId, featureId)
    } else {
      featureId = item.feature_id!
      const current = await features.readFeature(tx, layer, featureId, { lock: true })
      if (!current) throw new HttpError(409, t('approvals.featureGone'))
      // A file alone (a moderated upload) does not depend on the feature's values.
      const fileOnly =
        item.action === 'UPDATE' && !item.with_geom && Object.keys(item.data).length === 0
      if (current.version !== item.base_version && !fileOnly) {
        const feature: Feature = {
          layer: layer.name,
          id: current.id,
          attributes: current.attributes,
          geom: current.geom,
          version: current.version,
        }
        throw new ApprovalConflict(
          feature,
          differences({ attributes: item.base_attributes ?? {}, geom: item.base_geom }, current),
        )
      }
      afterId = Number(current.version)
      if (item.action === 'DELETE') {
        await applyFeatureWrite(tx, asSubmitter, layer, { kind: 'delete', id: featureId })
      } else {
        const attachmentIds = await attachmentIdsOf(tx, layer.name, featureId)
        const checked = checkAttributes(layer, columns, item.data, {
          insert: false,
          current: current.attributes,
          attachmentIds,
        })
        if (checked.errors.length) throw invalid(checked.errors)
        await applyFeatureWrite(tx, asSubmitter, layer, {
          kind: 'update',
          id: featureId,
          values: checked.values,
          geom: item.with_geom ? { wkt: item.geom } : undefined,
          box: geometry.box,
        })
      }
    }
    for (const file of await sql.keptFilesOfItem(tx, itemId)) {
      const attachment = await insertAttachment(tx, {
        layer: layer.name,
        featureId,
        storageKey: file.storage_key,
        filename: file.filename,
        description: file.description,
        contentType: file.content_type,
        size: file.size,
        sha256: file.sha256 ?? '',
        userId: submitter.id,
        username: submitter.username,
      })
      await sql.setKeptFileAttachment(tx, file.id, attachment.id)
    }
    await sql.markAudit(
      tx,
      { schema: layer.tableSchema, name: layer.tableName },
      featureId,
      afterId,
      itemId,
      reviewer.user.username,
    )
    await sql.countDecision(tx, item.approval_id, 'ACCEPTED')
  })
  return getItem(db, itemId)
}

/** Rejects one item (once; a concurrent decision makes this a 409): nothing is applied. */
export async function rejectItem(
  db: Db,
  reviewer: Caller,
  itemId: number,
  reason: string | undefined,
): Promise<ApprovalItem> {
  const item = await sql.itemById(db, itemId)
  if (!item) throw itemNotFound()
  await db.transaction(async (tx) => {
    if (!(await sql.claimItem(tx, itemId, 'REJECTED', reviewer.user, reason || null))) {
      throw new HttpError(409, t('approvals.alreadyDecided'))
    }
    await sql.countDecision(tx, item.approval_id, 'REJECTED')
  })
  return getItem(db, itemId)
}
