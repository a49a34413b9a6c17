import ArrowDownward from '@mui/icons-material/ArrowDownward'
import ArrowUpward from '@mui/icons-material/ArrowUpward'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import IconButton from '@mui/material/IconButton'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { LayerDescription } from '@gis/shared'
import type { FilterGroup } from '@gis/shared/filters'
import { t, type MessageKey } from '@gis/shared/i18n'
import {
  DEFAULT_EXPORT_FORMAT,
  defaultExportFields,
  EXPORT_FORMAT_INFO,
  EXPORT_FORMATS,
  type ExportFormat,
} from '@gis/shared/search'
import { useState } from 'react'
import { useSearchFeaturesQuery } from './search.api'

export interface ExportChoice {
  format: ExportFormat
  fields: string[]
  /** Deleted features too, flagged in 'Excluído?'. */
  includeDeleted: boolean
}

/** The rows the export takes: the selection, else the search's filter. */
export interface ExportScope {
  ids?: number[]
  filter?: FilterGroup
}

interface Props {
  layer: LayerDescription
  scope: ExportScope
  /** Rows selected in the results (they alone are exported), else 0. */
  selectedCount: number
  /** Rows the last search found (deleted ones included), when known. */
  foundCount: number | undefined
  busy: boolean
  /** Offer the regulator's KMZ ('kmz' opens its own dialog: module artespKmz). */
  kmz?: boolean
  /** Opens the KMZ's dialog with the attributes chosen here. */
  onKmz?: (fields: string[]) => void
  onCancel: () => void
  onExport: (choice: ExportChoice) => void
}

const KMZ = 'kmz'
/** Formats without attributes, so without a column to flag deleted features in. */
const NO_ATTRIBUTES: readonly string[] = ['ogr/dxf', 'ogr/dgn']

/** The scope's filter narrowed to the live features (the soft-delete flag off). */
function liveFilter(filter: FilterGroup | undefined): FilterGroup {
  const live = { type: 'rule', field: 'd_e_l_e_t_', operator: 'eq', value: false } as const
  return { type: 'group', operator: 'and', rules: filter ? [filter, live] : [live] }
}

/** Fields the layout hides (spec 2 §9: left out of the default selection). */
function hiddenFields(layer: LayerDescription): Set<string> {
  return new Set(layer.layout.flatMap((g) => g.fields.filter((f) => !f.visible).map((f) => f.name)))
}

/**
 * 'Exportar relatório' (spec 2 §2.3 and §9): the attributes to include (every one except hidden
 * ones and 'foto' at first) in the order of the list, which the arrows change, and the format,
 * xlsx by default; geometry-only formats are offered only for layers with geometry. Deleted
 * features stay out unless 'Incluir feições excluídas' is ticked (then flagged in 'Excluído?');
 * the count said is of the rows that go out.
 */
export function ExportDialog({
  layer,
  scope,
  selectedCount,
  foundCount,
  busy,
  kmz = false,
  onKmz,
  onCancel,
  onExport,
}: Props) {
  const attributes = layer.attributes.filter((a) => a.name !== 'd_e_l_e_t_')
  const [fields, setFields] = useState(
    () => new Set(defaultExportFields(attributes, hiddenFields(layer))),
  )
  const [order, setOrder] = useState(() => attributes.map((a) => a.name))
  const byName = new Map(attributes.map((a) => [a.name, a]))
  const move = (i: number, by: -1 | 1) => {
    const next = [...order]
    ;[next[i], next[i + by]] = [next[i + by]!, next[i]!]
    setOrder(next)
  }
  const [format, setFormat] = useState<ExportFormat | typeof KMZ>(DEFAULT_EXPORT_FORMAT)
  const [withDeleted, setWithDeleted] = useState(false)
  // Deleted features can be asked for where a column can flag them (not the regulator's KMZ).
  const deletedOffered = format !== KMZ && !NO_ATTRIBUTES.includes(format)
  const includeDeleted = deletedOffered && withDeleted
  // How many of the scope's rows are live: what goes out unless deleted ones are asked for.
  const live = useSearchFeaturesQuery({
    layer: layer.name,
    filter: liveFilter(scope.filter),
    ...(scope.ids ? { ids: scope.ids } : {}),
    page: 0,
    limit: 1,
  })
  const liveCount = live.data?.rowCount
  const tabular = layer.geometryType === 'TABULAR'
  const formats = EXPORT_FORMATS.filter((f) => !(tabular && EXPORT_FORMAT_INFO[f].needsGeometry))
  const toggle = (name: string, on: boolean) => {
    const next = new Set(fields)
    if (on) next.add(name)
    else next.delete(name)
    setFields(next)
  }
  const count = includeDeleted ? (selectedCount > 0 ? selectedCount : foundCount) : liveCount
  const scopeText =
    count === undefined
      ? t('export.scopeAll')
      : selectedCount > 0
        ? t('export.scopeSelected', { count })
        : t('export.scopeFiltered', { count })
  return (
    <Dialog open onClose={onCancel} maxWidth="sm" fullWidth aria-labelledby="export-title">
      <DialogTitle id="export-title">{t('export.title')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="body2" data-testid="export-scope">
          {scopeText}
        </Typography>
        <TextField
          select
          label={t('export.format')}
          value={format}
          onChange={(e) => setFormat(e.target.value as ExportFormat | typeof KMZ)}
          slotProps={{ select: { native: true } }}
        >
          {formats.map((f) => (
            <option key={f} value={f}>
              {t(`export.format.${f}` as MessageKey)}
            </option>
          ))}
          {kmz && <option value={KMZ}>{t('export.kmzOption')}</option>}
        </TextField>
        <Box>
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
            <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
              {t('export.attributes')}
            </Typography>
            <Box sx={{ display: 'flex', ml: 'auto' }}>
              <Button
                size="small"
                sx={{ whiteSpace: 'nowrap' }}
                onClick={() => setFields(new Set(attributes.map((a) => a.name)))}
              >
                {t('export.selectAll')}
              </Button>
              <Button
                size="small"
                sx={{ whiteSpace: 'nowrap' }}
                onClick={() => setFields(new Set())}
              >
                {t('export.selectNone')}
              </Button>
            </Box>
          </Box>
          <Typography variant="caption" color="text.secondary">
            {t('export.orderHint')}
          </Typography>
          <Box
            component="ul"
            sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 320, overflow: 'auto' }}
          >
            {order.map((name, i) => {
              const title = byName.get(name)?.title || name
              return (
                <Box component="li" key={name} sx={{ display: 'flex', alignItems: 'center' }}>
                  <FormControlLabel
                    sx={{ flex: 1, mr: 0 }}
                    control={
                      <Checkbox
                        size="small"
                        checked={fields.has(name)}
                        onChange={(e) => toggle(name, e.target.checked)}
                      />
                    }
                    label={title}
                  />
                  <IconButton
                    size="small"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={t('export.moveUp', { field: title })}
                  >
                    <ArrowUpward fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    disabled={i === order.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={t('export.moveDown', { field: title })}
                  >
                    <ArrowDownward fontSize="small" />
                  </IconButton>
                </Box>
              )
            })}
          </Box>
          {fields.size === 0 && (
            <Typography variant="caption" color="error">
              {t('export.noFields')}
            </Typography>
          )}
        </Box>
        {deletedOffered && (
          <Box>
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={withDeleted}
                  onChange={(e) => setWithDeleted(e.target.checked)}
                />
              }
              label={t('export.includeDeleted')}
            />
            <Typography variant="caption" color="text.secondary" component="p">
              {t('export.includeDeletedHint')}
            </Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy || fields.size === 0}
          onClick={() =>
            format === KMZ
              ? onKmz?.(order.filter((n) => fields.has(n)))
              : onExport({
                  format,
                  // in the list's order
                  fields: order.filter((n) => fields.has(n)),
                  includeDeleted,
                })
          }
        >
          {t('export.start')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
