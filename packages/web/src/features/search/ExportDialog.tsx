import ArrowDownward from '@mui/icons-material/ArrowDownward'
import ArrowUpward from '@mui/icons-material/ArrowUpward'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import FormControlLabel from '@mui/material/FormControlLabel'
import IconButton from '@mui/material/IconButton'
import Typography from '@mui/material/Typography'
import type { LayerDescription } from '@gis/shared'
import type { FilterGroup } from '@gis/shared/filters'
import { t, tn, type MessageKey } from '@gis/shared/i18n'
import {
  DEFAULT_EXPORT_FORMAT,
  defaultExportFields,
  defaultExportSrid,
  EXPORT_FORMAT_INFO,
  EXPORT_FORMATS,
  type ExportFormat,
} from '@gis/shared/search'
import { exportBodySchema } from '@gis/shared/search-schemas'
import { z } from 'zod'
import {
  FormCheckbox,
  FormDialog,
  FormSelect,
  schemaResolver,
  useSchemaForm,
} from '../../components/form'
import { exportScopeSentence, type BuilderField } from '../../components/filter-builder'
import { useSearchFeaturesQuery } from '../../api/search.api'
import { crsOffered, ExportCrsSelect, sentSrid } from './ExportCrsSelect'

export interface ExportChoice {
  format: ExportFormat
  fields: string[]
  /** Deleted features too, flagged in 'Excluído?'. */
  includeDeleted: boolean
  /** The EPSG code chosen for the geometries; absent: the format's own (KML, ARTESP) or none. */
  srid?: number
}

/** The rows the export takes: the selection, else the search's filter. */
export interface ExportScope {
  ids?: number[]
  filter?: FilterGroup
}

interface Props {
  layer: LayerDescription
  scope: ExportScope
  /** The search's fields, to say its rules in words. */
  fields: readonly BuilderField[]
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

/**
 * The dialog's form: the export body's attributes, deleted flag and coordinate system, the
 * format, the list's order.
 */
const exportFormSchema = exportBodySchema
  .pick({ fields: true, includeDeleted: true, srid: true })
  .extend({ format: z.string(), order: z.array(z.string()) })
type ExportForm = {
  format: string
  includeDeleted: boolean
  order: string[]
  fields: string[]
  srid: number
}
const exportResolver = schemaResolver<ExportForm>(exportFormSchema)

/** The form's values the dialog follows as they change. */
const WATCHED = ['format', 'includeDeleted', 'order', 'fields'] as const

/**
 * What EXPORTAR hands on: the format, the ticked attributes in the list's order, the deleted
 * flag and, where the format lets the user choose, the coordinate system.
 */
function choiceOf(values: ExportForm, includeDeleted: boolean, tabular: boolean): ExportChoice {
  const srid = sentSrid(values.format, tabular, values.srid)
  return {
    format: values.format as ExportFormat,
    fields: values.order.filter((n) => values.fields.includes(n)),
    includeDeleted,
    ...(srid !== undefined ? { srid } : {}),
  }
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
 * the count said is of the rows that go out. 'Sistema de coordenadas' offers the served
 * systems, defaulting per format to what the server applies (DXF and DGN: the layer's SIRGAS
 * 2000 / UTM zone; KML and the ARTESP GeoJSON: their own, fixed; the others EPSG:4326).
 */
export function ExportDialog({
  layer,
  scope,
  fields: ruleFields,
  selectedCount,
  foundCount,
  busy,
  kmz = false,
  onKmz,
  onCancel,
  onExport,
}: Props) {
  const attributes = layer.attributes.filter((a) => a.name !== 'd_e_l_e_t_')
  const byName = new Map(attributes.map((a) => [a.name, a]))
  const form = useSchemaForm<ExportForm>({
    resolver: exportResolver,
    defaultValues: {
      format: DEFAULT_EXPORT_FORMAT,
      includeDeleted: false,
      order: attributes.map((a) => a.name),
      fields: defaultExportFields(attributes, hiddenFields(layer)),
      srid: defaultExportSrid(DEFAULT_EXPORT_FORMAT, layer.extent),
    },
  })
  const [format, withDeleted, order, chosen] = form.watch(WATCHED)
  const fields = new Set(chosen)
  const setFields = (names: Iterable<string>) =>
    form.setValue('fields', [...names], { shouldValidate: form.formState.isSubmitted })
  const move = (i: number, by: -1 | 1) => {
    const next = [...order]
    ;[next[i], next[i + by]] = [next[i + by]!, next[i]!]
    form.setValue('order', next)
  }
  const toggle = (name: string, on: boolean) => {
    const next = new Set(fields)
    if (on) next.add(name)
    else next.delete(name)
    setFields(next)
  }
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
  const count = includeDeleted ? (selectedCount > 0 ? selectedCount : foundCount) : liveCount
  // The count that goes out and, for a search, how its rules combine in words (issue 42).
  const scopeText =
    count === undefined
      ? t('export.scopeAll')
      : selectedCount > 0
        ? tn('export.scopeSelected.one', 'export.scopeSelected.other', count)
        : exportScopeSentence(scope.filter, ruleFields, count)
  const submit = (values: ExportForm) => {
    const choice = choiceOf(values, includeDeleted, tabular)
    if (values.format === KMZ) onKmz?.(choice.fields)
    else onExport(choice)
  }
  return (
    <FormDialog
      title={t('export.title')}
      titleId="export-title"
      form={form}
      formId="export-form"
      onSubmit={submit}
      onClose={onCancel}
      submitLabel={t('export.start')}
      submitDisabled={busy || fields.size === 0}
      dividers
      formSx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Typography variant="body2" data-testid="export-scope">
        {scopeText}
      </Typography>
      <FormSelect
        name="format"
        label={t('export.format')}
        native
        options={[
          ...formats.map((f) => ({ value: f, label: t(`export.format.${f}` as MessageKey) })),
          ...(kmz ? [{ value: KMZ, label: t('export.kmzOption') }] : []),
        ]}
      />
      {crsOffered(format, tabular) && <ExportCrsSelect format={format} extent={layer.extent} />}
      <Box>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: 1 }}>
          <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
            {t('export.attributes')}
          </Typography>
          <Box sx={{ display: 'flex', ml: 'auto' }}>
            <Button
              size="small"
              sx={{ whiteSpace: 'nowrap' }}
              onClick={() => setFields(attributes.map((a) => a.name))}
            >
              {t('export.selectAll')}
            </Button>
            <Button size="small" sx={{ whiteSpace: 'nowrap' }} onClick={() => setFields([])}>
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
          <FormCheckbox name="includeDeleted" label={t('export.includeDeleted')} />
          <Typography variant="caption" color="text.secondary" component="p">
            {t('export.includeDeletedHint')}
          </Typography>
        </Box>
      )}
    </FormDialog>
  )
}
