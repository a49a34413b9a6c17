import Add from '@mui/icons-material/Add'
import Layers from '@mui/icons-material/Layers'
import Map from '@mui/icons-material/Map'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { SectionHeading } from '../../../components/SectionHeading'
import { useListBaseLayersQuery } from '../base-layers.api'
import { useListLayerRecordsQuery } from '../layers-admin.api'

/** Something the tree can show: a layer by name or a base layer by id. */
export type Placeable =
  | { type: 'layer'; layer: string; title: string }
  | { type: 'layerBase'; baseLayerId: number; title: string }

const ALL = { page: 0, limit: 1000 }

/**
 * Fora da árvore: the layers and base layers the edited tree does not show (never placed, or
 * taken out), each with a button that adds it back at the end of the tree.
 */
export function TreeOutside({
  layers,
  bases,
  onAdd,
}: {
  /** Names of the layers and ids of the base layers in the edited tree. */
  layers: ReadonlySet<string>
  bases: ReadonlySet<number>
  onAdd: (item: Placeable) => void
}) {
  const layerRows = useListLayerRecordsQuery({ ...ALL, sort: 'title' }).data?.rows ?? []
  const baseRows = useListBaseLayersQuery({ ...ALL, sort: 'name' }).data?.rows ?? []
  const outside: Placeable[] = [
    ...layerRows
      .filter((l) => !layers.has(l.name))
      .map((l) => ({ type: 'layer' as const, layer: l.name, title: l.title })),
    ...baseRows
      .filter((b) => !bases.has(b.id))
      .map((b) => ({ type: 'layerBase' as const, baseLayerId: b.id, title: b.name })),
  ]
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('adm.tree.outside')}>
      <SectionHeading
        small
        title={t('adm.tree.outside')}
        hint={t('adm.tree.outsideHint')}
        hintSx={{ mb: 1 }}
      />
      {outside.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('adm.tree.allPlaced')}
        </Typography>
      )}
      {outside.map((item) => (
        <Box
          key={item.type === 'layer' ? `l-${item.layer}` : `b-${item.baseLayerId}`}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}
        >
          {item.type === 'layer' ? <Layers fontSize="small" /> : <Map fontSize="small" />}
          <Box sx={{ flex: 1 }}>
            {item.title}
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t(`adm.tree.type.${item.type}`)}
            </Typography>
          </Box>
          <IconButton
            size="small"
            aria-label={t('adm.tree.addNode', { title: item.title })}
            onClick={() => onAdd(item)}
          >
            <Add fontSize="small" />
          </IconButton>
        </Box>
      ))}
    </Paper>
  )
}
