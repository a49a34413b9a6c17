/** The zone of the product's users: dates and times are shown and read in it unless asked. */
export const SAO_PAULO_TIME_ZONE = 'America/Sao_Paulo'

/** Wall-clock parts of an instant in a time zone. */
export interface WallClock {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

/** Reads instants in one zone (the formatter is built once, the reader called per value). */
export function wallClockIn(timeZone: string): (iso: string | Date) => WallClock {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
  return (iso) => {
    const parts: Record<string, number> = {}
    for (const p of format.formatToParts(new Date(iso))) {
      if (p.type !== 'literal') parts[p.type] = Number(p.value)
    }
    return {
      year: parts.year!,
      month: parts.month!,
      day: parts.day!,
      hour: parts.hour!,
      minute: parts.minute!,
      second: parts.second!,
    }
  }
}

const two = (n: number) => String(n).padStart(2, '0')

/** A wall clock as dd/mm/aaaa and hh:mm:ss. */
export function brazilianWallClock(c: WallClock): { date: string; time: string } {
  return {
    date: `${two(c.day)}/${two(c.month)}/${c.year}`,
    time: `${two(c.hour)}:${two(c.minute)}:${two(c.second)}`,
  }
}
