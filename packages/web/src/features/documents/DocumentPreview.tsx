import ChevronLeft from '@mui/icons-material/ChevronLeft'
import ChevronRight from '@mui/icons-material/ChevronRight'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import IconButton from '@mui/material/IconButton'
import Typography from '@mui/material/Typography'
import { documentPageUrl, type DocumentDetail } from '@gis/shared/documents'
import { t } from '@gis/shared/i18n'
import { useEffect, useState } from 'react'
import { contentUrl, useDownloadToken, withToken } from './document-format'
import { DocumentThumb } from './DocumentsTable'

/** A picture of the preview, with its spinner while it loads and a message if it fails. */
function Picture({ src, alt, loadingText }: { src: string; alt: string; loadingText?: string }) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  useEffect(() => setState('loading'), [src])
  return (
    <Box
      sx={{
        position: 'relative',
        minHeight: 240,
        display: 'grid',
        placeItems: 'center',
        bgcolor: 'grey.200',
        borderRadius: 1,
        p: { xs: 1, sm: 2 },
      }}
    >
      {state === 'loading' && (
        <Box
          role="status"
          sx={{ position: 'absolute', display: 'grid', placeItems: 'center', gap: 1 }}
        >
          <CircularProgress size={32} />
          {loadingText && (
            <Typography variant="caption" color="text.secondary">
              {loadingText}
            </Typography>
          )}
        </Box>
      )}
      {state === 'failed' ? (
        <Alert severity="warning">{t('documents.previewFailed')}</Alert>
      ) : (
        <Box
          component="img"
          src={src}
          alt={alt}
          onLoad={() => setState('ready')}
          onError={() => setState('failed')}
          sx={{
            maxWidth: '100%',
            maxHeight: { xs: '60vh', md: 'calc(100vh - 300px)' },
            boxShadow: state === 'ready' ? 2 : 0,
            bgcolor: 'common.white',
            display: 'block',
            visibility: state === 'ready' ? 'visible' : 'hidden',
          }}
        />
      )}
    </Box>
  )
}

/**
 * VISUALIZAR: a PDF's pages as the server draws them (one at a time, with the pager), an image
 * as it is, other files by their thumbnail or icon and a word about BAIXAR.
 */
export function DocumentPreview({ doc }: { doc: DocumentDetail }) {
  const token = useDownloadToken()
  const [page, setPage] = useState(1)
  useEffect(() => setPage(1), [doc.id, doc.version])
  const pages = doc.pageCount ?? 0

  if (doc.kind === 'pdf' && doc.preview === 'pending') {
    return (
      <Box role="status" sx={{ display: 'grid', placeItems: 'center', gap: 1, py: 6 }}>
        <CircularProgress size={32} />
        <Typography variant="body2" color="text.secondary">
          {t('documents.previewPending')}
        </Typography>
      </Box>
    )
  }
  if (doc.kind === 'pdf' && doc.preview === 'failed') {
    return <Alert severity="warning">{t('documents.previewNotMade')}</Alert>
  }
  if (doc.kind === 'pdf' && pages > 0) {
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Picture
          src={withToken(documentPageUrl(doc.id, doc.version, page), token)}
          alt={t('documents.previewPageAlt', { page, title: doc.title })}
          loadingText={t('documents.previewLoading')}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1 }}>
          <IconButton
            aria-label={t('documents.previousPage')}
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            <ChevronLeft />
          </IconButton>
          <Typography variant="body2" aria-live="polite">
            {t('documents.previewPage', { page, count: pages })}
          </Typography>
          <IconButton
            aria-label={t('documents.nextPage')}
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            <ChevronRight />
          </IconButton>
        </Box>
      </Box>
    )
  }
  if (doc.kind === 'image') {
    return <Picture src={contentUrl(doc.contentId, token)} alt={doc.title} />
  }
  return (
    <Box
      sx={{
        display: 'grid',
        placeItems: 'center',
        gap: 2,
        py: 4,
        bgcolor: 'grey.100',
        borderRadius: 1,
      }}
    >
      <DocumentThumb doc={doc} size={128} />
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, textAlign: 'center' }}>
        {t('documents.noPreview')}
      </Typography>
    </Box>
  )
}
