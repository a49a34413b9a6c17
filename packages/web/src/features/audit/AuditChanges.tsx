import ArrowForward from '@mui/icons-material/ArrowForward'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import Typography from '@mui/material/Typography'
import type { AuditRecord, LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { attributeText } from '../../components/attribute-text'

/**
 * The attributes one audit record changed, as a list of `field: before → after` (the layer's
 * titles while it exists, the field's name otherwise); none: 'Não foi feita nenhuma alteração
 * dos atributos!'. A changed geometry is said on its own line.
 */
export function AuditChanges({
  record,
  layer,
}: {
  record: AuditRecord
  layer: LayerDescription | undefined
}) {
  const names = Object.keys(record.changedFields)
  const byName = new Map((layer?.attributes ?? []).map((a) => [a.name, a]))
  return (
    <Box sx={{ py: 1.5, pl: { xs: 0, sm: 6 } }}>
      {names.length === 0 ? (
        <Alert severity="info">{t('audit.noAttributeChanges')}</Alert>
      ) : (
        <List dense disablePadding aria-label={t('audit.changesOf', { id: record.id })}>
          {names.map((name) => {
            const attribute = byName.get(name)
            const before = record.previousFields ? record.previousFields[name] : undefined
            return (
              <ListItem
                key={name}
                disableGutters
                data-field={name}
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
              >
                <Typography variant="body2" sx={{ fontWeight: 600, minWidth: 160 }} title={name}>
                  {attribute?.title || name}:
                </Typography>
                <Typography variant="body2" color="text.secondary" aria-label={t('audit.before')}>
                  {attributeText(before ?? null, attribute?.type)}
                </Typography>
                <ArrowForward fontSize="small" color="action" />
                <Typography
                  variant="body2"
                  sx={{ color: 'error.main', fontWeight: 600 }}
                  aria-label={t('audit.after')}
                >
                  {attributeText(record.changedFields[name], attribute?.type)}
                </Typography>
              </ListItem>
            )
          })}
        </List>
      )}
      {record.geometryChanged && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('audit.geometryChanged')}
        </Typography>
      )}
    </Box>
  )
}
