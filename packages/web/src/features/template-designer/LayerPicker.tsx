import Alert from '@mui/material/Alert'
import FormControlLabel from '@mui/material/FormControlLabel'
import LinearProgress from '@mui/material/LinearProgress'
import List from '@mui/material/List'
import ListItemButton from '@mui/material/ListItemButton'
import ListItemText from '@mui/material/ListItemText'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { LayerDescription, LayerTreeNode } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useMemo, useState } from 'react'
import { DialogButtons, DialogFrame } from '../../components/DialogFrame'
import { useGetLayerDescriptionsQuery, useGetLayerTreeQuery } from '../../api/layers.api'

/** The names of the layers shown on the map (the context). */
function visibleNames(nodes: LayerTreeNode[], out = new Set<string>()): Set<string> {
  for (const n of nodes) {
    if (n.type === 'layer' && n.visibility) {
      out.add(n.name)
      if (n.managedName) out.add(n.managedName)
    }
    visibleNames(n.children, out)
  }
  return out
}

/** Filters layers by a search over name and title (accents and case ignored). */
export function matchLayers<T extends { name: string; title: string }>(layers: T[], query: string) {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
  const q = fold(query.trim())
  return q ? layers.filter((l) => fold(`${l.name} ${l.title}`).includes(q)) : layers
}

/**
 * The layer picker: the readable layers, searchable (name, description), optionally only the
 * map's visible ones ('Listar no contexto'); Cancelar and Selecionar (which needs a layer).
 */
export function LayerPicker({
  open,
  context = true,
  onClose,
  onSelect,
}: {
  open: boolean
  context?: boolean
  onClose: () => void
  onSelect: (layer: LayerDescription) => void
}) {
  const layers = useGetLayerDescriptionsQuery(undefined, { skip: !open })
  const tree = useGetLayerTreeQuery(undefined, { skip: !open || !context })
  const [query, setQuery] = useState('')
  const [inContext, setInContext] = useState(false)
  const [chosen, setChosen] = useState<LayerDescription | null>(null)
  const [missing, setMissing] = useState(false)
  const list = useMemo(() => {
    const all = layers.data ?? []
    const shown = inContext && tree.data ? visibleNames(tree.data) : null
    return matchLayers(shown ? all.filter((l) => shown.has(l.name)) : all, query)
  }, [layers.data, tree.data, inContext, query])

  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      aria-labelledby="layer-picker"
      titleId="layer-picker"
      title={t('designer.chooseLayerTitle')}
      dividers
      actions={
        <DialogButtons
          back={t('designer.cancel')}
          onBack={onClose}
          act={t('designer.select')}
          onAct={() => (chosen ? onSelect(chosen) : setMissing(true))}
        />
      }
    >
      <TextField
        size="small"
        fullWidth
        label={t('designer.searchLayer')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        sx={{ mb: 1 }}
      />
      {context && (
        <FormControlLabel
          control={<Switch checked={inContext} onChange={(e) => setInContext(e.target.checked)} />}
          label={t('designer.listInContext')}
        />
      )}
      {layers.isFetching && <LinearProgress />}
      {missing && (
        <Alert severity="error" sx={{ my: 1 }}>
          {t('designer.chooseLayer')}
        </Alert>
      )}
      <List
        dense
        aria-label={t('designer.chooseLayerTitle')}
        sx={{ maxHeight: 320, overflow: 'auto' }}
      >
        {list.map((l) => (
          <ListItemButton
            key={l.name}
            selected={chosen?.name === l.name}
            onClick={() => {
              setChosen(l)
              setMissing(false)
            }}
          >
            <ListItemText primary={l.title} secondary={l.name} />
          </ListItemButton>
        ))}
      </List>
      {!layers.isFetching && list.length === 0 && (
        <Typography color="text.secondary">{t('designer.noLayers')}</Typography>
      )}
    </DialogFrame>
  )
}
