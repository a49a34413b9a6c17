import AddCircleOutline from '@mui/icons-material/AddCircleOutlined'
import DeleteOutline from '@mui/icons-material/DeleteOutlined'
import Download from '@mui/icons-material/Download'
import InsertDriveFile from '@mui/icons-material/InsertDriveFile'
import LibraryAdd from '@mui/icons-material/LibraryAddOutlined'
import PhotoCamera from '@mui/icons-material/PhotoCamera'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import ButtonBase from '@mui/material/ButtonBase'
import IconButton from '@mui/material/IconButton'
import LinearProgress from '@mui/material/LinearProgress'
import Paper from '@mui/material/Paper'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import type { Attachment, FeatureRef, LayerPermissions } from '@gis/shared'
import { formatFileSize, isImageAttachment } from '@gis/shared/feature-constants'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useState, type ComponentType } from 'react'
import { useAppDispatch } from '../../state/root-state'
import { useBusy } from '../../state/use-busy'
import { useGetConfigQuery } from '../../api/session.api'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { attachmentSrc } from '../../api/attachment-url'
import { useUrlToken } from '../../state/url-token'
import { AttachDialog } from './AttachDialog'
import { CameraDialog, cameraSupported } from '../../components/CameraDialog'
import {
  attachmentsPath,
  featuresApi,
  useDeleteAttachmentMutation,
  useGetAttachmentsQuery,
} from '../../api/features.api'
import { Lightbox } from '../../components/Lightbox'

function Thumbnail({
  a,
  token,
  onOpen,
}: {
  a: Attachment
  token: string | null
  onOpen: () => void
}) {
  const [failed, setFailed] = useState(false)
  if (!isImageAttachment(a)) {
    return (
      <Box
        component="a"
        href={attachmentSrc(a, token)}
        download={a.filename}
        aria-label={t('attachments.download')}
        sx={{
          height: 140,
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'grey.100',
          color: 'text.disabled',
        }}
      >
        <InsertDriveFile sx={{ fontSize: 56 }} />
      </Box>
    )
  }
  return (
    <ButtonBase
      onClick={onOpen}
      aria-label={`${t('attachments.open')} ${a.filename}`}
      sx={{ height: 140, width: '100%', bgcolor: 'grey.100', overflow: 'hidden' }}
    >
      {failed ? (
        <Typography variant="caption" color="text.secondary">
          {t('attachments.notFoundImage')}
        </Typography>
      ) : (
        <Box
          component="img"
          src={attachmentSrc(a, token, true)}
          alt={a.description || a.filename}
          loading="lazy"
          onError={() => setFailed(true)}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
    </ButtonBase>
  )
}

/**
 * What the documents library (features/documents, module documents) shows in DOCUMENTOS: the
 * composition hands it in (app/screens/FeatureInfoScreen.tsx).
 */
export interface LibraryParts {
  /** The library's documents linked to the feature. */
  LinkedDocuments: ComponentType<{ item: FeatureRef }>
  /** 'Enviar para a biblioteca de documentos' of an attachment. */
  PromoteDialog: ComponentType<{ attachment: Attachment; onClose: () => void }>
}

/**
 * DOCUMENTOS: the feature's attachments (readFeatureAttachment) as a gallery: images open in
 * the lightbox, other files download. ADICIONAR and FOTOGRAFAR need createFeatureAttachment,
 * deleting needs deleteFeatureAttachment (the server checks each anyway).
 */
export function DocumentsTab({
  item,
  perms,
  library: { LinkedDocuments, PromoteDialog },
}: {
  item: FeatureRef
  perms: LayerPermissions | undefined
  library: LibraryParts
}) {
  const token = useUrlToken()
  const dispatch = useAppDispatch()
  const busy = useBusy()
  const { enqueueSnackbar } = useSnackbar()
  const canRead = Boolean(perms?.readFeatureAttachment)
  const { data, isFetching, isError } = useGetAttachmentsQuery(item, { skip: !canRead })
  const [remove] = useDeleteAttachmentMutation()
  const [attachOpen, setAttachOpen] = useState(false)
  const [cameraOpen, setCameraOpen] = useState(false)
  const [photo, setPhoto] = useState<File | null>(null)
  const [toDelete, setToDelete] = useState<Attachment | null>(null)
  const [lightbox, setLightbox] = useState<number | null>(null)
  // The documents library (module documents): its linked documents, and attachments sent to it.
  const library = Boolean(useGetConfigQuery().data?.modules.includes('documents'))
  const [promoting, setPromoting] = useState<Attachment | null>(null)
  useEffect(() => {
    if (isError) enqueueSnackbar(t('features.attachmentsLoadFailed'), { variant: 'error' })
  }, [isError, enqueueSnackbar])

  if (!canRead)
    return (
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Alert severity="info">{t('attachments.noReadPermission')}</Alert>
        {library && <LinkedDocuments item={item} />}
      </Box>
    )
  const rows = data?.rows ?? []
  const images = rows.filter(isImageAttachment)

  async function confirmDelete() {
    const a = toDelete
    setToDelete(null)
    if (!a) return
    const result = await busy(() => remove({ ...item, attachmentId: a.id }))
    if ('error' in result) enqueueSnackbar(t('attachments.deleteFailed'), { variant: 'error' })
    else enqueueSnackbar(t('attachments.deleted'), { variant: 'success' })
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {perms?.createFeatureAttachment && (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            startIcon={<AddCircleOutline />}
            onClick={() => {
              setPhoto(null)
              setAttachOpen(true)
            }}
          >
            {t('attachments.add')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<PhotoCamera />}
            onClick={() => {
              if (cameraSupported()) setCameraOpen(true)
              else enqueueSnackbar(t('attachments.cameraUnsupported'), { variant: 'error' })
            }}
          >
            {t('attachments.capture')}
          </Button>
        </Box>
      )}
      <Box sx={{ height: 4 }}>{isFetching && <LinearProgress />}</Box>
      {data && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('attachments.none')}
        </Typography>
      )}
      <Box
        data-testid="documents"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
          gap: 2,
        }}
      >
        {rows.map((a) => (
          <Paper
            key={a.id}
            variant="outlined"
            sx={{ overflow: 'hidden', display: 'flex', flexDirection: 'column' }}
          >
            <Thumbnail a={a} token={token} onOpen={() => setLightbox(images.indexOf(a))} />
            <Box sx={{ p: 1.5, pb: 1, flex: 1, minWidth: 0 }}>
              <Typography variant="body2" noWrap title={a.filename} sx={{ fontWeight: 600 }}>
                {a.filename}
              </Typography>
              {a.description && (
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
                  {a.description}
                </Typography>
              )}
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block', mt: 0.5 }}
              >
                {formatFileSize(a.size)} ·{' '}
                {t('attachments.uploadedBy', {
                  user: a.user,
                  date: new Date(a.uploadDate).toLocaleString('pt-BR', {
                    dateStyle: 'short',
                    timeStyle: 'short',
                  }),
                })}
              </Typography>
            </Box>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 0.5, pb: 0.5 }}>
              <Tooltip title={t('attachments.download')}>
                <IconButton
                  size="small"
                  component="a"
                  href={attachmentSrc(a, token)}
                  download={a.filename}
                  aria-label={`${t('attachments.download')} ${a.filename}`}
                >
                  <Download fontSize="small" />
                </IconButton>
              </Tooltip>
              {library && (
                <Tooltip title={t('documents.promote')}>
                  <IconButton
                    size="small"
                    aria-label={t('documents.promoteAction', { name: a.filename })}
                    onClick={() => setPromoting(a)}
                  >
                    <LibraryAdd fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
              {perms?.deleteFeatureAttachment && (
                <Tooltip title={t('attachments.delete')}>
                  <IconButton
                    size="small"
                    aria-label={`${t('attachments.delete')} ${a.filename}`}
                    onClick={() => setToDelete(a)}
                  >
                    <DeleteOutline fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </Box>
          </Paper>
        ))}
      </Box>
      {library && <LinkedDocuments item={item} />}
      {promoting && <PromoteDialog attachment={promoting} onClose={() => setPromoting(null)} />}
      <AttachDialog
        open={attachOpen}
        url={attachmentsPath(item)}
        feature={item}
        initialFile={photo}
        maxBytes={data?.maxBytes ?? null}
        onClose={() => setAttachOpen(false)}
        onUploaded={() =>
          dispatch(
            featuresApi.util.invalidateTags([
              { type: 'FeatureAttachments', id: `${item.layer}:${item.id}` },
            ]),
          )
        }
      />
      <CameraDialog
        open={cameraOpen}
        onClose={() => setCameraOpen(false)}
        onPhoto={(file) => {
          setCameraOpen(false)
          setPhoto(file)
          setAttachOpen(true)
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('attachments.deleteTitle')}
        text={t('attachments.deleteConfirm', { name: toDelete?.filename ?? '' })}
        confirmLabel={t('attachments.delete')}
        cancelLabel={t('features.form.cancel')}
        danger
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      />
      <Lightbox images={images} index={lightbox} token={token} onIndex={setLightbox} />
    </Box>
  )
}
