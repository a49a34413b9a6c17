import type { MessageKey } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import { useBusy } from '../../state/use-busy'

/** Work that locks the form behind its overlay text ('Salvando alterações...') and the busy flag. */
export function useLocked() {
  const busy = useBusy()
  const [overlay, setOverlay] = useState<string | null>(null)
  async function locked<T>(key: MessageKey, work: () => Promise<T>): Promise<T> {
    setOverlay(t(key))
    try {
      return await busy(work)
    } finally {
      setOverlay(null)
    }
  }
  return { overlay, locked }
}
