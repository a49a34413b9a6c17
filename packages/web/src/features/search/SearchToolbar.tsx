import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined'
import InfoOutlined from '@mui/icons-material/InfoOutlined'
import MapOutlined from '@mui/icons-material/MapOutlined'
import Search from '@mui/icons-material/Search'
import SyncIcon from '@mui/icons-material/Sync'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import type { LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'

/**
 * The search window's bar: the readable layers (a native select), 'N selecionado(s)' (clears
 * the selection), INFORMAÇÕES, SINCRONIZAR (with its module), VER NO MAPA (layers with a
 * geometry), EXPORTAR and BUSCAR.
 */
export function SearchToolbar(p: {
  layers: readonly LayerDescription[]
  layersLoading: boolean
  /** The layer chosen (its name, as saved) and its description once the layers are read. */
  value: string | null
  layer: LayerDescription | undefined
  selectedCount: number
  /** The search's matches, once searched. */
  count: number | undefined
  /** Rows on the page shown. */
  shown: number
  sync: boolean
  mapping: boolean
  onLayer: (name: string | null) => void
  onClear: () => void
  onInfo: () => void
  onSync: () => void
  onMap: () => void
  onExport: () => void
  onSearch: () => void
}) {
  const { layer, selectedCount } = p
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <TextField
          select
          size="small"
          label={t('search.layer')}
          value={p.value ?? ''}
          disabled={p.layersLoading}
          onChange={(e) => p.onLayer(e.target.value || null)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ width: { xs: '100%', md: 320 } }}
        >
          <option value="">
            {p.layers.length ? t('search.layerPlaceholder') : t('search.noLayers')}
          </option>
          {p.layers.map((l) => (
            <option key={l.name} value={l.name}>
              {l.title}
            </option>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="text"
          disabled={selectedCount === 0}
          onClick={p.onClear}
          title={t('search.clearSelection')}
        >
          {t('search.selected', { count: selectedCount })}
        </Button>
        <Button
          startIcon={<InfoOutlined />}
          disabled={!layer || selectedCount === 0}
          onClick={p.onInfo}
        >
          {t('search.info')}
        </Button>
        {p.sync && (
          <Button
            startIcon={<SyncIcon />}
            disabled={!layer || (selectedCount === 0 && !p.count)}
            onClick={p.onSync}
          >
            {t('sync.button')}
          </Button>
        )}
        {layer && layer.geometryType !== 'TABULAR' && (
          <Button
            startIcon={<MapOutlined />}
            disabled={(selectedCount === 0 && p.shown === 0) || p.mapping}
            onClick={p.onMap}
          >
            {t('search.showOnMap')}
          </Button>
        )}
        <Button startIcon={<FileDownloadOutlined />} disabled={!layer} onClick={p.onExport}>
          {t('search.export')}
        </Button>
        <Button variant="contained" startIcon={<Search />} disabled={!layer} onClick={p.onSearch}>
          {t('search.search')}
        </Button>
      </Box>
    </Paper>
  )
}
