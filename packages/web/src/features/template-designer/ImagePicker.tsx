import CheckCircle from '@mui/icons-material/CheckCircle'
import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { IMAGE_PICKER_PAGE_SIZE, REPORT_IMAGE_TAG } from '@gis/shared/reports'
import { useState } from 'react'
import { CardGrid } from '../../components/CardGrid'
import { DialogButtons, DialogFrame } from '../../components/DialogFrame'
import { FileButton } from '../../components/FileButton'
import { TablePager } from '../../components/TablePager'
import { useReportContentsQuery } from '../../api/reports.api'
import { contentFileUrl, useUploadReportImage } from './designer.api'
import { useUrlToken } from '../../state/url-token'

type UploadState =
  | { state: 'idle' }
  | { state: 'uploading'; percent: number }
  | { state: 'finished' }
  | { state: 'error' }

/**
 * The report image picker: the library's images (tag 'reports/imagens') 30 a page with a
 * search, 'Importar Imagem' (upload with percent, finished or error), Voltar and Confirmar
 * (disabled until an image is chosen).
 */
export function ImagePicker({
  open,
  value,
  onClose,
  onConfirm,
}: {
  open: boolean
  value: number | null
  onClose: () => void
  onConfirm: (id: number) => void
}) {
  const token = useUrlToken()
  const [query, setQuery] = useState('')
  const [page, setPage] = useState(0)
  const [chosen, setChosen] = useState<number | null>(value)
  const [upload, setUpload] = useState<UploadState>({ state: 'idle' })
  const uploadImage = useUploadReportImage()
  const { data, isFetching } = useReportContentsQuery({
    tag: REPORT_IMAGE_TAG,
    page,
    limit: IMAGE_PICKER_PAGE_SIZE,
    query: query.trim() || undefined,
  })

  async function send(file: File | undefined) {
    if (!file) return
    setUpload({ state: 'uploading', percent: 0 })
    try {
      const content = await uploadImage(file, (p) =>
        setUpload({ state: 'uploading', percent: p.percent }),
      )
      setUpload({ state: 'finished' })
      setChosen(content.id)
    } catch {
      setUpload({ state: 'error' })
    }
  }

  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      maxWidth="md"
      aria-labelledby="image-picker"
      titleId="image-picker"
      title={t('images.title')}
      dividers
      actions={
        <DialogButtons
          back={t('images.back')}
          onBack={onClose}
          act={t('images.confirm')}
          actDisabled={chosen === null}
          onAct={() => chosen !== null && onConfirm(chosen)}
        />
      }
    >
      <Stack direction="row" spacing={1} sx={{ mb: 1.5, alignItems: 'center' }}>
        <TextField
          size="small"
          label={t('images.search')}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value)
            setPage(0)
          }}
          sx={{ flex: 1 }}
        />
        <FileButton
          variant="outlined"
          label={t('images.import')}
          accept="image/png,image/jpeg,image/gif,image/webp"
          disabled={upload.state === 'uploading'}
          onFile={(file) => void send(file)}
        />
      </Stack>
      {upload.state === 'uploading' && (
        <Box sx={{ mb: 1 }}>
          <Typography variant="body2">
            {t('designer.uploading', { percent: upload.percent })}
          </Typography>
          <LinearProgress variant="determinate" value={upload.percent} />
        </Box>
      )}
      {upload.state === 'finished' && (
        <Typography variant="body2" color="success.main" sx={{ mb: 1 }}>
          {t('designer.uploaded')}
        </Typography>
      )}
      {upload.state === 'error' && (
        <Typography variant="body2" color="error" role="alert" sx={{ mb: 1 }}>
          {t('designer.uploadFailed')}
        </Typography>
      )}
      {isFetching && <LinearProgress sx={{ mb: 1 }} />}
      {data && data.rows.length === 0 && (
        <Typography color="text.secondary">{t('images.empty')}</Typography>
      )}
      <CardGrid role="listbox" aria-label={t('images.title')} min={120} gap={1}>
        {data?.rows.map((img) => {
          const selected = chosen === img.id
          return (
            <Box
              key={img.id}
              role="option"
              aria-selected={selected}
              aria-label={img.filename}
              tabIndex={0}
              onClick={() => setChosen(img.id)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') setChosen(img.id)
              }}
              sx={{
                position: 'relative',
                border: 2,
                borderColor: selected ? 'primary.main' : 'divider',
                borderRadius: 1,
                p: 0.5,
                cursor: 'pointer',
              }}
            >
              <Box
                component="img"
                src={contentFileUrl(img.id, token)}
                alt={img.filename}
                sx={{ width: '100%', height: 90, objectFit: 'contain', display: 'block' }}
              />
              <Typography variant="caption" noWrap component="div">
                {img.filename}
              </Typography>
              {selected && (
                <CheckCircle color="primary" sx={{ position: 'absolute', top: 4, right: 4 }} />
              )}
            </Box>
          )
        })}
      </CardGrid>
      {data && data.total > IMAGE_PICKER_PAGE_SIZE && (
        <TablePager
          total={data.total}
          page={page}
          limit={IMAGE_PICKER_PAGE_SIZE}
          sizes={[IMAGE_PICKER_PAGE_SIZE]}
          onPage={(p) => setPage(p)}
        />
      )}
    </DialogFrame>
  )
}
