import type { Queryable } from '../../db/types'

/** The owner of `app.attachments`: files attached to features (the files are in the storage). */

export interface AttachmentRow {
  id: number
  uuid: string
  layer_name: string
  feature_id: number
  storage_key: string | null
  thumbnail_key: string | null
  filename: string
  description: string
  content_type: string
  size: number | null
  sha256: string | null
  username: string
  uploaded_at: Date
  demo_photo: string | null
}

const COLUMNS = `id, uuid::text AS uuid, layer_name, feature_id, storage_key, thumbnail_key, filename,
  description, content_type, size, sha256, username, uploaded_at, demo_photo`

const toRow = (r: AttachmentRow): AttachmentRow => ({
  ...r,
  id: Number(r.id),
  feature_id: Number(r.feature_id),
  size: r.size === null ? null : Number(r.size),
})

/** A feature's attachments, oldest first. */
export async function listForFeature(
  db: Queryable,
  layer: string,
  featureId: number,
): Promise<AttachmentRow[]> {
  const { rows } = await db.query<AttachmentRow>(
    `SELECT ${COLUMNS} FROM app.attachments WHERE layer_name = $1 AND feature_id = $2 ORDER BY id`,
    [layer, featureId],
  )
  return rows.map(toRow)
}

export async function byId(db: Queryable, id: number): Promise<AttachmentRow | undefined> {
  const { rows } = await db.query<AttachmentRow>(
    `SELECT ${COLUMNS} FROM app.attachments WHERE id = $1`,
    [id],
  )
  return rows[0] && toRow(rows[0])
}

/** Ids of a feature's attachments (the values a file or photo field may take). */
export async function idsForFeature(
  db: Queryable,
  layer: string,
  featureId: number,
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM app.attachments WHERE layer_name = $1 AND feature_id = $2',
    [layer, featureId],
  )
  return rows.map((r) => Number(r.id))
}

export interface NewAttachment {
  layer: string
  featureId: number
  storageKey: string
  filename: string
  description: string
  contentType: string
  size: number
  sha256: string
  userId: number
  username: string
}

export async function insertAttachment(db: Queryable, a: NewAttachment): Promise<AttachmentRow> {
  const { rows } = await db.query<AttachmentRow>(
    `INSERT INTO app.attachments (layer_name, feature_id, storage_key, filename, description,
       content_type, size, sha256, user_id, username)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
    [
      a.layer,
      a.featureId,
      a.storageKey,
      a.filename,
      a.description,
      a.contentType,
      a.size,
      a.sha256,
      a.userId,
      a.username,
    ],
  )
  return toRow(rows[0]!)
}

export interface NewDemoPhoto {
  layer: string
  featureId: number
  recipe: string
  filename: string
  description: string
  username: string
  uploadedAt: Date
}

/** Demo photos (the demo seed): rows with a recipe, drawn into the storage on first use. */
export async function insertDemoPhotos(
  db: Queryable,
  photos: readonly NewDemoPhoto[],
): Promise<void> {
  for (let i = 0; i < photos.length; i += 200) {
    const chunk = photos.slice(i, i + 200)
    const values = chunk.map((_, r) => {
      const o = r * 7
      return `($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, 'image/jpeg', $${o + 5}, $${o + 6}, $${o + 7},
        (SELECT id FROM app.users WHERE lower(username) = lower($${o + 5})))`
    })
    await db.query(
      `INSERT INTO app.attachments (layer_name, feature_id, demo_photo, filename, content_type,
         username, description, uploaded_at, user_id)
       VALUES ${values.join(', ')}`,
      chunk.flatMap((p) => [
        p.layer,
        p.featureId,
        p.recipe,
        p.filename,
        p.username,
        p.description,
        p.uploadedAt.toISOString(),
      ]),
    )
  }
}

/**
 * Records the stored file of an attachment whose file was missing (a demo photo drawn now):
 * only if no one else did meanwhile; answers whether this call's key was kept.
 */
export async function setStoredFile(
  db: Queryable,
  id: number,
  previousKey: string | null,
  file: { key: string; size: number; sha256: string },
): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE app.attachments SET storage_key = $2, size = $3, sha256 = $4, thumbnail_key = NULL
      WHERE id = $1 AND storage_key IS NOT DISTINCT FROM $5`,
    [id, file.key, file.size, file.sha256, previousKey],
  )
  return rowCount > 0
}

/** Records the thumbnail of an attachment, if none was recorded meanwhile. */
export async function setThumbnail(db: Queryable, id: number, key: string): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE app.attachments SET thumbnail_key = $2 WHERE id = $1 AND thumbnail_key IS NULL',
    [id, key],
  )
  return rowCount > 0
}

/** Deletes an attachment's row; answers it (its keys name the files to remove). */
export async function deleteAttachment(
  db: Queryable,
  id: number,
): Promise<AttachmentRow | undefined> {
  const { rows } = await db.query<AttachmentRow>(
    `DELETE FROM app.attachments WHERE id = $1 RETURNING ${COLUMNS}`,
    [id],
  )
  return rows[0] && toRow(rows[0])
}

/** The image attachments of these features of a layer, in upload order (a report's images). */
export async function imageAttachments(
  db: Queryable,
  layer: string,
  featureIds: readonly number[],
): Promise<{ id: number; feature_id: number }[]> {
  const { rows } = await db.query<{ id: number; feature_id: number }>(
    `SELECT id::int AS id, feature_id::int AS feature_id FROM app.attachments
      WHERE layer_name = $1 AND feature_id = ANY($2::bigint[]) AND content_type LIKE 'image/%'
      ORDER BY feature_id, id`,
    [layer, featureIds],
  )
  return rows
}
