import Search from '@mui/icons-material/Search'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import Collapse from '@mui/material/Collapse'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import TextField from '@mui/material/TextField'
import type { EventInfo } from '@gis/shared/imagery'
import { t } from '@gis/shared/i18n'
import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { PanelHeader } from '../../components/PanelHeader'
import type { EventSearch } from './orbit.api'
import { parseKm } from './orbit-format'

/**
 * The collapsible 'Pesquisar rodovia' panel (spec 2 §2.6, §4.6): Rodovia among the roads with
 * imagery, Sentido and Levantamento with an empty option, KM typed the Brazilian way; PESQUISAR
 * shows its progress while the search runs. Only the parameters with a value are sent.
 */
export function SearchPanel({
  open,
  info,
  defaultRoad,
  searching,
  onSearch,
  onClose,
}: {
  open: boolean
  info: EventInfo | undefined
  defaultRoad: string | undefined
  searching: boolean
  onSearch: (params: EventSearch) => void
  onClose: () => void
}) {
  const [road, setRoad] = useState('')
  const [way, setWay] = useState('')
  const [survey, setSurvey] = useState('')
  const [km, setKm] = useState('')
  const [kmError, setKmError] = useState(false)
  const roads = useMemo(() => info?.roads ?? [], [info?.roads])

  useEffect(() => {
    if (road === '' && roads.length)
      setRoad(defaultRoad && roads.includes(defaultRoad) ? defaultRoad : roads[0]!)
  }, [road, roads, defaultRoad])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const value = parseKm(km)
    if (km.trim() !== '' && value === undefined) {
      setKmError(true)
      return
    }
    setKmError(false)
    onSearch({
      road: road || undefined,
      way: way || undefined,
      survey: survey || undefined,
      km: value,
    })
  }

  return (
    <Collapse
      in={open}
      unmountOnExit={false}
      sx={{ position: 'absolute', top: 12, left: 12, zIndex: 20, maxWidth: 'calc(100% - 24px)' }}
    >
      <Paper
        component="section"
        elevation={6}
        aria-label={t('orbit.search.title')}
        data-testid="orbit-search"
        sx={{ width: 300, maxWidth: '100%', borderRadius: 2, overflow: 'hidden' }}
      >
        <PanelHeader
          icon={<Search fontSize="small" />}
          title={t('orbit.search.title')}
          onClose={onClose}
          closeLabel={t('orbit.search.close')}
          sx={{ px: 2, pt: 1, gap: 1 }}
        />
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, p: 2, pt: 1 }}
        >
          <TextField
            select
            size="small"
            label={t('orbit.search.road')}
            value={roads.includes(road) ? road : ''}
            onChange={(e) => setRoad(e.target.value)}
          >
            {roads.map((r) => (
              <MenuItem key={r} value={r}>
                {r}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('orbit.search.way')}
            value={way}
            onChange={(e) => setWay(e.target.value)}
          >
            <MenuItem value="">
              <em>{t('orbit.search.any')}</em>
            </MenuItem>
            {(info?.ways ?? []).map((w) => (
              <MenuItem key={w} value={w}>
                {w}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('orbit.search.survey')}
            value={survey}
            onChange={(e) => setSurvey(e.target.value)}
          >
            <MenuItem value="">
              <em>{t('orbit.search.any')}</em>
            </MenuItem>
            {(info?.surveys ?? []).map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('orbit.search.km')}
            placeholder={t('orbit.search.kmPlaceholder')}
            value={km}
            error={kmError}
            helperText={kmError ? t('orbit.search.kmInvalid') : undefined}
            onChange={(e) => setKm(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={searching}
            startIcon={searching ? <CircularProgress size={16} color="inherit" /> : <Search />}
          >
            {t('orbit.search.submit')}
          </Button>
        </Box>
      </Paper>
    </Collapse>
  )
}
