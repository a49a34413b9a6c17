import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { Attachment } from '@gis/shared'
import { DOCUMENT_LIMITS } from '@gis/shared/documents'
import { t } from '@gis/shared/i18n'
import { useMemo, useState } from 'react'
import { DialogButtons, DialogFrame } from '../../components/DialogFrame'
import { useMutationToast } from '../../components/use-mutation-toast'
import { useIsAdmin } from '../../state/session'
import { folderEntries } from './document-format'
import { useDocumentFoldersQuery, usePromoteAttachmentMutation } from './documents.api'

/** The file name without its extension: the document's first title. */
const baseName = (filename: string) => filename.replace(/\.[^.]+$/, '') || filename

/**
 * 'Enviar para a biblioteca de documentos': an attachment's file copied into a folder the user
 * writes in, as a new document linked to the attachment's feature.
 */
export function PromoteDialog({
  attachment,
  onClose,
}: {
  attachment: Attachment
  onClose: () => void
}) {
  const admin = useIsAdmin()
  const run = useMutationToast()
  const folders = useDocumentFoldersQuery()
  const writable = useMemo(
    () => folderEntries(folders.data ?? []).filter((e) => e.folder.canWrite || admin),
    [folders.data, admin],
  )
  const [folderId, setFolderId] = useState<number | ''>('')
  const [title, setTitle] = useState(() =>
    (attachment.description.trim() || baseName(attachment.filename)).slice(
      0,
      DOCUMENT_LIMITS.title,
    ),
  )
  const [promote, { isLoading }] = usePromoteAttachmentMutation()
  const chosen = folderId === '' ? (writable[0]?.folder.id ?? '') : folderId

  async function send() {
    if (chosen === '') return
    const promoted = await run(
      () =>
        promote({
          attachmentId: attachment.id,
          folderId: chosen,
          ...(title.trim() ? { title: title.trim() } : {}),
        }).unwrap(),
      t('documents.promoted'),
      t('documents.failed'),
    )
    if (promoted) onClose()
  }

  return (
    <DialogFrame
      open
      onClose={isLoading ? undefined : onClose}
      title={t('documents.promoteTitle')}
      titleId="promote-title"
      dividers
      contentSx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
      actions={
        <DialogButtons
          back={t('documents.cancel')}
          onBack={onClose}
          backDisabled={isLoading}
          act={t('documents.promoteSend')}
          onAct={() => void send()}
          actDisabled={isLoading || chosen === '' || !title.trim()}
        />
      }
    >
      <Typography variant="body2" color="text.secondary">
        {t('documents.promoteHint')}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {attachment.filename}
      </Typography>
      <TextField
        select
        label={t('documents.folderPicker')}
        value={chosen}
        onChange={(e) => setFolderId(Number(e.target.value))}
        error={folders.isSuccess && writable.length === 0}
        helperText={
          folders.isSuccess && writable.length === 0 ? t('documents.uploadNoFolder') : undefined
        }
      >
        {writable.map(({ folder, path }) => (
          <MenuItem key={folder.id} value={folder.id}>
            {path}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={t('documents.fieldTitle')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        slotProps={{ htmlInput: { maxLength: DOCUMENT_LIMITS.title } }}
      />
    </DialogFrame>
  )
}
