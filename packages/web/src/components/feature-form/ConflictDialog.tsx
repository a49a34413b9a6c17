import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import type { Feature } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { attributeText } from '../attribute-text'
import type { FormField } from './form-fields'
import { DataTable } from '../DataTable'
import { DialogFrame } from '../DialogFrame'

export interface ConflictRow {
  field: FormField
  mine: unknown
  current: unknown
}

/** A 409: the feature as it is now, the user's changed attributes, and the rows comparing them. */
export interface Conflict {
  rows: ConflictRow[]
  current: Feature
  mine: Record<string, unknown>
}

export function conflictOf(
  fields: readonly FormField[],
  mine: Record<string, unknown>,
  current: Feature,
): Conflict {
  const rows = Object.entries(mine).map(([name, value]) => ({
    field: fields.find((f) => f.name === name)!,
    mine: value,
    current: current.attributes[name],
  }))
  return { rows, current, mine }
}

/**
 * An edit met a newer version (409): nothing was written and the user's changes are still in
 * the form. The dialog shows each changed attribute as the user left it and as it is now, and
 * lets them write theirs over the current version or drop them.
 */
export function ConflictDialog({
  open,
  rows,
  onKeepMine,
  onDiscard,
}: {
  open: boolean
  rows: ConflictRow[]
  onKeepMine: () => void
  onDiscard: () => void
}) {
  return (
    <DialogFrame
      open={open}
      titleId="conflict-title"
      title={t('features.conflictTitle')}
      dividers
      actions={
        <>
          <Button onClick={onDiscard}>{t('features.conflictDiscard')}</Button>
          <Button variant="contained" onClick={onKeepMine}>
            {t('features.conflictKeepMine')}
          </Button>
        </>
      }
    >
      <Alert severity="warning" sx={{ mb: 2 }}>
        {t('features.conflictText')}
      </Alert>
      <DataTable
        bare
        noLoadingBar
        columns={[
          { key: 'field', label: t('history.attribute'), render: (r) => r.field.title },
          {
            key: 'mine',
            label: t('features.conflictYours'),
            render: (r) => attributeText(r.mine, r.field.type),
            cellProps: () => ({ sx: { fontWeight: 600 } }),
          },
          {
            key: 'current',
            label: t('features.conflictCurrent'),
            render: (r) => attributeText(r.current, r.field.type),
          },
        ]}
        rows={rows}
        rowKey={(r) => r.field.name}
        empty=""
      />
    </DialogFrame>
  )
}
