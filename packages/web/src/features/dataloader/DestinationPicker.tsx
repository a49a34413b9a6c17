import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Typography from '@mui/material/Typography'
import type { LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import { useIsAdmin } from '../../state/session'
import { autoMap } from './auto-map'
import { defaultSpatialize, destinationsOf, emptyMappings, fieldNameOf } from './column-mappings'
import type { ImportConfig, ImportJob } from './dataloader-types'

/**
 * Where the rows go, before anything is mapped: LAYER EXISTENTE (one of the layers the user
 * may write) or NOVO LAYER (administrators: a name and a title; mapped automatically once).
 */
export function DestinationPicker({
  job,
  layers,
  onChange,
}: {
  job: ImportJob
  layers: LayerDescription[]
  onChange: (config: ImportConfig) => void
}) {
  const [destiny, setDestiny] = useState<0 | 1>(0)
  const isAdmin = useIsAdmin()
  const [newName, setNewName] = useState('')
  const [newTitle, setNewTitle] = useState('')
  const [newError, setNewError] = useState(false)

  function createNew() {
    const name = fieldNameOf(newName.trim())
    if (!newName.trim()) {
      setNewError(true)
      return
    }
    const draft: ImportConfig = {
      destinyType: 1,
      layerName: name,
      layerTitle: newTitle.trim() || newName.trim(),
      mappings: emptyMappings(job),
      ...defaultSpatialize(job, 1),
    }
    // A new layer maps automatically once (spec 2 §4.1).
    onChange({ ...draft, mappings: autoMap(draft.mappings, destinationsOf(undefined, draft, job)) })
  }

  function choose(name: string) {
    const chosen = layers.find((l) => l.name === name)
    if (!chosen) return
    onChange({
      destinyType: destiny,
      layerName: chosen.name,
      layerTitle: chosen.title,
      mappings: emptyMappings(job),
      ...defaultSpatialize(job, 0),
    })
  }

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2, maxWidth: 520 }}>
      <ToggleButtonGroup
        exclusive
        color="primary"
        value={destiny}
        onChange={(_e, v: 0 | 1 | null) => v !== null && setDestiny(v)}
      >
        <ToggleButton value={0}>{t('dataloader.existingLayer')}</ToggleButton>
        <ToggleButton value={1}>{t('dataloader.newLayer')}</ToggleButton>
      </ToggleButtonGroup>
      {destiny === 0 ? (
        <TextField
          select
          label={t('dataloader.chooseLayer')}
          value=""
          onChange={(e) => choose(e.target.value)}
        >
          {layers.map((l) => (
            <MenuItem key={l.name} value={l.name}>
              {l.title}
            </MenuItem>
          ))}
        </TextField>
      ) : isAdmin ? (
        <>
          <TextField
            label={t('dataloader.layerName')}
            value={newName}
            required
            error={newError && !newName.trim()}
            helperText={newError && !newName.trim() ? t('field.required') : ' '}
            onChange={(e) => setNewName(e.target.value)}
          />
          <TextField
            label={t('dataloader.layerTitle')}
            value={newTitle}
            onChange={(e) => setNewTitle(e.target.value)}
          />
          <Button variant="contained" onClick={createNew} sx={{ justifySelf: 'start' }}>
            {t('dataloader.confirm')}
          </Button>
        </>
      ) : (
        <Typography color="text.secondary">{t('dataloader.newLayerAdminOnly')}</Typography>
      )}
    </Box>
  )
}
