import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import type { FeatureRef } from '@gis/shared'
import { formatFileSize } from '@gis/shared/feature-constants'
import { t } from '@gis/shared/i18n'
import { useNavigate } from 'react-router'
import { formatWhen, kindLabel } from './document-format'
import { useLinkedDocumentsQuery } from './documents.api'
import { DocumentThumb } from './DocumentsTable'

/**
 * The feature window's 'Documentos vinculados' (DOCUMENTOS tab, module documents): the library's
 * documents linked to the feature that the user may read; one opens in the library.
 */
export function LinkedDocuments({ item }: { item: FeatureRef }) {
  const navigate = useNavigate()
  const linked = useLinkedDocumentsQuery({ layer: item.layer, featureId: item.id })
  const rows = linked.data ?? []
  return (
    <Paper variant="outlined" component="section" aria-labelledby="linked-documents-title">
      <Box sx={{ px: 2, pt: 1.5 }}>
        <Typography variant="subtitle1" component="h3" id="linked-documents-title">
          {t('documents.linkedTitle')}
        </Typography>
      </Box>
      <Box sx={{ height: 4 }}>{linked.isFetching && <LinearProgress />}</Box>
      {linked.isError && (
        <Typography variant="body2" color="error" sx={{ px: 2, pb: 1.5 }}>
          {t('documents.linkedLoadFailed')}
        </Typography>
      )}
      {linked.data && rows.length === 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1.5 }}>
          {t('documents.linkedNone')}
        </Typography>
      )}
      {rows.length > 0 && (
        <List dense disablePadding data-testid="linked-documents">
          {rows.map((d) => (
            <ListItemButton
              key={d.id}
              aria-label={t('documents.openInLibrary', { title: d.title })}
              onClick={() => void navigate(`/documents?doc=${d.id}`)}
              sx={{ gap: 1.5 }}
            >
              <ListItemIcon sx={{ minWidth: 0 }}>
                <DocumentThumb doc={d} size={40} />
              </ListItemIcon>
              <ListItemText
                primary={d.title}
                secondary={`${kindLabel(d.kind)} · ${formatFileSize(d.size)} · ${d.folderPath} · ${formatWhen(d.updated)}`}
                slotProps={{ primary: { sx: { fontWeight: 600 } } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Paper>
  )
}
