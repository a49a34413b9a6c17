import Button from '@mui/material/Button'
import Slider from '@mui/material/Slider'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { useEffect, useRef, useState } from 'react'
import { SLIDER_THROTTLE_MS } from '../../map/constants'
import { opacityPercent } from '../../map/layer-tree'
import { DialogFrame } from '../../components/DialogFrame'

/**
 * A layer's opacity, kept 0 to 255 and shown in percent. The slider moves at once; the map follows at most every
 * 100 ms while it moves (spec section 9), and gets the last value when it stops.
 */
export function OpacityDialog({
  title,
  value,
  onChange,
  onClose,
}: {
  title: string
  value: number
  onChange: (value: number) => void
  onClose: () => void
}) {
  const [local, setLocal] = useState(value)
  const last = useRef(0)
  const pending = useRef<number | null>(null)
  const timer = useRef<number | undefined>(undefined)
  const emit = useRef(onChange)
  emit.current = onChange

  useEffect(() => () => window.clearTimeout(timer.current), [])

  const change = (next: number) => {
    setLocal(next)
    const now = performance.now()
    const wait = SLIDER_THROTTLE_MS - (now - last.current)
    if (wait <= 0) {
      last.current = now
      emit.current(next)
      return
    }
    pending.current = next
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => {
      last.current = performance.now()
      if (pending.current !== null) emit.current(pending.current)
      pending.current = null
    }, wait)
  }

  return (
    <DialogFrame
      onClose={onClose}
      maxWidth="xs"
      title={t('map.layers.opacity')}
      actions={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {title}
      </Typography>
      <Slider
        value={local}
        min={0}
        max={255}
        step={1}
        valueLabelDisplay="auto"
        valueLabelFormat={(v) => `${opacityPercent(v)}%`}
        getAriaValueText={(v) => `${opacityPercent(v)}%`}
        onChange={(_e, v) => change(v as number)}
        onChangeCommitted={(_e, v) => {
          window.clearTimeout(timer.current)
          pending.current = null
          emit.current(v as number)
        }}
        slotProps={{ input: { 'aria-label': t('map.layers.opacityOf', { title }) } }}
      />
      <Typography variant="caption" color="text.secondary">
        {t('map.layers.opacityValue', { value: opacityPercent(local) })}
      </Typography>
    </DialogFrame>
  )
}
