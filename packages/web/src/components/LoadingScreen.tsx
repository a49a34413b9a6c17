import Box from '@mui/material/Box'
import CircularProgress from '@mui/material/CircularProgress'
import Typography from '@mui/material/Typography'

/** A centred spinner with a text; fills its container (or the viewport when `fullPage`). */
export function LoadingScreen({ text, fullPage }: { text: string; fullPage?: boolean }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        minHeight: fullPage ? '100vh' : '100%',
        flex: 1,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 4,
      }}
    >
      <CircularProgress size={36} />
      <Typography color="text.secondary">{text}</Typography>
    </Box>
  )
}
