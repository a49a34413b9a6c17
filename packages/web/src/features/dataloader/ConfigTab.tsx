import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Typography from '@mui/material/Typography'
import type { LayerDescription } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { autoMap } from './auto-map'
import { destinationsOf, emptyMappings, needsCrs } from './column-mappings'
import type { ColumnMapping, ImportConfig, ImportJob } from './dataloader-types'
import { DestinationPicker } from './DestinationPicker'
import { MappingTable } from './MappingTable'
import { OldKeyDialog, type OldKey } from './OldKeyDialog'
import { VectorDialog } from './VectorDialog'

/** CONFIGURAÇÃO: the destination, the mapping table and its toolbar. */
export function ConfigTab({
  job,
  config,
  layers,
  onChange,
}: {
  job: ImportJob
  config: ImportConfig | undefined
  /** The layers the user may write. */
  layers: LayerDescription[]
  onChange: (config: ImportConfig | undefined) => void
}) {
  const [redefine, setRedefine] = useState(false)
  const [vector, setVector] = useState(false)
  const [oldKey, setOldKey] = useState<OldKey | null>(null)
  const layer = layers.find((l) => l.name === config?.layerName)
  const destinations = destinationsOf(layer, config, job)

  if (!config) return <DestinationPicker job={job} layers={layers} onChange={onChange} />

  const setMappings = (mappings: ColumnMapping[]) => onChange({ ...config, mappings })
  const setMapping = (i: number, next: Partial<ColumnMapping>) =>
    setMappings(config.mappings.map((m, j) => (j === i ? { ...m, ...next } : m)))

  const crsMissing = needsCrs(job, config)

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      {crsMissing && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => setVector(true)}>
              {t('dataloader.vectorSettings')}
            </Button>
          }
        >
          {t('dataloader.needCrs')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="subtitle1">{config.layerTitle}</Typography>
          <Typography variant="body2" color="text.secondary">
            {config.layerName}
          </Typography>
        </Box>
        <Chip
          color="primary"
          label={t(config.destinyType === 0 ? 'dataloader.chipUpdate' : 'dataloader.chipCreate')}
        />
        <Button color="warning" onClick={() => setRedefine(true)}>
          {t('dataloader.redefine')}
        </Button>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          onClick={() => setMappings(autoMap(config.mappings, destinations))}
        >
          {t('dataloader.autoMap')}
        </Button>
        <Button variant="outlined" onClick={() => setMappings(emptyMappings(job))}>
          {t('dataloader.clear')}
        </Button>
        <Button variant="outlined" onClick={() => setVector(true)}>
          {t('dataloader.vectorSettings')}
        </Button>
      </Box>
      <MappingTable
        mappings={config.mappings}
        destinations={destinations}
        setMapping={setMapping}
        setMappings={setMappings}
        onOldKey={(index, source) => setOldKey({ index, source })}
      />
      <ConfirmDialog
        open={redefine}
        title={t('dataloader.redefine')}
        text={t('dataloader.redefineConfirm')}
        confirmLabel={t('dataloader.redefine')}
        onConfirm={() => {
          setRedefine(false)
          onChange(undefined)
        }}
        onClose={() => setRedefine(false)}
      />
      <OldKeyDialog
        oldKey={oldKey}
        columns={job.metadata.columnNames}
        onChange={setOldKey}
        onDone={(source) => {
          if (oldKey && source !== undefined)
            setMapping(oldKey.index, { oldPrimaryKeySource: source })
          setOldKey(null)
        }}
      />
      {vector && (
        <VectorDialog
          open
          job={job}
          config={config}
          geometryType={
            config.destinyType === 1
              ? (config.spatializeGeometry ?? 'TABULAR')
              : (layer?.geometryType ?? 'TABULAR')
          }
          onClose={(next) => {
            setVector(false)
            if (next) onChange({ ...config, ...next })
          }}
        />
      )}
    </Box>
  )
}
