import CreateNewFolderOutlined from '@mui/icons-material/NoteAddOutlined'
import Download from '@mui/icons-material/Download'
import FolderOpen from '@mui/icons-material/FolderOpen'
import Save from '@mui/icons-material/Save'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import type { MessageKey } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import type { ReactNode } from 'react'

function Act({
  label,
  icon,
  onClick,
  disabled,
}: {
  label: MessageKey
  icon: ReactNode
  onClick: () => void
  disabled?: boolean
}) {
  return (
    <Tooltip title={t(label)}>
      <span>
        <IconButton aria-label={t(label)} onClick={onClick} disabled={disabled}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  )
}

/** The designer's header: the template's name, Variáveis, new, download, save and open. */
export function DesignerHeader({
  name,
  saving,
  onName,
  onVariables,
  onNew,
  onDownload,
  onSave,
  onOpen,
}: {
  name: string
  saving: boolean
  onName: (name: string) => void
  onVariables: () => void
  onNew: () => void
  onDownload: () => void
  onSave: () => void
  onOpen: () => void
}) {
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
    >
      <TextField
        size="small"
        label={t('designer.name')}
        value={name}
        onChange={(e) => onName(e.target.value)}
        sx={{ flex: 1, maxWidth: 480 }}
      />
      <Button variant="outlined" onClick={onVariables}>
        {t('designer.variables')}
      </Button>
      <Act label="designer.new" icon={<CreateNewFolderOutlined />} onClick={onNew} />
      <Act label="designer.download" icon={<Download />} onClick={onDownload} />
      <Act label="designer.save" icon={<Save />} onClick={onSave} disabled={saving} />
      <Act label="designer.open" icon={<FolderOpen />} onClick={onOpen} />
    </Stack>
  )
}
