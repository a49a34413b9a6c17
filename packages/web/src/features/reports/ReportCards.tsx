import ArrowBack from '@mui/icons-material/ArrowBack'
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined'
import FolderOutlined from '@mui/icons-material/FolderOutlined'
import Box from '@mui/material/Box'
import Card from '@mui/material/Card'
import CardActionArea from '@mui/material/CardActionArea'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'
import type { ReportNode } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import type { ReactNode } from 'react'
import { CardGrid } from '../../components/CardGrid'

function NodeCard({
  icon,
  label,
  selected,
  hidden,
  onClick,
}: {
  icon: ReactNode
  label: string
  selected?: boolean
  hidden?: boolean
  onClick: () => void
}) {
  return (
    <Card
      variant="outlined"
      sx={{ borderColor: selected ? 'primary.main' : undefined, opacity: hidden ? 0.7 : 1 }}
    >
      <CardActionArea
        onClick={onClick}
        sx={{ p: 2, height: '100%', display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        <Box sx={{ color: 'primary.main' }}>{icon}</Box>
        <Typography variant="body2" sx={{ textAlign: 'center', fontWeight: 500 }}>
          {label}
        </Typography>
        {hidden && <Chip size="small" label={t('reports.hidden')} />}
      </CardActionArea>
    </Card>
  )
}

/**
 * The main area of the templates tab: a 'Voltar' card out of a folder, the folders (they
 * open) and the reports (they open the generation dialog).
 */
export function ReportCards({
  nodes,
  canGoUp,
  selectedId,
  empty,
  onUp,
  onFolder,
  onReport,
}: {
  nodes: readonly ReportNode[]
  canGoUp: boolean
  selectedId?: number
  empty: string
  onUp: () => void
  onFolder: (node: ReportNode) => void
  onReport: (node: ReportNode) => void
}) {
  return (
    <CardGrid
      role="region"
      aria-label={t('reports.cards')}
      min={160}
      gap={1.5}
      sx={{ alignContent: 'start' }}
    >
      {canGoUp && (
        <NodeCard icon={<ArrowBack fontSize="large" />} label={t('reports.back')} onClick={onUp} />
      )}
      {nodes.map((node) =>
        node.type === 'directory' ? (
          <NodeCard
            key={node.id}
            icon={<FolderOutlined fontSize="large" />}
            label={node.name}
            hidden={!node.visible}
            onClick={() => onFolder(node)}
          />
        ) : (
          <NodeCard
            key={node.id}
            icon={<DescriptionOutlined fontSize="large" />}
            label={node.name}
            hidden={!node.visible}
            selected={node.reportId === selectedId}
            onClick={() => onReport(node)}
          />
        ),
      )}
      {nodes.length === 0 && !canGoUp && (
        <Typography
          color="text.secondary"
          sx={{ gridColumn: '1 / -1', py: 4, textAlign: 'center' }}
        >
          {empty}
        </Typography>
      )}
    </CardGrid>
  )
}
