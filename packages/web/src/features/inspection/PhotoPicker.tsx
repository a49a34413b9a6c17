import AddPhotoAlternate from '@mui/icons-material/AddPhotoAlternate'
import Close from '@mui/icons-material/Close'
import ErrorOutline from '@mui/icons-material/ErrorOutlined'
import PhotoCamera from '@mui/icons-material/PhotoCamera'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useCallback, useRef, useState } from 'react'
import { CameraDialog, cameraSupported } from '../../components/CameraDialog'
import type { FormPhoto } from './photo-uploads'

/**
 * Photos of an inspection or of one anomaly: FOTOS (the phone's camera or gallery, several at
 * once), CÂMERA (the live camera dialog, where the browser has one), each photo with its
 * thumbnail, the percent sent, a caption and its removal.
 */
export function PhotoPicker({
  label,
  photos,
  disabled,
  onFiles,
  onCaption,
  onRemove,
}: {
  label: string
  photos: readonly FormPhoto[]
  disabled?: boolean
  onFiles: (files: File[]) => void
  onCaption: (key: string, caption: string) => void
  onRemove: (key: string) => void
}) {
  const { enqueueSnackbar } = useSnackbar()
  const input = useRef<HTMLInputElement>(null)
  const [camera, setCamera] = useState(false)
  const closeCamera = useCallback(() => setCamera(false), [])
  return (
    <Box role="group" aria-label={label}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button
          size="small"
          variant="outlined"
          startIcon={<AddPhotoAlternate />}
          disabled={disabled}
          onClick={() => input.current?.click()}
        >
          {t('inspection.form.addPhotos')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<PhotoCamera />}
          disabled={disabled}
          onClick={() => {
            if (cameraSupported()) setCamera(true)
            else enqueueSnackbar(t('attachments.cameraUnsupported'), { variant: 'error' })
          }}
        >
          {t('inspection.form.camera')}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          hidden
          aria-label={label}
          data-testid="photo-input"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? [])
            e.target.value = ''
            if (files.length) onFiles(files)
          }}
        />
      </Box>
      {photos.length > 0 && (
        <Box
          sx={{
            mt: 1,
            display: 'grid',
            gap: 1,
            gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
          }}
        >
          {photos.map((p) => (
            <Box
              key={p.key}
              data-testid="form-photo"
              data-sent={p.contentId !== undefined}
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}
            >
              <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: 'grey.200' }}>
                <Box
                  component="img"
                  src={p.preview}
                  alt={p.name}
                  sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
                />
                <IconButton
                  size="small"
                  aria-label={t('inspection.form.removePhoto', { name: p.name })}
                  onClick={() => onRemove(p.key)}
                  sx={{
                    position: 'absolute',
                    top: 4,
                    right: 4,
                    bgcolor: 'rgba(255,255,255,0.85)',
                    '&:hover': { bgcolor: '#fff' },
                  }}
                >
                  <Close fontSize="small" />
                </IconButton>
                {p.failed && (
                  <Box
                    sx={{
                      position: 'absolute',
                      inset: 0,
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: 'rgba(183,28,28,0.75)',
                      color: '#fff',
                      p: 1,
                      textAlign: 'center',
                    }}
                  >
                    <ErrorOutline />
                    <Typography variant="caption">
                      {t('inspection.form.uploadFailed', { name: p.name })}
                    </Typography>
                  </Box>
                )}
              </Box>
              {p.contentId === undefined && !p.failed && (
                <LinearProgress
                  variant="determinate"
                  value={p.percent}
                  aria-label={t('inspection.form.uploading', { name: p.name, percent: p.percent })}
                />
              )}
              <TextField
                size="small"
                variant="standard"
                placeholder={t('inspection.form.caption')}
                value={p.caption}
                onChange={(e) => onCaption(p.key, e.target.value)}
                slotProps={{
                  htmlInput: { maxLength: 500, 'aria-label': t('inspection.form.caption') },
                }}
                sx={{ px: 1, py: 0.5, width: '100%' }}
              />
            </Box>
          ))}
        </Box>
      )}
      <CameraDialog
        open={camera}
        onClose={closeCamera}
        onPhoto={(file) => {
          setCamera(false)
          onFiles([new File([file], `foto-${Date.now()}.png`, { type: file.type })])
        }}
      />
    </Box>
  )
}
