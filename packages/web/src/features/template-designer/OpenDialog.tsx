import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined'
import Folder from '@mui/icons-material/Folder'
import Box from '@mui/material/Box'
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
import { DialogButtons, DialogFrame } from '../../components/DialogFrame'
import { FileButton } from '../../components/FileButton'
import { useLazyReportTemplateQuery, useReportTreeQuery } from '../../api/reports.api'
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
    <DialogFrame
      open={open}
      onClose={onClose}
      maxWidth="md"
      aria-labelledby="designer-open"
      titleId="designer-open"
      title={t('designer.templates')}
      dividers
      contentSx={{ display: 'flex', gap: 2, minHeight: 320, p: 0 }}
      actions={
        <DialogButtons
          before={
            <FileButton
              label={t('designer.openLocal')}
              sx={{ mr: 'auto' }}
              inputTestId="designer-open-local"
              onFile={(file) => void openLocal(file)}
            />
          }
          back={t('designer.back')}
          onBack={onClose}
          act={t('designer.confirm')}
          actDisabled={!chosen?.reportId || loading.isFetching}
          onAct={() => void confirm()}
        />
      }
    >
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
            <ListItemButton key={r.id} selected={chosen?.id === r.id} onClick={() => setChosen(r)}>
              <ListItemIcon sx={{ minWidth: 32 }}>
                <DescriptionOutlined fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={r.name} />
            </ListItemButton>
          ))}
        </List>
      </Box>
    </DialogFrame>
  )
}
