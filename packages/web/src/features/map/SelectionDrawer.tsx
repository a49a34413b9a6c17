import Close from '@mui/icons-material/Close'
import DeleteSweep from '@mui/icons-material/DeleteSweep'
import Search from '@mui/icons-material/Search'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Divider from '@mui/material/Divider'
import IconButton from '@mui/material/IconButton'
import List from '@mui/material/List'
import ListItem from '@mui/material/ListItem'
import ListItemText from '@mui/material/ListItemText'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import type { LayerDescription, PermissionsAnswer } from '@gis/shared'
import { t, tn } from '@gis/shared/i18n'
import { useMemo } from 'react'
import { MAX_QUERY_FEATURES, SELECTION_DRAWER_WIDTH } from '../../map/constants'
import {
  orderedSelection,
  SELECTION_PAGE_SIZES,
  type FeatureKey,
  type SelectedFeature,
  type SelectionDrawer as DrawerState,
} from '../../state/map-slice'
import { FeatureDetail } from './FeatureDetail'
import type { SelectionActions } from './selection-actions'
import { TablePager } from '../../components/TablePager'
import { useFeatureLabels } from '../../api/feature-labels.api'
import { SidePanel } from './SidePanel'

/**
 * The selection drawer (600 px, at the map's right): the list of selected features, newest
 * first, in pages of 15, 30 or 50, each named by its layer's display field (the layer and the
 * Id below) with Localizar and Detalhar; then one feature's
 * detail (Anexos and Dados) with Expandir, 'Voltar para Listagem' and Fechar.
 */
export function SelectionDrawer({
  selection,
  drawer,
  focused,
  descriptions,
  permissions,
  token,
  actions,
}: {
  selection: SelectedFeature[]
  drawer: DrawerState
  focused: FeatureKey | null
  descriptions: ReadonlyMap<string, LayerDescription>
  permissions: PermissionsAnswer | undefined
  token: string | null
  actions: SelectionActions
}) {
  const titleOf = (layer: string) => descriptions.get(layer)?.title ?? layer
  const ordered = useMemo(() => orderedSelection(selection), [selection])
  const layers = useMemo(() => [...new Set(ordered.map((s) => s.layer))], [ordered])
  const listed = drawer.layer ? ordered.filter((s) => s.layer === drawer.layer) : ordered
  const pageCount = Math.max(1, Math.ceil(listed.length / drawer.limit))
  const page = Math.min(drawer.page, pageCount - 1)
  const rows = listed.slice(page * drawer.limit, (page + 1) * drawer.limit)
  const detail = drawer.view === 'detail' ? drawer.detail : null
  // Each feature is named by its layer's display field: one request for the page shown.
  const labelOf = useFeatureLabels(detail ? [] : rows)

  return (
    <SidePanel
      side="right"
      width={SELECTION_DRAWER_WIDTH}
      label={t('map.selection.title')}
      testId="selection-drawer"
      elevation={8}
      zIndex={21}
    >
      {detail ? (
        <FeatureDetail
          feature={detail}
          description={descriptions.get(detail.layer)}
          canReadAttachments={
            !!permissions?.admin || !!permissions?.layers[detail.layer]?.readFeatureAttachment
          }
          token={token}
          actions={actions}
        />
      ) : (
        <>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: { xs: 0.5, sm: 1 },
              px: 2,
              pt: 1.5,
              pb: 1,
            }}
          >
            <Typography
              component="h2"
              variant="h6"
              noWrap
              sx={{ fontSize: { xs: 16, sm: 18 }, minWidth: 0 }}
            >
              {t('map.selection.title')}
            </Typography>
            <Chip
              size="small"
              sx={{ flexShrink: 0 }}
              label={tn('map.selection.count.one', 'map.selection.count.other', selection.length)}
            />
            <Box sx={{ flex: 1 }} />
            <Tooltip title={t('map.selection.clear')}>
              <span>
                <IconButton
                  onClick={actions.clear}
                  disabled={selection.length === 0}
                  aria-label={t('map.selection.clear')}
                >
                  <DeleteSweep />
                </IconButton>
              </span>
            </Tooltip>
            {/* On a phone the word does not fit beside the title: the icon alone, same name. */}
            <Button
              onClick={actions.close}
              startIcon={<Close />}
              aria-label={t('map.selection.close')}
              sx={{
                flexShrink: 0,
                minWidth: 0,
                '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } },
              }}
            >
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {t('map.selection.close')}
              </Box>
            </Button>
          </Box>
          {layers.length > 1 && (
            <Box sx={{ px: 2, pb: 1 }}>
              <TextField
                select
                label={t('map.selection.filterLayer')}
                value={drawer.layer ?? ''}
                onChange={(e) => actions.layer(e.target.value || null)}
              >
                <MenuItem value="">{t('map.selection.allLayers')}</MenuItem>
                {layers.map((l) => (
                  <MenuItem key={l} value={l}>
                    {titleOf(l)}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
          )}
          {drawer.capped && (
            <Alert
              severity="warning"
              data-testid="selection-capped"
              sx={{ mx: 2, mb: 1, '& .MuiAlert-message': { minWidth: 0 } }}
            >
              {t('map.selection.capped', { max: MAX_QUERY_FEATURES })}
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
                {drawer.capped.slice(0, 3).map((l) => (
                  <Button
                    key={l}
                    size="small"
                    variant="outlined"
                    color="inherit"
                    startIcon={<Search />}
                    onClick={() => actions.search(l)}
                  >
                    {t('map.selection.searchLayer', { layer: titleOf(l) })}
                  </Button>
                ))}
              </Box>
            </Alert>
          )}
          <Divider />
          <Box sx={{ flex: 1, overflow: 'auto' }}>
            {rows.length === 0 ? (
              <Typography color="text.secondary" sx={{ p: 3 }}>
                {t('map.selection.empty')}
              </Typography>
            ) : (
              <List dense disablePadding data-testid="selection-list">
                {rows.map((s) => {
                  const isFocused = focused?.layer === s.layer && focused.id === s.id
                  return (
                    <ListItem
                      key={`${s.layer}.${s.id}`}
                      divider
                      data-testid="selection-item"
                      sx={{
                        gap: 1,
                        borderLeft: 4,
                        borderLeftColor: isFocused ? 'secondary.main' : 'transparent',
                      }}
                    >
                      <ListItemText
                        primary={labelOf(s.layer, s.id) ?? titleOf(s.layer)}
                        secondary={
                          labelOf(s.layer, s.id)
                            ? t('map.selection.itemOf', { layer: titleOf(s.layer), id: s.id })
                            : t('map.selection.item', { id: s.id })
                        }
                        slotProps={{
                          primary: { noWrap: true, sx: { fontWeight: 500 } },
                          secondary: { noWrap: true },
                        }}
                        sx={{ minWidth: 0 }}
                      />
                      <Button size="small" variant="outlined" onClick={() => actions.locate(s)}>
                        {t('map.selection.locate')}
                      </Button>
                      <Button size="small" variant="contained" onClick={() => actions.detail(s)}>
                        {t('map.selection.detail')}
                      </Button>
                    </ListItem>
                  )
                })}
              </List>
            )}
          </Box>
          <Divider />
          <TablePager
            total={listed.length}
            page={page}
            limit={drawer.limit}
            sizes={SELECTION_PAGE_SIZES}
            onPage={(p, limit) => actions.page(p, limit)}
          />
        </>
      )}
    </SidePanel>
  )
}
