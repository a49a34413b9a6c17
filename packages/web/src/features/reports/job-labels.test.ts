import { describe, expect, it } from 'vitest'
import { formatElapsed, jobPercent, jobTypeLabel, remainingTime, statusLabel } from './job-labels'

const job = (status: 'QUEUED' | 'IN_PROGRESS' | 'COMPLETE' | 'ERROR', value = 0, max = 0) => ({
  status,
  progress: { value, max },
})

describe('job labels (spec 3 §4)', () => {
  it('names each state as the spec does', () => {
    expect(statusLabel(job('ERROR', 5, 10))).toBe('Falha')
    expect(statusLabel(job('COMPLETE', 10, 10))).toBe('Completo')
    expect(statusLabel(job('IN_PROGRESS', 1, 4))).toBe('Processando 25%')
    expect(statusLabel(job('IN_PROGRESS'))).toBe('Em processamento...')
    expect(statusLabel(job('QUEUED'))).toBe('Em processamento...')
    expect(statusLabel(undefined)).toBe('Em processamento...')
  })

  it('keeps the percent between 0 and 100', () => {
    expect(jobPercent(job('IN_PROGRESS', 2, 3))).toBe(67)
    expect(jobPercent(job('IN_PROGRESS', 12, 10))).toBe(100)
    expect(jobPercent(job('IN_PROGRESS', 0, 0))).toBe(0)
  })

  it('estimates the time left as hours and minutes, or a few seconds', () => {
    // 10 % done in 6 min: 54 min left.
    expect(remainingTime(6 * 60_000, 10, 100)).toBe('0h 54min')
    // 25 % in 1 h: 3 h left.
    expect(remainingTime(3_600_000, 25, 100)).toBe('3h 00min')
    // 50 % in 20 s: 20 s left.
    expect(remainingTime(20_000, 50, 100)).toBe('Alguns segundos')
    expect(remainingTime(20_000, 0, 100)).toBeNull()
    expect(remainingTime(20_000, 5, 0)).toBeNull()
  })

  it('writes processing times and job types', () => {
    expect(formatElapsed(3_723_400)).toBe('1:02:03')
    expect(formatElapsed(0)).toBe('0:00:00')
    expect(jobTypeLabel('report')).toBe('Relatório')
    expect(jobTypeLabel('export')).toBe('Exportação')
  })
})
