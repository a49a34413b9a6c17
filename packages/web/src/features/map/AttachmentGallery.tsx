import Close from '@mui/icons-material/Close'
import Download from '@mui/icons-material/Download'
import InsertDriveFile from '@mui/icons-material/InsertDriveFile'
import NavigateBefore from '@mui/icons-material/NavigateBefore'
import NavigateNext from '@mui/icons-material/NavigateNext'
import Box from '@mui/material/Box'
import ButtonBase from '@mui/material/ButtonBase'
import Dialog from '@mui/material/Dialog'
import IconButton from '@mui/material/IconButton'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import type { Attachment } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import { isImage } from './feature-values'

/** An attachment's URL with the session token (and `&thumbnail` for the small image). */
export function attachmentUrl(a: Attachment, token: string | null, thumbnail = false): string {
  const url = new URL(a.src, window.location.origin)
  if (token) url.searchParams.set('token', token)
  const text = `${url.pathname}${url.search}`
  return thumbnail ? `${text}${url.search ? '&' : '?'}thumbnail` : text
}

/**
 * The Anexos gallery: up to four columns of thumbnails at most 80 px high; an image opens in
 * a lightbox with previous and next, other files download.
 */
export function AttachmentGallery({
  attachments,
  token,
}: {
  attachments: Attachment[]
  token: string | null
}) {
  const images = attachments.filter(isImage)
  const [open, setOpen] = useState<number | null>(null)
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(4, 1fr)' },
          gap: 1,
        }}
        data-testid="attachment-gallery"
      >
        {attachments.map((a) =>
          isImage(a) ? (
            <Tooltip key={a.id} title={a.description || a.filename}>
              <ButtonBase
                onClick={() => setOpen(images.indexOf(a))}
                aria-label={t('map.selection.openAttachment', { name: a.filename })}
                sx={{
                  height: 80,
                  borderRadius: 1,
                  overflow: 'hidden',
                  bgcolor: 'grey.100',
                  border: 1,
                  borderColor: 'divider',
                }}
              >
                <Thumbnail src={attachmentUrl(a, token, true)} alt={a.filename} />
              </ButtonBase>
            </Tooltip>
          ) : (
            <ButtonBase
              key={a.id}
              component="a"
              href={attachmentUrl(a, token)}
              download={a.filename}
              aria-label={t('map.selection.download', { name: a.filename })}
              sx={{
                height: 80,
                borderRadius: 1,
                border: 1,
                borderColor: 'divider',
                flexDirection: 'column',
                gap: 0.5,
                px: 0.5,
                color: 'text.secondary',
              }}
            >
              <InsertDriveFile />
              <Typography variant="caption" noWrap sx={{ maxWidth: '100%' }}>
                {a.filename}
              </Typography>
            </ButtonBase>
          ),
        )}
      </Box>
      {open !== null && images[open] && (
        <Lightbox images={images} index={open} onIndex={setOpen} token={token} />
      )}
    </>
  )
}

function Thumbnail({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false)
  if (failed) {
    return (
      <Typography variant="caption" color="text.secondary" sx={{ px: 0.5 }}>
        {t('map.selection.imageMissing')}
      </Typography>
    )
  }
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(true)}
      sx={{ maxHeight: 80, width: '100%', objectFit: 'cover', display: 'block' }}
    />
  )
}

function Lightbox({
  images,
  index,
  onIndex,
  token,
}: {
  images: Attachment[]
  index: number
  onIndex: (i: number | null) => void
  token: string | null
}) {
  const a = images[index]!
  const go = (delta: number) => onIndex((index + delta + images.length) % images.length)
  return (
    <Dialog
      open
      onClose={() => onIndex(null)}
      maxWidth="lg"
      fullWidth
      aria-label={a.filename}
      onKeyDown={(e) => {
        if (e.key === 'ArrowLeft') go(-1)
        if (e.key === 'ArrowRight') go(1)
      }}
      slotProps={{ paper: { sx: { bgcolor: '#10181d', color: '#fff' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
        <Typography sx={{ flex: 1, fontWeight: 600 }} noWrap>
          {a.description || a.filename}
        </Typography>
        <Typography variant="body2" data-testid="lightbox-position">
          {t('map.lightbox.position', { n: index + 1, m: images.length })}
        </Typography>
        <IconButton
          component="a"
          href={attachmentUrl(a, token)}
          download={a.filename}
          color="inherit"
          aria-label={t('map.selection.download', { name: a.filename })}
        >
          <Download />
        </IconButton>
        <IconButton
          color="inherit"
          onClick={() => onIndex(null)}
          aria-label={t('map.lightbox.close')}
        >
          <Close />
        </IconButton>
      </Box>
      <Box sx={{ position: 'relative', display: 'flex', justifyContent: 'center', px: 7, pb: 2 }}>
        <Box
          component="img"
          src={attachmentUrl(a, token)}
          alt={a.filename}
          sx={{ maxWidth: '100%', maxHeight: '75vh', objectFit: 'contain' }}
        />
        {images.length > 1 && (
          <>
            <IconButton
              onClick={() => go(-1)}
              color="inherit"
              aria-label={t('map.lightbox.previous')}
              sx={{ position: 'absolute', left: 8, top: '50%', transform: 'translateY(-50%)' }}
            >
              <NavigateBefore fontSize="large" />
            </IconButton>
            <IconButton
              onClick={() => go(1)}
              color="inherit"
              aria-label={t('map.lightbox.next')}
              sx={{ position: 'absolute', right: 8, top: '50%', transform: 'translateY(-50%)' }}
            >
              <NavigateNext fontSize="large" />
            </IconButton>
          </>
        )}
      </Box>
    </Dialog>
  )
}
