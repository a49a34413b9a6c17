import Box from '@mui/material/Box'
import Paper from '@mui/material/Paper'
import { t } from '@gis/shared/i18n'
import type { ReactNode } from 'react'
import { PanelHeader } from '../../components/PanelHeader'

/**
 * The feature form beside the geometry editor, at the map's left: the new feature's
 * attributes after SALVAR, or the picked feature's form (attributes, EXCLUIR, REATIVAR).
 * Not modal: the sketch stays in sight and editable.
 */
export function EditorFormPanel({
  title,
  onClose,
  children,
}: {
  title: string
  onClose: () => void
  children: ReactNode
}) {
  return (
    <Paper
      elevation={6}
      role="dialog"
      aria-label={title}
      sx={{
        position: 'absolute',
        zIndex: 16,
        left: 12,
        top: { xs: 'auto', md: 12 },
        bottom: 12,
        height: { xs: '60%', md: 'auto' },
        width: { xs: 'calc(100% - 24px)', md: 'min(640px, calc(100% - 460px))' },
        display: 'flex',
        flexDirection: 'column',
        borderRadius: 2,
        overflow: 'hidden',
      }}
    >
      <PanelHeader
        title={title}
        closeLabel={t('editor.closeForm')}
        onClose={onClose}
        sx={{ pl: 2, pr: 0.5, py: 0.5, borderBottom: 1, borderColor: 'divider' }}
      />
      <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto', p: 2, display: 'flex' }}>{children}</Box>
    </Paper>
  )
}
