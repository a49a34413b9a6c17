import { t, type ApprovalSubmitted, type FeaturePending } from '@gis/shared'
import type { Queryable } from '../../db/types'
import { HttpError } from '../../http/errors'
import type { ColumnValue } from '../../layer-data/feature-values'
import { featureWrites, type WriteGate } from '../../layer-data/feature-write'
import { readFeature } from '../../layer-data/features.sql'
import { layerAccess } from '../../layer-data/layer-access'
import type { CatalogueLayer } from '../../layer-data/model'
import type { UploadGate } from '../attachments/attachments.service'
import * as sql from './approvals.sql'

/**
 * Moderated editing (issue 14, docs/decisions.md): a user whose group has 'Enviar para
 * aprovação' on a layer edits it through the ordinary feature calls, and each checked change
 * is recorded here as a one-item approval instead of being applied. The decision is taken in
 * one place per kind of change: `applyOrSubmitWrite` for the feature calls (the write gate
 * app.ts passes into the feature service, which imports nothing of approvals) and
 * `submitModeratedUpload` for attachment uploads (the upload gate app.ts passes into the
 * attachments, likewise). The approve applies the change later through applyFeatureWrite, as
 * the submitter's.
 */

type User = { id: number; username: string; admin: boolean }

/** Whether this user's edits on the layer go to review (administrators' never do). */
export async function isModeratedEdit(db: Queryable, user: User, layer: string): Promise<boolean> {
  if (user.admin) return false
  return sql.isModerated(db, user.id, layer)
}

/** The feature as it was when the change was made (an approve over a newer one is a 409). */
export interface EditBase {
  version: string
  attributes: Record<string, unknown>
  geom: string | null
}

/** One checked change of a moderated user, as the feature and attachment services made it. */
export type PendingEdit =
  | { action: 'INSERT'; values: readonly ColumnValue[]; geom: string | null }
  | {
      action: 'UPDATE'
      featureId: number
      base: EditBase
      values: readonly ColumnValue[]
      geom: { wkt: string | null } | undefined
      files?: sql.NewItem['files']
    }
  | { action: 'DELETE'; featureId: number; base: EditBase }

function description(layer: CatalogueLayer, edit: PendingEdit): string {
  const title = layer.title || layer.name
  if (edit.action === 'INSERT') return t('approvals.auto.INSERT', { layer: title })
  if (edit.action === 'UPDATE' && edit.files?.length && edit.values.length === 0 && !edit.geom) {
    return t('approvals.auto.ATTACH', {
      file: edit.files.map((f) => f.filename).join(', '),
      id: edit.featureId,
      layer: title,
    }).slice(0, 500)
  }
  return t(`approvals.auto.${edit.action}`, { id: edit.featureId, layer: title })
}

const valuesOf = (values: readonly ColumnValue[]) =>
  Object.fromEntries(values.map((v) => [v.field.name, v.value]))

/** Records a moderated user's checked change as one approval of one item, in the caller's transaction. */
export async function recordPendingEdit(
  tx: Queryable,
  user: { id: number; username: string },
  layer: CatalogueLayer,
  edit: PendingEdit,
): Promise<ApprovalSubmitted> {
  const item: sql.NewItem =
    edit.action === 'INSERT'
      ? {
          layer: layer.name,
          featureId: null,
          action: 'INSERT',
          data: valuesOf(edit.values),
          geom: edit.geom,
          withGeom: edit.geom !== null,
          base: null,
          files: [],
        }
      : edit.action === 'UPDATE'
        ? {
            layer: layer.name,
            featureId: edit.featureId,
            action: 'UPDATE',
            data: valuesOf(edit.values),
            geom: edit.geom?.wkt ?? null,
            withGeom: edit.geom !== undefined,
            base: edit.base,
            files: edit.files ?? [],
          }
        : {
            layer: layer.name,
            featureId: edit.featureId,
            action: 'DELETE',
            data: {},
            geom: null,
            withGeom: false,
            base: edit.base,
            files: [],
          }
  const approvalId = await sql.insertApproval(tx, user, description(layer, edit), [item])
  return {
    submittedForApproval: true,
    approvalId,
    itemId: await sql.firstItemId(tx, approvalId),
    message: t('approvals.submitted'),
  }
}

/**
 * The decision point of the feature calls: a checked write is applied now (answering the
 * feature's id), or, when the caller is moderated on the layer, recorded as an approval and
 * nothing on the layer changes. A moderated user cannot reactivate a feature.
 */
export const applyOrSubmitWrite: WriteGate = async (tx, caller, layer) => {
  if (!(await isModeratedEdit(tx, caller.user, layer.name))) {
    return featureWrites(tx, caller, layer)
  }
  return async (write) => {
    if (write.kind === 'insert') {
      return recordPendingEdit(tx, caller.user, layer, {
        action: 'INSERT',
        values: write.values,
        geom: write.geom,
      })
    }
    if (write.kind === 'undelete') throw new HttpError(403, t('approvals.undeleteModerated'))
    const current = await readFeature(tx, layer, write.id)
    if (!current) throw new HttpError(404, t('features.notFound'))
    if (current.deleted) throw new HttpError(400, t('features.deletedReadOnly'))
    const base = { version: current.version, attributes: current.attributes, geom: current.geom }
    return write.kind === 'update'
      ? recordPendingEdit(tx, caller.user, layer, {
          action: 'UPDATE',
          featureId: write.id,
          base,
          values: write.values,
          geom: write.geom,
        })
      : recordPendingEdit(tx, caller.user, layer, { action: 'DELETE', featureId: write.id, base })
  }
}

/**
 * The decision point of attachment uploads (the gate app.ts passes into the attachments, which
 * import nothing of approvals): a moderated user's stored file is kept aside with a one-item
 * approval (an UPDATE without values) and becomes the feature's attachment when approved;
 * anyone else's upload goes on (`undefined`).
 */
export const submitModeratedUpload: UploadGate = async (db, user, layer, featureId, file) => {
  if (!(await isModeratedEdit(db, user, layer.name))) return undefined
  return db.transaction(async (tx) => {
    const current = await readFeature(tx, layer, featureId)
    if (!current) throw new HttpError(404, t('features.notFound'))
    const base = { version: current.version, attributes: current.attributes, geom: current.geom }
    return recordPendingEdit(tx, user, layer, {
      action: 'UPDATE',
      featureId,
      base,
      values: [],
      geom: undefined,
      files: [file],
    })
  })
}

/**
 * How many changes of a feature await a decision, and whether the caller's own edits of the
 * layer go to review (readFeature on its layer).
 */
export async function pendingOfFeature(
  db: Queryable,
  user: User,
  layerName: string,
  featureId: number,
): Promise<FeaturePending> {
  const { layer } = await layerAccess(db, user, layerName)
  const [pending, moderated, proposals] = await Promise.all([
    sql.pendingForFeature(db, layer.name, featureId),
    isModeratedEdit(db, user, layer.name),
    sql.pendingProposals(db, layer.name, featureId),
  ])
  const values: Record<string, unknown> = {}
  for (const p of proposals) Object.assign(values, p.data)
  return {
    pending,
    moderated,
    values,
    geometry: proposals.some((p) => p.with_geom),
    deleting: proposals.some((p) => p.action === 'DELETE'),
  }
}
