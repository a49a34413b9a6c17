import type { SxProps, Theme } from '@mui/material/styles'
import Typography from '@mui/material/Typography'

/**
 * The heading of a section of a page: its title (an h2, or an h3 in `small` inside another
 * section) and the hint under it.
 */
export function SectionHeading({
  title,
  hint,
  small = false,
  hintSx,
}: {
  title: string
  hint: string
  small?: boolean
  hintSx?: SxProps<Theme>
}) {
  return (
    <>
      <Typography variant={small ? 'subtitle1' : 'h6'} component={small ? 'h3' : 'h2'}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={hintSx}>
        {hint}
      </Typography>
    </>
  )
}
