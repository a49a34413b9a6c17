import ArrowBack from '@mui/icons-material/ArrowBack'
import Close from '@mui/icons-material/Close'
import OpenInNew from '@mui/icons-material/OpenInNew'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Divider from '@mui/material/Divider'
import LinearProgress from '@mui/material/LinearProgress'
import Typography from '@mui/material/Typography'
import { labelFromValues, type LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { FieldTable } from '../../components/FieldTable'
import { usePendingValues } from '../../api/pending.api'
import type { FeatureKey } from '../../state/map-slice'
import { AttachmentGallery } from './AttachmentGallery'
import { attributeGroups } from './feature-values'
import { useSelectedFeatureAttachmentsQuery, useSelectedFeatureQuery } from './selection.api'
import type { SelectionActions } from './selection-actions'

/** One selected feature: its attachments (Anexos) and attributes (Dados). */
export function FeatureDetail({
  feature,
  description,
  canReadAttachments,
  token,
  actions,
}: {
  feature: FeatureKey
  description: LayerDescription | undefined
  canReadAttachments: boolean
  token: string | null
  actions: SelectionActions
}) {
  const data = useSelectedFeatureQuery(feature)
  const files = useSelectedFeatureAttachmentsQuery(feature, { skip: !canReadAttachments })
  const attributes = data.data?.attributes
  const layerTitle = description?.title ?? feature.layer
  // Named as in the list: the display field's value first, then the layer and the Id.
  const label = labelFromValues(description?.labelField, attributes)
  const title = label
    ? `${label} · ${t('map.selection.itemOf', { layer: layerTitle, id: feature.id })}`
    : t('map.selection.itemOf', { layer: layerTitle, id: feature.id })
  const deleted = attributes?.d_e_l_e_t_ === true
  const pending = usePendingValues(feature)
  const groups = attributes ? attributeGroups(description, attributes, pending) : []

  return (
    <>
      <DetailHeader
        title={title}
        deleted={deleted}
        loading={data.isFetching || files.isFetching}
        onBack={actions.back}
        onExpand={() => actions.expand(feature)}
        onClose={actions.close}
      />
      <Box sx={{ flex: 1, overflow: 'auto', px: 2, py: 1.5 }} data-testid="feature-detail">
        <Section title={t('map.selection.attachments')}>
          {!canReadAttachments ? (
            <Typography variant="body2" color="text.secondary">
              {t('map.selection.noAttachmentPermission')}
            </Typography>
          ) : files.isError ? (
            <Typography variant="body2" color="error">
              {t('map.selection.attachmentsLoadFailed')}
            </Typography>
          ) : files.data && files.data.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('map.selection.noAttachments')}
            </Typography>
          ) : files.data ? (
            <AttachmentGallery attachments={files.data} token={token} />
          ) : null}
        </Section>
        <Section title={t('map.selection.data')}>
          {data.isError ? (
            <Typography variant="body2" color="error">
              {t('map.selection.featureLoadFailed')}
            </Typography>
          ) : (
            groups.map((g, i) => (
              <Box key={g.title ?? `rest-${i}`} sx={{ mb: 1.5 }}>
                {g.title && (
                  <Typography
                    variant="overline"
                    color="text.secondary"
                    sx={{ display: 'block', lineHeight: 2 }}
                  >
                    {g.title}
                  </Typography>
                )}
                <FieldTable rows={g.rows} label={g.title ?? t('map.selection.data')} />
              </Box>
            ))
          )}
        </Section>
      </Box>
    </>
  )
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2.5 }}>
      <Typography component="h3" sx={{ fontWeight: 600, fontSize: 15, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  )
}

/** The detail's header: back to the list, Expandir, Fechar, and the feature's title. */
function DetailHeader({
  title,
  deleted,
  onBack,
  onExpand,
  onClose,
  loading,
}: {
  title: string
  deleted: boolean
  onBack: () => void
  onExpand: () => void
  onClose: () => void
  loading: boolean
}) {
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, pt: 1, flexWrap: 'wrap' }}>
        <Button startIcon={<ArrowBack />} onClick={onBack}>
          {t('map.selection.back')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button startIcon={<OpenInNew />} variant="outlined" onClick={onExpand}>
          {t('map.selection.expand')}
        </Button>
        <Button startIcon={<Close />} onClick={onClose}>
          {t('map.selection.close')}
        </Button>
      </Box>
      <Box sx={{ px: 2, pb: 1, pt: 0.5 }}>
        <Typography component="h2" variant="h6" sx={{ fontSize: 18 }}>
          {title}{' '}
          {deleted && (
            <Typography component="span" color="text.secondary" sx={{ fontSize: 15 }}>
              {t('map.selection.deleted')}
            </Typography>
          )}
        </Typography>
      </Box>
      {loading ? <LinearProgress /> : <Divider />}
    </>
  )
}
