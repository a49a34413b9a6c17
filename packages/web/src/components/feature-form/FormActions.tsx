import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { t, tn } from '@gis/shared/i18n'

/**
 * The form's buttons (spec 1 sections 2 and 6): EXCLUIR only on a live feature with
 * deleteFeature, REATIVAR only on a deleted one with updateFeature, SALVAR with updateFeature
 * once something changed; inserting, the one Salvar with createFeature.
 */
export function FormActions({
  insert,
  deleted,
  queryable,
  readOnly,
  changedCount,
  canDelete,
  canUpdate,
  onDelete,
  onReactivate,
}: {
  insert: boolean
  deleted: boolean
  queryable: boolean
  readOnly: boolean
  changedCount: number
  canDelete: boolean
  canUpdate: boolean
  onDelete: () => void
  onReactivate: () => void
}) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
        alignItems: 'center',
        justifyContent: 'flex-end',
        borderTop: 1,
        borderColor: 'divider',
        pt: 2,
        mt: 'auto',
      }}
    >
      {!insert && changedCount > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
          {tn('features.form.changed.one', 'features.form.changed.other', changedCount)}
        </Typography>
      )}
      {!insert && canDelete && !deleted && (
        <Button color="error" variant="outlined" disabled={!queryable} onClick={onDelete}>
          {t('features.form.delete')}
        </Button>
      )}
      {!insert && canUpdate && deleted && (
        <Button variant="outlined" disabled={!queryable} onClick={onReactivate}>
          {t('features.form.reactivate')}
        </Button>
      )}
      {insert ? (
        <Button type="submit" variant="contained" disabled={readOnly}>
          {t('features.form.insert')}
        </Button>
      ) : (
        canUpdate &&
        !deleted && (
          <Button type="submit" variant="contained" disabled={readOnly || changedCount === 0}>
            {t('features.form.save')}
          </Button>
        )
      )}
    </Box>
  )
}
