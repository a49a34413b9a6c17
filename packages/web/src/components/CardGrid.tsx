import Box, { type BoxProps } from '@mui/material/Box'

/** Cards in as many columns as fit, each at least `min` px wide (images, folders, reports). */
export function CardGrid({
  min,
  gap,
  sx,
  ...props
}: Omit<BoxProps, 'display'> & { min: number; gap: number }) {
  return (
    <Box
      {...props}
      sx={[
        { display: 'grid', gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))`, gap },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  )
}
