import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { DialogFrame } from '../../components/DialogFrame'

export interface OldKey {
  index: number
  source: string
}

/** The column that held the key before (a key other than id): chosen, or removed. */
export function OldKeyDialog({
  oldKey,
  columns,
  onChange,
  onDone,
}: {
  oldKey: OldKey | null
  columns: readonly string[]
  onChange: (oldKey: OldKey) => void
  /** The column chosen, null to remove it, undefined to leave it. */
  onDone: (source: string | null | undefined) => void
}) {
  return (
    <DialogFrame
      open={oldKey !== null}
      onClose={() => onDone(undefined)}
      maxWidth="xs"
      title={t('dataloader.oldKeyTitle')}
      contentSx={{ display: 'grid', gap: 2, pt: '8px !important' }}
      actions={
        <>
          <Button onClick={() => onDone(null)}>{t('dataloader.oldKeyRemove')}</Button>
          <Button
            variant="contained"
            disabled={!oldKey?.source}
            onClick={() => onDone(oldKey?.source)}
          >
            {t('dataloader.confirm')}
          </Button>
        </>
      }
    >
      <Typography variant="body2">{t('dataloader.oldKeyHelp')}</Typography>
      <TextField
        select
        label={t('dataloader.oldKeyColumn')}
        value={oldKey?.source ?? ''}
        onChange={(e) => oldKey && onChange({ ...oldKey, source: e.target.value })}
      >
        {columns.map((c) => (
          <MenuItem key={c} value={c}>
            {c}
          </MenuItem>
        ))}
      </TextField>
    </DialogFrame>
  )
}
