import Box from '@mui/material/Box'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { useEffect, useState } from 'react'

export interface Bar {
  label: string
  value: number
  colour: string
}

const number = new Intl.NumberFormat('pt-BR')

/** What a chart says to assistive technology (and tests): its bars as 'label value'. */
const summary = (title: string, bars: readonly Bar[]) =>
  t('inspection.chart.summary', {
    title,
    values: bars.map((b) => `${b.label} ${number.format(b.value)}`).join(', '),
  })

/**
 * A small column chart in SVG (no chart library: decision 80): a column per bar with its
 * value above and its label below, scaled to the width it is given.
 */
export function BarChart({ title, bars }: { title: string; bars: readonly Bar[] }) {
  const width = 320
  const height = 180
  const top = 18
  const bottom = 34
  const max = Math.max(1, ...bars.map((b) => b.value))
  const slot = width / Math.max(1, bars.length)
  const barWidth = Math.min(44, slot * 0.66)
  const plot = height - top - bottom
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {bars.length === 0 || bars.every((b) => b.value === 0) ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('inspection.chart.empty')}
        </Typography>
      ) : (
        <svg
          role="img"
          aria-label={summary(title, bars)}
          viewBox={`0 0 ${width} ${height}`}
          style={{ width: '100%', height: 'auto', display: 'block' }}
        >
          <line x1={0} x2={width} y1={top + plot} y2={top + plot} stroke="#cfd8dc" />
          {bars.map((b, i) => {
            const h = (b.value / max) * plot
            const x = i * slot + (slot - barWidth) / 2
            const y = top + plot - h
            return (
              <g key={b.label}>
                <rect x={x} y={y} width={barWidth} height={h} rx={3} fill={b.colour}>
                  <title>{`${b.label}: ${number.format(b.value)}`}</title>
                </rect>
                <text
                  x={x + barWidth / 2}
                  y={y - 4}
                  textAnchor="middle"
                  fontSize={12}
                  fontWeight={600}
                  fill="#263238"
                >
                  {number.format(b.value)}
                </text>
                <text
                  x={i * slot + slot / 2}
                  y={height - bottom + 16}
                  textAnchor="middle"
                  fontSize={11}
                  fill="#546e7a"
                >
                  {b.label.length > 12 ? `${b.label.slice(0, 11)}…` : b.label}
                </text>
              </g>
            )
          })}
        </svg>
      )}
    </Box>
  )
}

/** The width of an element, followed as it changes; `fallback` until it is known. */
function useWidth(element: HTMLElement | null, fallback: number): number {
  const [width, setWidth] = useState(fallback)
  useEffect(() => {
    if (!element) return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.max(200, Math.floor(entry.contentRect.width)))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [element])
  return width
}

export interface Series {
  label: string
  colour: string
  /** One value (1–5) per point, in the order of `dates`. */
  values: readonly number[]
}

/**
 * A line chart of notes (1 to 5) over the inspections' dates, in SVG: one line per series,
 * its points marked, a legend under it.
 */
export function NotesChart({
  title,
  dates,
  series,
}: {
  title: string
  dates: readonly string[]
  series: readonly Series[]
}) {
  // Drawn at the width it has (text keeps its size on a phone and on a wide screen).
  const [box, setBox] = useState<HTMLDivElement | null>(null)
  const width = useWidth(box, 420)
  const height = 220
  const left = 26
  const right = 14
  const top = 10
  const bottom = 30
  const plotW = width - left - right
  const plotH = height - top - bottom
  const x = (i: number) =>
    left + (dates.length === 1 ? plotW / 2 : (i / (dates.length - 1)) * plotW)
  const y = (note: number) => top + ((5 - note) / 4) * plotH
  const step = Math.max(1, Math.ceil(dates.length / Math.max(2, Math.floor(plotW / 90))))
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" variant="subtitle2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {dates.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('inspection.bridge.trendEmpty')}
        </Typography>
      ) : (
        <>
          <Box ref={setBox}>
            <svg
              role="img"
              width={width}
              height={height}
              aria-label={`${title}: ${series
                .map((s) => `${s.label} ${s.values.join(', ')}`)
                .join('; ')}`}
              style={{ display: 'block' }}
            >
              {[1, 2, 3, 4, 5].map((n) => (
                <g key={n}>
                  <line x1={left} x2={width - right} y1={y(n)} y2={y(n)} stroke="#eceff1" />
                  <text x={left - 8} y={y(n) + 4} textAnchor="end" fontSize={11} fill="#546e7a">
                    {n}
                  </text>
                </g>
              ))}
              {dates.map((d, i) =>
                i % step === 0 || i === dates.length - 1 ? (
                  <text
                    key={`${d}-${i}`}
                    x={x(i)}
                    y={height - 10}
                    textAnchor={
                      dates.length === 1
                        ? 'middle'
                        : i === 0
                          ? 'start'
                          : i === dates.length - 1
                            ? 'end'
                            : 'middle'
                    }
                    fontSize={10}
                    fill="#546e7a"
                  >
                    {d}
                  </text>
                ) : null,
              )}
              {series.map((s, k) => {
                // The three lines often agree: each is nudged a little so all stay visible.
                const dy = (k - 1) * 2.5
                const points = s.values.map((v, i) => `${x(i)},${y(v) + dy}`).join(' ')
                return (
                  <g key={s.label}>
                    <polyline points={points} fill="none" stroke={s.colour} strokeWidth={2.5} />
                    {s.values.map((v, i) => (
                      <circle key={i} cx={x(i)} cy={y(v) + dy} r={3.5} fill={s.colour} />
                    ))}
                  </g>
                )
              })}
            </svg>
          </Box>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mt: 1 }}>
            {series.map((s) => (
              <Box key={s.label} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
                <Box sx={{ width: 14, height: 4, borderRadius: 1, bgcolor: s.colour }} />
                <Typography variant="caption">{s.label}</Typography>
              </Box>
            ))}
          </Box>
        </>
      )}
    </Box>
  )
}
