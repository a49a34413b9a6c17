import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Link from '@mui/material/Link'
import Typography from '@mui/material/Typography'
import type { ApprovalAttachment, Attachment } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import { attachmentSrc } from '../../api/attachment-url'
import { useUrlToken } from '../../state/url-token'
import { Lightbox } from '../../components/Lightbox'

const IMAGE = /^image\/(png|jpeg|gif|webp|bmp)$/

/** 'Imagens e Anexos': the kept files as thumbnails (images open in the lightbox, 'N de M'). */
export function ReviewAttachments({ files }: { files: ApprovalAttachment[] }) {
  const token = useUrlToken()
  const [index, setIndex] = useState<number | null>(null)
  const images: Attachment[] = files
    .filter((f) => IMAGE.test(f.contentType))
    .map((f) => ({ ...f, uuid: '', uploadDate: '', user: '' }))
  const others = files.filter((f) => !IMAGE.test(f.contentType))
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {t('approvals.review.attachments')}
      </Typography>
      {files.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('approvals.review.noAttachments')}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
          gap: 1,
        }}
      >
        {images.map((image, i) => (
          <ButtonBase
            key={image.id}
            onClick={() => setIndex(i)}
            aria-label={image.filename}
            sx={{ borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
          >
            <Box
              component="img"
              src={attachmentSrc(image, token)}
              alt={image.description || image.filename}
              sx={{ width: '100%', height: 80, objectFit: 'cover', display: 'block' }}
            />
          </ButtonBase>
        ))}
      </Box>
      {others.map((f) => (
        <Box key={f.id}>
          <Link href={attachmentSrc(f, token)} download={f.filename}>
            {f.filename}
          </Link>
        </Box>
      ))}
      <Lightbox images={images} index={index} token={token} onIndex={setIndex} />
    </Box>
  )
}
