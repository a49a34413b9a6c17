import InsertDriveFile from '@mui/icons-material/InsertDriveFile'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import ButtonBase from '@mui/material/ButtonBase'
import Typography from '@mui/material/Typography'
import { isImageAttachment, type Attachment } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useEffect, useState } from 'react'
import { attachmentSrc } from '../../api/attachment-url'
import { useUrlToken } from '../../state/url-token'
import { DialogFrame } from '../DialogFrame'

/**
 * Chooses the attachment a file or photo field points at: one of the feature's attachments
 * (images as thumbnails), or none. Confirming without a choice says 'É necessário escolher um
 * attachment!'.
 */
export function AttachmentPickerDialog({
  open,
  title,
  attachments,
  value,
  photosOnly,
  onClose,
  onPick,
}: {
  open: boolean
  title: string
  attachments: Attachment[]
  value: string
  photosOnly: boolean
  onClose: () => void
  onPick: (value: string) => void
}) {
  const token = useUrlToken()
  const [chosen, setChosen] = useState(value)
  const [error, setError] = useState(false)
  useEffect(() => {
    if (open) {
      setChosen(value)
      setError(false)
    }
  }, [open, value])
  const list = photosOnly ? attachments.filter(isImageAttachment) : attachments
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      titleId="picker-title"
      title={title}
      dividers
      actions={
        <>
          <Button onClick={() => onPick('')}>{t('features.form.noneOption')}</Button>
          <Box sx={{ flex: 1 }} />
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              if (!chosen) setError(true)
              else onPick(chosen)
            }}
          >
            {t('features.form.confirm')}
          </Button>
        </>
      }
    >
      {list.length === 0 ? (
        <Typography color="text.secondary">{t('attachments.none')}</Typography>
      ) : (
        <Box
          role="listbox"
          aria-label={title}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
            gap: 1,
          }}
        >
          {list.map((a) => {
            const selected = chosen === String(a.id)
            return (
              <ButtonBase
                key={a.id}
                role="option"
                aria-selected={selected}
                aria-label={a.filename}
                onClick={() => {
                  setChosen(String(a.id))
                  setError(false)
                }}
                sx={{
                  flexDirection: 'column',
                  borderRadius: 1,
                  border: 2,
                  borderColor: selected ? 'primary.main' : 'divider',
                  overflow: 'hidden',
                  bgcolor: selected ? 'action.selected' : 'background.paper',
                }}
              >
                {isImageAttachment(a) ? (
                  <Box
                    component="img"
                    src={attachmentSrc(a, token, true)}
                    alt=""
                    sx={{ width: '100%', height: 80, objectFit: 'cover', display: 'block' }}
                  />
                ) : (
                  <Box sx={{ height: 80, display: 'grid', placeItems: 'center', width: '100%' }}>
                    <InsertDriveFile sx={{ fontSize: 40, color: 'text.disabled' }} />
                  </Box>
                )}
                <Typography variant="caption" noWrap sx={{ width: '100%', px: 0.5, py: 0.25 }}>
                  {a.filename}
                </Typography>
              </ButtonBase>
            )
          })}
        </Box>
      )}
      {error && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('features.chooseAttachment')}
        </Alert>
      )}
    </DialogFrame>
  )
}
