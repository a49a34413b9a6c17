import type { ExportJob } from '@gis/shared'
import { t } from '@gis/shared/i18n'

/** The job's progress in percent (0 when its size is not known yet). */
export function jobPercent(job: Pick<ExportJob, 'progress'> | undefined): number {
  if (!job || job.progress.max <= 0) return 0
  return Math.min(100, Math.max(0, Math.round((job.progress.value / job.progress.max) * 100)))
}

/**
 * The job's state as spec 3 §4 names it: 'Falha', 'Completo', 'Processando N%' while a size
 * is known, else 'Em processamento...'.
 */
export function statusLabel(job: Pick<ExportJob, 'status' | 'progress'> | undefined): string {
  if (job?.status === 'ERROR') return t('reports.statusError')
  if (job?.status === 'CANCELLED') return t('reports.statusCancelled')
  if (job?.status === 'COMPLETE') return t('reports.statusComplete')
  if (job && job.progress.max > 0) {
    return t('reports.statusProgress', { percent: jobPercent(job) })
  }
  return t('reports.statusWaiting')
}

/**
 * Time left, from the time spent and the share done: hours and minutes ('1h 05min'), or
 * 'Alguns segundos' under a minute; null while nothing is done yet.
 */
export function remainingTime(elapsedMs: number, value: number, max: number): string | null {
  if (max <= 0 || value <= 0 || elapsedMs <= 0) return null
  const left = (elapsedMs / Math.min(value, max)) * Math.max(0, max - value)
  const minutesTotal = Math.floor(left / 60_000)
  if (minutesTotal < 1) return t('reports.remainingSeconds')
  return t('reports.remainingHoursMinutes', {
    hours: Math.floor(minutesTotal / 60),
    minutes: String(minutesTotal % 60).padStart(2, '0'),
  })
}

/** A processing time in ms as h:mm:ss. */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${Math.floor(s / 3600)}:${pad(Math.floor(s / 60) % 60)}:${pad(s % 60)}`
}

/** A date-time in São Paulo, as the other lists show them. */
export function formatCreated(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  return d.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' })
}

/** The repository's Tipo column: report or export. */
export function jobTypeLabel(type: string): string {
  return type === 'report' ? t('reports.typeReport') : t('reports.typeExport')
}
