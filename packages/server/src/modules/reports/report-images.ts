import { buffer as readAll } from 'node:stream/consumers'
import sharp from 'sharp'
import type { SessionUser } from '@gis/shared'
import type { AppDeps } from '../../app-deps'
import { sniffImage } from '../attachments/attachment-files'
import { openAttachment, type DemoPhotoRenderer } from '../attachments/attachments.service'
import { contentBytes, CONTENT_IMAGE_MAX_BYTES } from '../content/content.service'
import type { ImageLoader } from './render/types'

type Loaded = Awaited<ReturnType<ImageLoader>>

/** Bytes as an image the workbook takes (PNG, JPEG, GIF; anything else converted to PNG). */
async function asWorkbookImage(bytes: Buffer): Promise<Loaded> {
  const type = sniffImage(bytes.subarray(0, 16))
  if (!type) return null
  if (type === 'image/png') return { buffer: bytes, extension: 'png' }
  if (type === 'image/jpeg') return { buffer: bytes, extension: 'jpeg' }
  if (type === 'image/gif') return { buffer: bytes, extension: 'gif' }
  try {
    return { buffer: await sharp(bytes, { animated: false }).png().toBuffer(), extension: 'png' }
  } catch {
    return null
  }
}

/**
 * The report's images: CONTENT from the image library, ATTACHMENT through the attachments'
 * own checks (only what the user may read), LOCAL from the data: URL. Unreadable: null.
 */
export function imageLoader(
  deps: Pick<AppDeps, 'db' | 'storage' | 'config' | 'jobs' | 'poppler'>,
  user: Pick<SessionUser, 'id' | 'admin' | 'username'>,
  renderDemoPhoto?: DemoPhotoRenderer,
): ImageLoader {
  return async (image) => {
    try {
      if (image.contentId != null) {
        const content = await contentBytes(deps, user, image.contentId)
        return content ? await asWorkbookImage(content.bytes) : null
      }
      if (image.attachment) {
        const file = await openAttachment(
          {
            db: deps.db,
            storage: deps.storage,
            maxBytes: deps.config.attachmentMaxMb * 1_048_576,
            renderDemoPhoto,
          },
          user,
          image.attachment.attachmentId,
          false,
        )
        return await asWorkbookImage(await readAll(file.stream))
      }
      if (image.dataUrl) {
        const match = /^data:image\/[\w.+-]+;base64,(.*)$/s.exec(image.dataUrl)
        if (!match) return null
        const bytes = Buffer.from(match[1]!, 'base64')
        return bytes.length > CONTENT_IMAGE_MAX_BYTES ? null : await asWorkbookImage(bytes)
      }
    } catch {
      return null
    }
    return null
  }
}
