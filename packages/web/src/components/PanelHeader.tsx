import Close from '@mui/icons-material/Close'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import type { SxProps, Theme } from '@mui/material/styles'
import Typography from '@mui/material/Typography'
import type { ReactNode } from 'react'

/**
 * The title row of a floating map panel (a tool, the info, the editor): an optional icon,
 * the title (h2) and the small close button. `sx` is the row's own spacing and colours;
 * `inherit`: the close button takes the row's colour (a coloured bar).
 */
export function PanelHeader({
  title,
  closeLabel,
  onClose,
  icon,
  inherit = false,
  sx,
}: {
  title: ReactNode
  closeLabel: string
  onClose: () => void
  icon?: ReactNode
  inherit?: boolean
  sx?: SxProps<Theme>
}) {
  return (
    <Box sx={[{ display: 'flex', alignItems: 'center' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      {icon}
      <Typography component="h2" sx={{ flex: 1, fontWeight: 600, fontSize: 15 }}>
        {title}
      </Typography>
      <IconButton
        size="small"
        color={inherit ? 'inherit' : undefined}
        onClick={onClose}
        aria-label={closeLabel}
      >
        <Close fontSize="small" />
      </IconButton>
    </Box>
  )
}
