import type { SyncAction, SyncItemStatus, SyncPackageStatus } from '@gis/shared'
import { t, type MessageKey } from '@gis/shared/i18n'
import { attributeText } from '../../components/attribute-text'

export const packageStatusLabel = (s: SyncPackageStatus) => t(`sync.status.${s}` as MessageKey)
export const itemStatusLabel = (s: SyncItemStatus) => t(`sync.itemStatus.${s}` as MessageKey)
export const actionLabel = (a: SyncAction | null) => (a ? t(`sync.action.${a}` as MessageKey) : '-')

/** A date-time as the app shows every one (the one attribute formatter). */
export const dateTime = (iso: string | null): string => attributeText(iso, 'datetime')

/** The colour of a package's status chip. */
export function statusColor(
  s: SyncPackageStatus,
): 'default' | 'info' | 'success' | 'warning' | 'error' {
  switch (s) {
    case 'DONE':
      return 'success'
    case 'PARTIAL':
      return 'warning'
    case 'ERROR':
      return 'error'
    case 'QUEUED':
    case 'RUNNING':
      return 'info'
    default:
      return 'default'
  }
}
