import InfoOutlined from '@mui/icons-material/InfoOutlined'
import Box from '@mui/material/Box'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { MAX_QUERY_FEATURES } from '../../map/constants'
import { DataTable } from '../../components/DataTable'
import { FloatingPanel } from '../../components/FloatingPanel'
import { PanelHeader } from '../../components/PanelHeader'

export type InfoState =
  | { status: 'loading' }
  | { status: 'done'; counts: { layer: string; count: number }[]; total: number }

/**
 * The info-click panel: how many features each layer has at the clicked place (Layer, Qtde.).
 * A row lists that layer's features in the selection drawer.
 */
export function InfoPanel({
  info,
  titleOf,
  onLayer,
  onClose,
  left,
  right,
}: {
  info: InfoState
  titleOf: (layer: string) => string
  onLayer: (layer: string) => void
  onClose: () => void
  left: number
  right: number
}) {
  return (
    <FloatingPanel
      role="dialog"
      label={t('map.info.title')}
      testId="info-panel"
      side="left"
      offset={left}
      margin={right}
      width={320}
      sx={{ overflow: 'hidden' }}
    >
      <PanelHeader
        title={t('map.info.title')}
        closeLabel={t('map.info.close')}
        onClose={onClose}
        icon={<InfoOutlined fontSize="small" />}
        inherit
        sx={{
          gap: 1,
          pl: 2,
          pr: 0.5,
          py: 0.5,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      />
      {info.status === 'loading' ? (
        <Box sx={{ p: 2 }}>
          <Typography variant="body2" color="text.secondary" gutterBottom>
            {t('map.info.searching')}
          </Typography>
          <LinearProgress />
        </Box>
      ) : info.counts.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          {t('map.info.none')}
        </Typography>
      ) : (
        <>
          <DataTable
            bare
            noLoadingBar
            columns={[
              { key: 'layer', label: t('map.info.layer'), render: (c) => titleOf(c.layer) },
              {
                key: 'count',
                label: t('map.info.count'),
                render: (c) => c.count,
                sx: { textAlign: 'right' },
              },
            ]}
            rows={info.counts}
            rowKey={(c) => c.layer}
            empty=""
            rowProps={(c) => ({
              onClick: () => onLayer(c.layer),
              onKeyDown: (e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault()
                  onLayer(c.layer)
                }
              },
              tabIndex: 0,
              'aria-label': t('map.info.showLayer', { layer: titleOf(c.layer) }),
              sx: { cursor: 'pointer' },
            })}
          />
          {info.total >= MAX_QUERY_FEATURES && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', p: 1.5 }}>
              {t('map.info.limit', { max: MAX_QUERY_FEATURES })}
            </Typography>
          )}
        </>
      )}
    </FloatingPanel>
  )
}
