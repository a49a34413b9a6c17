import type { Attachment } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { ConfirmDialog } from '../ConfirmDialog'
import { AttachmentPickerDialog } from './AttachmentPickerDialog'
import { ConflictDialog, type Conflict } from './ConflictDialog'
import type { FormField } from './form-fields'

/**
 * The form's dialogs: EXCLUIR's confirmation (`deleting`: the feature's id and layer), the
 * version conflict, and the picker of a file or photo field's attachment.
 */
export function FormDialogs({
  confirmDelete,
  deleting,
  onDelete,
  conflict,
  onConflict,
  picker,
  attachments,
  pickerValue,
  onPick,
}: {
  confirmDelete: boolean
  deleting: { id: number | string; layer: string }
  onDelete: (confirmed: boolean) => void
  conflict: Conflict | null
  onConflict: (keepMine: boolean) => void
  picker: FormField | null
  attachments: Attachment[]
  pickerValue: string
  /** The chosen attachment, or undefined when the picker was closed. */
  onPick: (value: string | undefined) => void
}) {
  return (
    <>
      <ConfirmDialog
        open={confirmDelete}
        title={t('features.form.deleteConfirmTitle')}
        text={t('features.form.deleteConfirm', deleting)}
        confirmLabel={t('features.form.confirmDelete')}
        cancelLabel={t('features.form.cancel')}
        danger
        onConfirm={() => onDelete(true)}
        onClose={() => onDelete(false)}
      />
      <ConflictDialog
        open={conflict !== null}
        rows={conflict?.rows ?? []}
        onDiscard={() => onConflict(false)}
        onKeepMine={() => onConflict(true)}
      />
      <AttachmentPickerDialog
        open={picker !== null}
        title={picker?.title ?? ''}
        attachments={attachments}
        value={pickerValue}
        photosOnly={picker?.attachment === 'photo'}
        onClose={() => onPick(undefined)}
        onPick={onPick}
      />
    </>
  )
}
