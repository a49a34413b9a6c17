import Close from '@mui/icons-material/Close'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { useMemo } from 'react'
import { useFeatureLabels } from '../../api/feature-labels.api'
import { orderedSelection, type FeatureKey, type SelectedFeature } from '../../state/map-slice'
import { useGetLayerDescriptionsQuery } from '../../api/layers.api'

/** At most this many items are listed (the map page's drawer pages the rest). */
const LISTED = 50

/**
 * The side drawer of the features selected on the map page (spec 2 §2.6), newest first, each
 * with Localizar, which shows it on this map.
 */
export function SelectionPanel({
  selection,
  focused,
  onLocate,
  onClose,
}: {
  selection: readonly SelectedFeature[]
  focused: FeatureKey | null
  onLocate: (key: FeatureKey) => void
  onClose: () => void
}) {
  const rows = useMemo(() => orderedSelection(selection).slice(0, LISTED), [selection])
  const labelOf = useFeatureLabels(rows)
  const descriptions = useGetLayerDescriptionsQuery()
  const titleOf = (layer: string) =>
    descriptions.data?.find((d) => d.name === layer)?.title ?? layer
  return (
    <Paper
      component="aside"
      square
      elevation={8}
      aria-label={t('orbit.selection.title')}
      data-testid="orbit-selection"
      sx={{
        position: 'absolute',
        top: 0,
        left: 0,
        bottom: 0,
        width: { xs: '100%', sm: 360 },
        maxWidth: '100%',
        zIndex: 25,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
        <Typography component="h2" variant="h6" noWrap sx={{ fontSize: 17, minWidth: 0 }}>
          {t('orbit.selection.title')}
        </Typography>
        <Chip size="small" label={selection.length} />
        <Box sx={{ flex: 1 }} />
        <IconButton onClick={onClose} aria-label={t('orbit.selection.close')}>
          <Close />
        </IconButton>
      </Box>
      <Divider />
      <Box sx={{ flex: 1, overflow: 'auto' }}>
        {rows.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3 }}>
            {t('orbit.selection.empty')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {rows.map((s) => {
              const label = labelOf(s.layer, s.id)
              const isFocused = focused?.layer === s.layer && focused.id === s.id
              return (
                <ListItem
                  key={`${s.layer}.${s.id}`}
                  divider
                  sx={{
                    gap: 1,
                    borderLeft: 4,
                    borderLeftColor: isFocused ? 'secondary.main' : 'transparent',
                  }}
                >
                  <ListItemText
                    primary={label ?? titleOf(s.layer)}
                    secondary={
                      label
                        ? t('orbit.selection.itemOf', { layer: titleOf(s.layer), id: s.id })
                        : t('orbit.selection.item', { id: s.id })
                    }
                    slotProps={{ primary: { noWrap: true }, secondary: { noWrap: true } }}
                    sx={{ minWidth: 0 }}
                  />
                  <Button size="small" variant="outlined" onClick={() => onLocate(s)}>
                    {t('orbit.selection.locate')}
                  </Button>
                </ListItem>
              )
            })}
          </List>
        )}
      </Box>
    </Paper>
  )
}
