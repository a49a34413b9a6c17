import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import { LEGEND_EXPAND_RATIO } from '../../map/constants'

/** The WMS GetLegendGraphic URL of a layer (the map services take the token as `?token=`). */
export function legendUrl(layer: string, legendVersion: number, token: string | null): string {
  const q = new URLSearchParams({
    SERVICE: 'WMS',
    VERSION: '1.3.0',
    REQUEST: 'GetLegendGraphic',
    FORMAT: 'image/png',
    LAYER: layer,
    legendVersion: String(legendVersion),
  })
  if (token) q.set('token', token)
  return `/ows?${q.toString()}`
}

/**
 * A layer's legend image. One taller than 1.5 times its width shows that much, with a
 * button to expand it; an image that fails shows a short text instead.
 */
export function LegendImage({ src, title }: { src: string; title: string }) {
  const [size, setSize] = useState<{ w: number; h: number } | null>(null)
  const [failed, setFailed] = useState(false)
  const [expanded, setExpanded] = useState(false)
  if (failed) {
    return (
      <Typography variant="caption" color="text.secondary">
        {t('map.layers.legendMissing')}
      </Typography>
    )
  }
  const tall = size !== null && size.h > LEGEND_EXPAND_RATIO * size.w
  return (
    <Box>
      <Box
        sx={{
          maxHeight: tall && !expanded ? LEGEND_EXPAND_RATIO * (size?.w ?? 0) : 'none',
          overflow: 'hidden',
          position: 'relative',
        }}
      >
        <Box
          component="img"
          src={src}
          alt={t('map.layers.legendOf', { title })}
          onLoad={(e) => {
            const img = e.currentTarget as HTMLImageElement
            setSize({ w: img.naturalWidth, h: img.naturalHeight })
          }}
          onError={() => setFailed(true)}
          sx={{ display: 'block', maxWidth: '100%' }}
        />
      </Box>
      {tall && (
        <Button size="small" onClick={() => setExpanded((v) => !v)} sx={{ mt: 0.5, px: 0.5 }}>
          {expanded ? t('map.layers.legendCollapse') : t('map.layers.legendExpand')}
        </Button>
      )}
    </Box>
  )
}
