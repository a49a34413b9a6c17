import Alert from '@mui/material/Alert'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import CircularProgress from '@mui/material/CircularProgress'
import FormControlLabel from '@mui/material/FormControlLabel'
import FormGroup from '@mui/material/FormGroup'
import Typography from '@mui/material/Typography'
import type { FilterGroup } from '@gis/shared/filters'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import { clickDownload } from '../../components/download'
import { DialogFrame } from '../../components/DialogFrame'
import { useUrlToken } from '../../state/url-token'
import { useKmzItemsQuery } from '../../api/search.api'

/** The regulator whose KMZ the search offers (module artespKmz). */
export const KMZ_REGULATOR = 'artesp'

/** What the search gives its own layer's item: the selection or the filter, the fields chosen. */
export interface KmzScope {
  fields: string[]
  ids?: number[]
  filter?: FilterGroup
}

/**
 * The address of the regulator's KMZ of these items, with `?token=` (the browser opens it);
 * the search's layer, when among them, carries the search's scope.
 */
export function kmzUrl(
  items: readonly string[],
  token: string | null,
  layer?: string,
  scope?: KmzScope,
): string {
  const q = new URLSearchParams({ items: items.join(',') })
  if (layer && scope && items.includes(layer)) {
    q.set('layer', layer)
    q.set('fields', scope.fields.join(','))
    if (scope.ids?.length) q.set('ids', scope.ids.join(','))
    else if (scope.filter) q.set('filter', JSON.stringify(scope.filter))
  }
  if (token) q.set('token', token)
  return `/api/integration/${KMZ_REGULATOR}/kmz?${q.toString()}`
}

interface Props {
  /** The search's layer, chosen at first. */
  layer: string
  /** What the export dialog chose for the search's layer (its rows and attributes). */
  scope?: KmzScope
  onClose: () => void
}

/**
 * 'Exportar itens para KMZ Padrão ARTESP' (spec 2 §2.3, spec 3 §7): the items the server
 * offers (the layers with geometry the user reads), the search's layer checked; EXPORTAR
 * opens the KMZ's link, which the browser downloads. The search's layer holds only the
 * search's selection (else its filter's matches) with the attributes chosen in the export
 * dialog; the other items all their live features.
 */
export function KmzDialog({ layer, scope, onClose }: Props) {
  const token = useUrlToken()
  const { data: items, isLoading, isError } = useKmzItemsQuery(KMZ_REGULATOR)
  const [chosen, setChosen] = useState<Set<string>>(() => new Set([layer]))
  const keys = Object.keys(items ?? {})
  const picked = keys.filter((k) => chosen.has(k))
  const toggle = (key: string, on: boolean) => {
    const next = new Set(chosen)
    if (on) next.add(key)
    else next.delete(key)
    setChosen(next)
  }
  const exportNow = () => {
    clickDownload(kmzUrl(picked, token, layer, scope))
    onClose()
  }
  return (
    <DialogFrame
      onClose={onClose}
      maxWidth="xs"
      titleId="kmz-title"
      title={t('export.kmzTitle')}
      dividers
      actions={
        <>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button variant="contained" disabled={picked.length === 0} onClick={exportNow}>
            {t('export.start')}
          </Button>
        </>
      }
    >
      {isLoading && <CircularProgress size={24} aria-label={t('common.loading')} />}
      {isError && <Alert severity="error">{t('export.kmzLoadFailed')}</Alert>}
      {scope && items?.[layer] !== undefined && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('export.kmzScope', { layer: items[layer] })}
        </Typography>
      )}
      <FormGroup>
        {keys.map((key) => (
          <FormControlLabel
            key={key}
            control={
              <Checkbox
                size="small"
                checked={chosen.has(key)}
                onChange={(e) => toggle(key, e.target.checked)}
              />
            }
            label={items![key]}
          />
        ))}
      </FormGroup>
    </DialogFrame>
  )
}
