import Box from '@mui/material/Box'
import Chip from '@mui/material/Chip'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import { t, type MessageKey } from '@gis/shared/i18n'
import { detailText, formatWhen } from './document-format'
import { useDocumentHistoryQuery } from './documents.api'

/** HISTÓRICO: what happened to the document, newest first, with who and when. */
export function DocumentHistory({ id }: { id: number }) {
  const history = useDocumentHistoryQuery(id)
  const rows = history.data ?? []
  return (
    <Box>
      <Box sx={{ height: 4 }}>{history.isFetching && <LinearProgress />}</Box>
      {history.data && rows.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
          {t('documents.noHistory')}
        </Typography>
      )}
      <List dense aria-label={t('documents.tabHistory')}>
        {rows.map((h, i) => (
          <ListItem key={`${h.at}-${i}`} divider sx={{ alignItems: 'flex-start', gap: 1.5 }}>
            <Chip
              label={t(`documents.history.${h.action}` as MessageKey)}
              size="small"
              variant="outlined"
              color={h.action === 'DELETE' ? 'error' : 'default'}
              sx={{ mt: 0.5, minWidth: 96 }}
            />
            <ListItemText
              primary={`${formatWhen(h.at)} · ${h.username}`}
              secondary={detailText(h) || undefined}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  )
}
