import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import { DOCUMENT_KINDS, type DocumentKind } from '@gis/shared/documents'
import { t } from '@gis/shared/i18n'
import { useEffect, useState } from 'react'
import { brProblem, DateInput } from '../../components/br-input'
import { SEARCH_DELAY_MS } from '../../components/PagedTable'
import { SearchField } from '../../components/SearchField'
import { dayOf, kindLabel } from './document-format'
import type { DocumentFilters } from './documents.api'

/** The search's texts as typed (dates dd/mm/aaaa). */
export interface SearchTexts {
  query: string
  tag: string
  type: DocumentKind | ''
  from: string
  to: string
}

export const NO_SEARCH: SearchTexts = { query: '', tag: '', type: '', from: '', to: '' }

/** The filters of typed texts; dates that do not read are left out (their field says why). */
export function filtersOf(texts: SearchTexts): DocumentFilters {
  return {
    query: texts.query.trim() || undefined,
    tag: texts.tag.trim() || undefined,
    type: texts.type || undefined,
    from: dayOf(texts.from) || undefined,
    to: dayOf(texts.to) || undefined,
  }
}

/**
 * The search over the list: Título (title, description or file name), Tag, Tipo, De and Até
 * (dd/mm/aaaa, the last change). Texts reach the list once typing pauses; LIMPAR clears all.
 */
export function DocumentSearch({
  value,
  onChange,
}: {
  value: SearchTexts
  onChange: (texts: SearchTexts) => void
}) {
  const [texts, setTexts] = useState(value)
  useEffect(() => setTexts(value), [value])
  useEffect(() => {
    if (texts === value) return
    const timer = window.setTimeout(() => onChange(texts), SEARCH_DELAY_MS)
    return () => window.clearTimeout(timer)
  }, [texts, value, onChange])

  const set = (patch: Partial<SearchTexts>) => setTexts((s) => ({ ...s, ...patch }))
  const fromProblem = brProblem('date', texts.from)
  const toProblem = brProblem('date', texts.to)
  const empty = Object.values(texts).every((v) => v === '')
  return (
    <Box
      role="search"
      aria-label={t('documents.search')}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: {
          xs: '1fr 1fr',
          sm: 'repeat(3, 1fr)',
          lg: 'minmax(200px, 2fr) 1fr 1fr 140px 140px auto',
        },
        alignItems: 'start',
      }}
    >
      <SearchField
        label={t('documents.searchTitle')}
        size="small"
        value={texts.query}
        onChange={(e) => set({ query: e.target.value })}
        sx={{ gridColumn: { xs: '1 / -1', sm: 'span 1' } }}
      />
      <TextField
        label={t('documents.searchTag')}
        size="small"
        value={texts.tag}
        onChange={(e) => set({ tag: e.target.value })}
      />
      <TextField
        select
        label={t('documents.searchType')}
        size="small"
        value={texts.type}
        onChange={(e) => {
          const next = { ...texts, type: e.target.value as DocumentKind | '' }
          setTexts(next)
          onChange(next)
        }}
      >
        <MenuItem value="">{t('documents.anyType')}</MenuItem>
        {DOCUMENT_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {kindLabel(k)}
          </MenuItem>
        ))}
      </TextField>
      <DateInput
        label={t('documents.searchFrom')}
        size="small"
        value={texts.from}
        onChange={(from) => set({ from })}
        error={Boolean(fromProblem)}
        helperText={fromProblem}
      />
      <DateInput
        label={t('documents.searchTo')}
        size="small"
        value={texts.to}
        onChange={(to) => set({ to })}
        error={Boolean(toProblem)}
        helperText={toProblem}
      />
      <Button
        onClick={() => {
          setTexts(NO_SEARCH)
          onChange(NO_SEARCH)
        }}
        disabled={empty}
        sx={{ alignSelf: 'center', justifySelf: 'start' }}
      >
        {t('documents.searchClear')}
      </Button>
    </Box>
  )
}
