import Box from '@mui/material/Box'
import Table from '@mui/material/Table'
import TableBody from '@mui/material/TableBody'
import TableCell from '@mui/material/TableCell'
import TableContainer from '@mui/material/TableContainer'
import TableHead from '@mui/material/TableHead'
import TableRow from '@mui/material/TableRow'
import Typography from '@mui/material/Typography'
import type { FeatureRef, LayerDescription } from '@gis/shared'
import { FEATURE_ITEMS_PAGE_SIZES } from '@gis/shared/feature-constants'
import { t } from '@gis/shared/i18n'
import { useFeatureLabels } from '../../api/feature-labels.api'
import { TablePager } from '../../components/TablePager'

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
  const rows = items.slice(page * limit, page * limit + limit)
  const labelOf = useFeatureLabels(rows)
  return (
    <Box>
      <TableContainer>
        <Table size="small" aria-label={t('features.tab.items')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('features.items.layer')}</TableCell>
              <TableCell>{t('features.items.label')}</TableCell>
              <TableCell align="right">{t('features.items.id')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((item, i) => {
              const index = page * limit + i
              const layer = layers.get(item.layer)
              return (
                <TableRow
                  key={`${item.layer}:${item.id}`}
                  hover
                  selected={index === selected}
                  onClick={() => onSelect(index)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault()
                      onSelect(index)
                    }
                  }}
                  tabIndex={0}
                  sx={{ cursor: 'pointer' }}
                >
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {layer?.title ?? item.layer}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {item.layer}
                    </Typography>
                  </TableCell>
                  <TableCell data-testid="item-label" sx={{ wordBreak: 'break-word' }}>
                    {labelOf(item.layer, item.id) ?? ''}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {item.id}
                  </TableCell>
                </TableRow>
              )
            })}
            {items.length === 0 && (
              <TableRow>
                <TableCell colSpan={3} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                  {t('features.items.empty')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePager
        total={items.length}
        page={Math.min(page, Math.max(0, Math.ceil(items.length / limit) - 1))}
        limit={limit}
        sizes={FEATURE_ITEMS_PAGE_SIZES}
        onPage={onPaging}
      />
    </Box>
  )
}
