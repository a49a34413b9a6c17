import type { TableCellProps } from '@mui/material/TableCell'
import Typography from '@mui/material/Typography'
import type { FeatureRef, LayerDescription } from '@gis/shared'
import { FEATURE_ITEMS_PAGE_SIZES } from '@gis/shared/feature-constants'
import { t } from '@gis/shared/i18n'
import { useFeatureLabels } from '../../api/feature-labels.api'
import { DataTable, type Column } from '../../components/DataTable'

/**
 * ITENS: the window's features, Layer, the name given by the layer's display field and Id, paged 5/10/20 ('Linhas por página'). Choosing
 * a row shows that feature in DADOS.
 */
export function ItemsTab({
  items,
  layers,
  selected,
  page,
  limit,
  onPaging,
  onSelect,
}: {
  items: FeatureRef[]
  layers: Map<string, LayerDescription>
  selected: number
  page: number
  limit: number
  onPaging: (page: number, limit: number) => void
  onSelect: (index: number) => void
}) {
  const shown = Math.min(page, Math.max(0, Math.ceil(items.length / limit) - 1))
  const rows = items.slice(shown * limit, shown * limit + limit)
  const labelOf = useFeatureLabels(rows)
  const columns: Column<FeatureRef>[] = [
    {
      key: 'layer',
      label: t('features.items.layer'),
      render: (item) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {layers.get(item.layer)?.title ?? item.layer}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {item.layer}
          </Typography>
        </>
      ),
    },
    {
      key: 'label',
      label: t('features.items.label'),
      render: (item) => labelOf(item.layer, item.id) ?? '',
      cellProps: () =>
        ({ 'data-testid': 'item-label', sx: { wordBreak: 'break-word' } }) as TableCellProps,
    },
    {
      key: 'id',
      label: t('features.items.id'),
      render: (item) => item.id,
      headProps: { align: 'right' },
      cellProps: () => ({ align: 'right', sx: { fontVariantNumeric: 'tabular-nums' } }),
    },
  ]
  return (
    <DataTable
      bare
      noLoadingBar
      columns={columns}
      rows={rows}
      rowKey={(item) => `${item.layer}:${item.id}`}
      empty={t('features.items.empty')}
      label={t('features.tab.items')}
      pager={{
        total: items.length,
        page: shown,
        limit,
        sizes: FEATURE_ITEMS_PAGE_SIZES,
        onPage: onPaging,
      }}
      pagerSx={{}}
      rowProps={(_item, index) => ({
        selected: index === selected,
        onClick: () => onSelect(index),
        onKeyDown: (e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault()
            onSelect(index)
          }
        },
        tabIndex: 0,
        sx: { cursor: 'pointer' },
      })}
    />
  )
}
