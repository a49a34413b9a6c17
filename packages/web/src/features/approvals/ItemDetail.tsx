import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import {
  isFileOnlyItem,
  type ApprovalItem,
  type LayerDescription,
  type MessageKey,
} from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { attributeText } from '../../components/attribute-text'
import { useGetFeatureQuery } from '../../api/features.api'
import { DataTable, type Column } from '../../components/DataTable'
import { ApprovalStatusChip } from './ApprovalStatusChip'
import { GeometryPreview } from './GeometryPreview'

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * The selected item: its proposed attributes beside the feature's current values (changed
 * rows marked), the proposed geometry over the current one, and REJEITAR / APROVAR, disabled
 * once the item is decided.
 */
export function ItemDetail({
  item,
  layer,
  onApprove,
  onReject,
}: {
  item: ApprovalItem
  layer: LayerDescription | undefined
  onApprove: () => void
  onReject: () => void
}) {
  const ref = item.featureId === null ? undefined : { layer: item.layerName, id: item.featureId }
  const { data: feature } = useGetFeatureQuery(ref!, {
    skip: !ref,
    refetchOnMountOrArgChange: true,
  })
  const attrs = new Map((layer?.attributes ?? []).map((a) => [a.name, a]))
  // Proposed fields first, then (for an update) the rest of the feature unchanged.
  const names =
    item.action === 'DELETE'
      ? Object.keys(feature?.attributes ?? item.base?.attributes ?? {})
      : [
          ...Object.keys(item.data),
          ...Object.keys(feature?.attributes ?? {}).filter((n) => !(n in item.data)),
        ]
  // The identifiers the reviewer does not judge stay out of the table.
  const HIDDEN = new Set(['uuid', 'm_o_d_i_f_'])
  const rows = names.filter((n) => !HIDDEN.has(n) || n in item.data)
  const currentOf = (name: string) => feature?.attributes[name] ?? item.base?.attributes[name]
  const decided = item.status !== 'PENDING'
  const fileOnly = isFileOnlyItem(item)
  // The feature changed since submission: the server refuses the approve (409); say what changed.
  // A change that only attaches files is approved whatever the feature's values are now.
  const changedSince =
    !decided && !fileOnly && item.base && feature && feature.version !== item.base.version
      ? Object.keys(feature.attributes)
          .filter(
            (n) => n !== 'm_o_d_i_f_' && !same(feature.attributes[n], item.base!.attributes[n]),
          )
          .map((field) => ({
            field,
            submitted: item.base!.attributes[field],
            current: feature.attributes[field],
          }))
      : null
  const proposedOf = (name: string) => (name in item.data ? item.data[name] : currentOf(name))
  const changed = (name: string) =>
    item.action === 'INSERT' || (name in item.data && !same(item.data[name], currentOf(name)))
  const typeOf = (name: string) => attrs.get(name)?.type
  const columns: Column<string>[] = [
    {
      key: 'attribute',
      label: t('approvals.review.attribute'),
      render: (name) => attrs.get(name)?.title ?? name,
      cellProps: (name) => ({ sx: { fontWeight: changed(name) ? 600 : undefined } }),
    },
  ]
  if (item.action !== 'INSERT')
    columns.push({
      key: 'current',
      label: t('approvals.review.current'),
      render: (name) => attributeText(currentOf(name), typeOf(name)),
    })
  if (item.action !== 'DELETE')
    columns.push({
      key: 'proposed',
      label: t('approvals.review.proposed'),
      render: (name) => attributeText(proposedOf(name), typeOf(name)),
      cellProps: (name) => ({
        sx: changed(name) ? { color: 'error.main', fontWeight: 600 } : undefined,
      }),
    })
  const showGeometry =
    layer?.geometryType !== 'TABULAR' && (item.withGeom || (feature?.geom ?? null) !== null)
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          {t(`approvals.action.${item.action}` as MessageKey)} · {layer?.title ?? item.layerName}
          {item.featureId !== null ? ` #${item.featureId}` : ''}
        </Typography>
        <ApprovalStatusChip status={item.status} />
      </Box>
      {/* The decision first: it stays in view above a long list of attributes. */}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button variant="outlined" color="error" disabled={decided} onClick={onReject}>
          {t('approvals.review.reject')}
        </Button>
        <Button variant="contained" color="success" disabled={decided} onClick={onApprove}>
          {t('approvals.review.approve')}
        </Button>
      </Box>
      {item.reason && (
        <Typography variant="body2" color="text.secondary">
          {t('approvals.review.reason', { reason: item.reason })}
        </Typography>
      )}
      {changedSince && (
        <Alert severity="warning">
          {t('approvals.featureChanged')}
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {changedSince.map((d) => (
              <li key={d.field}>
                {attrs.get(d.field)?.title ?? d.field}:{' '}
                {attributeText(d.submitted, attrs.get(d.field)?.type)} →{' '}
                {attributeText(d.current, attrs.get(d.field)?.type)}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {item.action === 'DELETE' && (
        <Alert severity="error">{t('approvals.review.deleteNotice')}</Alert>
      )}
      {fileOnly && <Alert severity="info">{t('approvals.review.filesOnly')}</Alert>}
      <Box sx={{ overflowX: 'auto' }}>
        <DataTable
          bare
          noLoadingBar
          label={t('approvals.review.attribute')}
          columns={columns}
          rows={rows}
          rowKey={(name) => name}
          empty=""
          rowProps={(name) => ({
            'data-changed': changed(name) || undefined,
            sx: changed(name) && item.action !== 'DELETE' ? { bgcolor: '#fff3e0' } : undefined,
          })}
        />
      </Box>
      {showGeometry && (
        <Box>
          <Typography variant="subtitle2" gutterBottom>
            {t('approvals.review.geometry')}
          </Typography>
          <GeometryPreview
            current={item.action === 'INSERT' ? null : (feature?.geom ?? item.base?.geom ?? null)}
            proposed={item.withGeom ? item.geom : null}
          />
        </Box>
      )}
    </Box>
  )
}
