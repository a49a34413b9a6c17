import Close from '@mui/icons-material/Close'
import Download from '@mui/icons-material/Download'
import NavigateBefore from '@mui/icons-material/NavigateBefore'
import NavigateNext from '@mui/icons-material/NavigateNext'
import Box from '@mui/material/Box'
import Dialog from '@mui/material/Dialog'
import IconButton from '@mui/material/IconButton'
import Typography from '@mui/material/Typography'
import type { Attachment } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import { attachmentSrc } from '../api/attachment-url'

/** Images of a feature, large, with previous and next ('N de M') and the arrow keys. */
export function Lightbox({
  images,
  index,
  token,
  onIndex,
}: {
  images: Attachment[]
  index: number | null
  token: string | null
  onIndex: (index: number | null) => void
}) {
  const [failed, setFailed] = useState<number | null>(null)
  const image = index === null ? undefined : images[index]
  const go = (step: number) => {
    if (index === null || images.length === 0) return
    onIndex((index + step + images.length) % images.length)
  }
  return (
    <Dialog
      open={image !== undefined}
      onClose={() => onIndex(null)}
      maxWidth="lg"
      fullWidth
      aria-label={image?.filename}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(-1)
        if (e.key === 'ArrowRight') go(1)
      }}
      slotProps={{ paper: { sx: { bgcolor: '#111', color: '#fff' } } }}
    >
      {image && (
        <Box sx={{ position: 'relative' }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography noWrap sx={{ fontWeight: 600 }}>
                {image.filename}
              </Typography>
              {image.description && (
                <Typography variant="body2" noWrap sx={{ opacity: 0.8 }}>
                  {image.description}
                </Typography>
              )}
            </Box>
            <Typography variant="body2" sx={{ opacity: 0.8, whiteSpace: 'nowrap' }}>
              {t('attachments.counter', { n: (index ?? 0) + 1, m: images.length })}
            </Typography>
            <IconButton
              component="a"
              href={attachmentSrc(image, token)}
              download={image.filename}
              aria-label={t('attachments.download')}
              sx={{ color: '#fff' }}
            >
              <Download />
            </IconButton>
            <IconButton
              aria-label={t('features.close')}
              onClick={() => onIndex(null)}
              sx={{ color: '#fff' }}
            >
              <Close />
            </IconButton>
          </Box>
          <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 300, bgcolor: '#000' }}>
            {failed === image.id ? (
              <Typography sx={{ py: 10, opacity: 0.8 }}>
                {t('attachments.notFoundImage')}
              </Typography>
            ) : (
              <Box
                component="img"
                src={attachmentSrc(image, token)}
                alt={image.description || image.filename}
                onError={() => setFailed(image.id)}
                sx={{ maxWidth: '100%', maxHeight: '75vh', display: 'block' }}
              />
            )}
          </Box>
          {images.length > 1 && (
            <>
              <IconButton
                aria-label={t('attachments.previous')}
                onClick={() => go(-1)}
                sx={{
                  position: 'absolute',
                  left: 8,
                  top: '50%',
                  color: '#fff',
                  bgcolor: 'rgba(0,0,0,0.4)',
                }}
              >
                <NavigateBefore />
              </IconButton>
              <IconButton
                aria-label={t('attachments.next')}
                onClick={() => go(1)}
                sx={{
                  position: 'absolute',
                  right: 8,
                  top: '50%',
                  color: '#fff',
                  bgcolor: 'rgba(0,0,0,0.4)',
                }}
              >
                <NavigateNext />
              </IconButton>
            </>
          )}
        </Box>
      )}
    </Dialog>
  )
}
