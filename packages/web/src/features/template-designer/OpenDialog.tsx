import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined'
import Folder from '@mui/icons-material/Folder'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemIcon from '@mui/material/ListItemIcon'
import ListItemText from '@mui/material/ListItemText'
import Typography from '@mui/material/Typography'
import type { ReportNode } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { useLazyReportTemplateQuery, useReportTreeQuery } from '../reports/reports.api'
import { parseTemplateFile, type OpenedTemplate } from './designer-open'

const ROOT = ''

/** The folders of the tree, depth first, with their depth. */
function folders(nodes: ReportNode[], depth = 0): { node: ReportNode; depth: number }[] {
  return nodes
    .filter((n) => n.type === 'directory')
    .flatMap((n) => [{ node: n, depth }, ...folders(n.children, depth + 1)])
}

function reportsIn(nodes: ReportNode[], folderId: string): ReportNode[] {
  if (folderId === ROOT) return nodes.filter((n) => n.type === 'report')
  const found = folders(nodes).find((f) => f.node.id === folderId)
  return found ? found.node.children.filter((n) => n.type === 'report') : []
}

/**
 * 'Templates': the folder tree, the folder's templates, 'Abrir Local' (.json only), Voltar and
 * Confirmar. A template that fails to open says so and clears the selection.
 */
export function OpenDialog({
  open,
  developer,
  onClose,
  onOpen,
}: {
  open: boolean
  developer: boolean
  onClose: () => void
  onOpen: (opened: OpenedTemplate & { id?: number }) => void
}) {
  const { enqueueSnackbar } = useSnackbar()
  const tree = useReportTreeQuery(developer ? { all: true } : undefined, { skip: !open })
  const [loadTemplate, loading] = useLazyReportTemplateQuery()
  const [folder, setFolder] = useState(ROOT)
  const [chosen, setChosen] = useState<ReportNode | null>(null)
  const nodes = tree.data ?? []

  async function confirm() {
    if (!chosen?.reportId) return
    try {
      const record = await loadTemplate(chosen.reportId).unwrap()
      onOpen({
        id: record.id,
        template: record.template,
        folder: record.folder,
        reportType: record.reportType,
        parameters: record.parameters,
      })
    } catch {
      enqueueSnackbar(t('designer.openFailed', { name: chosen.name }), { variant: 'error' })
      setChosen(null)
    }
  }

  async function openLocal(file: File | undefined) {
    if (!file) return
    const result = parseTemplateFile(file.name, await file.text())
    if (result.ok) {
      onOpen(result.value)
      return
    }
    enqueueSnackbar(
      result.reason === 'unsupported'
        ? t('designer.unsupportedFile')
        : t('designer.openFailed', { name: file.name }),
      { variant: 'error' },
    )
    setChosen(null)
  }

  const list = reportsIn(nodes, folder)
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="designer-open">
      <DialogTitle id="designer-open">{t('designer.templates')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'flex', gap: 2, minHeight: 320, p: 0 }}>
        <Box sx={{ width: 260, borderRight: 1, borderColor: 'divider', overflow: 'auto' }}>
          <Typography variant="overline" sx={{ px: 2 }}>
            {t('designer.folders')}
          </Typography>
          <List dense aria-label={t('designer.folders')}>
            {[
              { node: { id: ROOT, name: t('designer.root') } as ReportNode, depth: 0 },
              ...folders(nodes, 1),
            ].map(({ node, depth }) => (
              <ListItemButton
                key={node.id || 'root'}
                selected={folder === node.id}
                onClick={() => {
                  setFolder(node.id)
                  setChosen(null)
                }}
                sx={{ pl: 2 + depth * 2 }}
              >
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <Folder fontSize="small" color="action" />
                </ListItemIcon>
                <ListItemText primary={node.name} />
              </ListItemButton>
            ))}
          </List>
        </Box>
        <Box sx={{ flex: 1, overflow: 'auto', py: 1 }}>
          {(tree.isFetching || loading.isFetching) && <LinearProgress />}
          {!tree.isFetching && list.length === 0 && (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {t('designer.noTemplates')}
            </Typography>
          )}
          <List dense aria-label={t('designer.templates')}>
            {list.map((r) => (
              <ListItemButton
                key={r.id}
                selected={chosen?.id === r.id}
                onClick={() => setChosen(r)}
              >
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <DescriptionOutlined fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={r.name} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button component="label" sx={{ mr: 'auto' }}>
          {t('designer.openLocal')}
          <input
            hidden
            type="file"
            data-testid="designer-open-local"
            onChange={(e) => {
              void openLocal(e.target.files?.[0])
              e.target.value = ''
            }}
          />
        </Button>
        <Button onClick={onClose}>{t('designer.back')}</Button>
        <Button
          variant="contained"
          disabled={!chosen?.reportId || loading.isFetching}
          onClick={() => void confirm()}
        >
          {t('designer.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
