import Button from '@mui/material/Button'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import type { EnvironmentVariable } from '@gis/shared/reports'
import { useState } from 'react'
import { DataTable } from '../../components/DataTable'
import { DialogFrame } from '../../components/DialogFrame'
import { LayerPicker } from './LayerPicker'
import {
  addVariable,
  associateLayer,
  editVariable,
  normalizeVariables,
  removeVariable,
} from './designer-variables'

/**
 * 'Variáveis de Ambiente': the template's variables (#, Variável, Descrição, Ação), 'Associar
 * Layer' (its fields become variables), 'Nova Variável', Apagar and 'Confirmar e Voltar'.
 */
export function VariablesDialog({
  open,
  variables,
  layer,
  onClose,
  onConfirm,
}: {
  open: boolean
  variables: EnvironmentVariable[]
  layer: string | null | undefined
  onClose: () => void
  onConfirm: (variables: EnvironmentVariable[], layer: string | null) => void
}) {
  const [rows, setRows] = useState(variables)
  const [layerName, setLayerName] = useState(layer ?? null)
  const [picking, setPicking] = useState(false)
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      maxWidth="md"
      aria-labelledby="designer-vars"
      titleId="designer-vars"
      title={t('designer.environment')}
      dividers
      actions={
        <>
          <Button onClick={() => setPicking(true)} sx={{ mr: 'auto' }}>
            {t('designer.associateLayer')}
          </Button>
          <Button onClick={() => setRows(addVariable(rows))}>{t('designer.newVariable')}</Button>
          <Button
            variant="contained"
            onClick={() => onConfirm(normalizeVariables(rows), layerName)}
          >
            {t('designer.confirmBack')}
          </Button>
        </>
      }
      after={
        picking && (
          <LayerPicker
            open
            onClose={() => setPicking(false)}
            onSelect={(l) => {
              setRows(
                associateLayer(
                  rows,
                  l.attributes.map((a) => ({ name: a.name, title: a.title })),
                ),
              )
              setLayerName(l.name)
              setPicking(false)
            }}
          />
        )
      }
    >
      {layerName && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('designer.associateLayer')}: {layerName}
        </Typography>
      )}
      <DataTable
        bare
        noLoadingBar
        columns={[
          {
            key: 'index',
            label: t('designer.colIndex'),
            render: (_v, i) => i + 1,
            sx: { width: 48 },
          },
          {
            key: 'variable',
            label: t('designer.colVariable'),
            render: (v, i) => (
              <TextField
                size="small"
                fullWidth
                value={v.value}
                placeholder={t('designer.variableDefault', { n: i + 1 })}
                slotProps={{
                  htmlInput: { 'aria-label': `${t('designer.colVariable')} ${i + 1}` },
                }}
                onChange={(e) => setRows(editVariable(rows, i, { value: e.target.value }))}
              />
            ),
          },
          {
            key: 'description',
            label: t('designer.colDescription'),
            render: (v, i) => (
              <TextField
                size="small"
                fullWidth
                value={v.title}
                placeholder={t('designer.variableTitleDefault', { n: i + 1 })}
                slotProps={{
                  htmlInput: { 'aria-label': `${t('designer.colDescription')} ${i + 1}` },
                }}
                onChange={(e) => setRows(editVariable(rows, i, { title: e.target.value }))}
              />
            ),
          },
          {
            key: 'action',
            label: t('designer.colAction'),
            render: (_v, i) => (
              <Button size="small" color="error" onClick={() => setRows(removeVariable(rows, i))}>
                {t('designer.delete')}
              </Button>
            ),
            sx: { width: 100 },
          },
        ]}
        rows={rows}
        rowKey={(_v, i) => i}
        empty=""
      />
    </DialogFrame>
  )
}
