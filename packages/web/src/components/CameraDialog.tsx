import PhotoCamera from '@mui/icons-material/PhotoCamera'
import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import Typography from '@mui/material/Typography'
import { CAMERA_CAPTURE } from '@gis/shared/feature-constants'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useRef, useState } from 'react'
import { DialogButtons, DialogFrame } from './DialogFrame'
import { MediaOverlay } from './MediaOverlay'

/** Whether this browser can open a camera at all. */
export function cameraSupported(): boolean {
  return (
    typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function'
  )
}

/**
 * What a failed camera opening says: refused permission its own text; no camera at all (or
 * none this browser can use) the spec's 'Navegador não suporta o uso de cameras!'.
 */
export function cameraErrorKey(error: unknown) {
  const name = error instanceof DOMException || error instanceof Error ? error.name : ''
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'attachments.cameraDenied'
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotSupportedError') {
    return 'attachments.cameraUnsupported'
  }
  return 'attachments.cameraFailed'
}

/**
 * Camera capture (spec 3 section 9): 1280x720, the camera facing the environment; CAPTURAR
 * freezes the frame with a half-second flash and hands it on as foto1.png for the upload
 * dialog. The camera is released whenever the dialog closes.
 */
export function CameraDialog({
  open,
  onClose,
  onPhoto,
}: {
  open: boolean
  onClose: () => void
  onPhoto: (file: File) => void
}) {
  const { enqueueSnackbar } = useSnackbar()
  const video = useRef<HTMLVideoElement>(null)
  const [stream, setStream] = useState<MediaStream | null>(null)
  const [flash, setFlash] = useState(false)

  useEffect(() => {
    if (!open) return
    let cancelled = false
    let opened: MediaStream | null = null
    navigator.mediaDevices
      .getUserMedia({
        audio: false,
        video: {
          width: { ideal: CAMERA_CAPTURE.width },
          height: { ideal: CAMERA_CAPTURE.height },
          facingMode: CAMERA_CAPTURE.facingMode,
        },
      })
      .then((media) => {
        opened = media
        if (cancelled) media.getTracks().forEach((track) => track.stop())
        else setStream(media)
      })
      .catch((error: unknown) => {
        if (cancelled) return
        enqueueSnackbar(t(cameraErrorKey(error)), { variant: 'error' })
        onClose()
      })
    return () => {
      cancelled = true
      opened?.getTracks().forEach((track) => track.stop())
      setStream(null)
    }
  }, [open, onClose, enqueueSnackbar])

  useEffect(() => {
    if (video.current && stream) {
      video.current.srcObject = stream
      void video.current.play().catch(() => undefined)
    }
  }, [stream])

  function capture() {
    const v = video.current
    if (!v || !v.videoWidth) return
    const canvas = document.createElement('canvas')
    canvas.width = v.videoWidth
    canvas.height = v.videoHeight
    canvas.getContext('2d')?.drawImage(v, 0, 0, canvas.width, canvas.height)
    setFlash(true)
    window.setTimeout(() => setFlash(false), CAMERA_CAPTURE.flashMs)
    canvas.toBlob((blob) => {
      if (!blob) return
      const file = new File([blob], CAMERA_CAPTURE.fileName, { type: 'image/png' })
      window.setTimeout(() => onPhoto(file), CAMERA_CAPTURE.flashMs)
    }, 'image/png')
  }

  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      maxWidth="md"
      title={t('attachments.cameraTitle')}
      titleId="camera-title"
      dividers
      contentSx={{ p: 0, bgcolor: '#000', position: 'relative' }}
      actions={
        <DialogButtons
          back={t('attachments.cancel')}
          onBack={onClose}
          act={t('attachments.cameraTake')}
          onAct={capture}
          actDisabled={!stream}
          actProps={{ startIcon: <PhotoCamera /> }}
        />
      }
    >
      <Box
        component="video"
        ref={video}
        muted
        playsInline
        data-testid="camera-video"
        sx={{ width: '100%', aspectRatio: '16 / 9', display: 'block', objectFit: 'contain' }}
      />
      {!stream && (
        <MediaOverlay>
          <Box sx={{ textAlign: 'center' }}>
            <CircularProgress color="inherit" size={28} />
            <Typography sx={{ mt: 1 }}>{t('attachments.cameraStarting')}</Typography>
          </Box>
        </MediaOverlay>
      )}
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          inset: 0,
          bgcolor: '#fff',
          opacity: flash ? 0.9 : 0,
          transition: flash ? 'none' : `opacity ${CAMERA_CAPTURE.flashMs}ms ease-out`,
          pointerEvents: 'none',
        }}
      />
    </DialogFrame>
  )
}
