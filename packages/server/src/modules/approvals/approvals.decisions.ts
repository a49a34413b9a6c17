import { isFileOnlyItem, t, type ApprovalItem, type Feature } from '@gis/shared'
import type { Db, Queryable } from '../../db/types'
import { HttpError } from '../../http/errors'
import { freshCatalogue } from '../../layer-data/catalogue'
import { checkAttributes } from '../../layer-data/feature-values'
import * as features from '../../layer-data/features.sql'
import type { CatalogueLayer } from '../../layer-data/model'
import { attachmentIdsOf } from '../attachments/attachments.service'
import { insertAttachment } from '../attachments/attachments.sql'
import type { Caller } from '../../auth/caller'
import { applyFeatureWrite, checkGeometry } from '../../layer-data/feature-write'
import * as sql from './approvals.sql'
import { getItem, invalid, itemNotFound } from './approvals.service'

/**
 * Deciding approval items (administrators): approve applies the kept change through the
 * features' one write path, reject applies nothing; each item is decided once.
 */

/** An approve over a feature that changed since the item was submitted: 409, nothing applied. */
export class ApprovalConflict extends Error {
  constructor(
    readonly current: Feature,
    readonly differences: { field: string; submitted: unknown; current: unknown }[],
  ) {
    super(t('approvals.featureChanged'))
  }
}

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
      const fileOnly = isFileOnlyItem({ ...item, withGeom: item.with_geom })
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
