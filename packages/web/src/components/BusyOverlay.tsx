import Backdrop from '@mui/material/Backdrop'
import CircularProgress from '@mui/material/CircularProgress'
import Typography from '@mui/material/Typography'

/**
 * Locks the window while a write runs ('Salvando alterações...', 'Excluindo feature...',
 * 'Reativando feature...'): the user sees what happens and cannot change the form meanwhile.
 */
export function BusyOverlay({ text }: { text: string | null }) {
  return (
    <Backdrop
      open={text !== null}
      sx={{
        position: 'absolute',
        zIndex: (theme) => theme.zIndex.modal - 1,
        flexDirection: 'column',
        gap: 2,
        bgcolor: 'rgba(255, 255, 255, 0.78)',
        color: 'text.primary',
      }}
    >
      <CircularProgress />
      <Typography role="status" sx={{ fontWeight: 600 }}>
        {text}
      </Typography>
    </Backdrop>
  )
}
