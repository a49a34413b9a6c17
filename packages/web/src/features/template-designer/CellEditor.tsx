import FormControlLabel from '@mui/material/FormControlLabel'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import { t } from '@gis/shared/i18n'
import {
  SIZE_POLICIES,
  cellKind,
  type CellKind,
  type ReportTemplate,
  type TemplateCell,
} from '@gis/shared/reports'
import { useState } from 'react'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { invalidVariables } from './designer-layout'
import { convertCell } from './designer-ops'
import { OptionField, PositiveField } from './fields'
import { ImageEditor } from './ImageEditor'

const KIND_LABEL = {
  TEXT: 'designer.kindText',
  IMAGE: 'designer.kindImage',
  GROUP: 'designer.kindGroup',
} as const

/** The selected cell's kind (converting asks first), value, spans, sizes, style and image. */
export function CellEditor({
  template,
  cell,
  onChange,
}: {
  template: ReportTemplate
  cell: TemplateCell
  onChange: (cell: TemplateCell) => void
}) {
  const [converting, setConverting] = useState<CellKind | null>(null)
  const kind = cellKind(cell)
  const set = (change: Partial<TemplateCell>) => onChange({ ...cell, ...change })
  const invalid = invalidVariables(cell.value, template)
  return (
    <Stack spacing={1.5}>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={kind}
        aria-label={t('designer.kind')}
        onChange={(_, next: CellKind | null) => next && next !== kind && setConverting(next)}
      >
        {(['TEXT', 'IMAGE', 'GROUP'] as const).map((k) => (
          <ToggleButton key={k} value={k} sx={{ flex: 1 }}>
            {t(KIND_LABEL[k])}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {kind === 'TEXT' && (
        <TextField
          label={t('designer.value')}
          size="small"
          multiline
          minRows={2}
          value={cell.value ?? ''}
          onChange={(e) => set({ value: e.target.value })}
          error={invalid.length > 0}
          helperText={invalid.map((name) => t('designer.invalidVariable', { name })).join(' · ')}
        />
      )}
      {cell.image && <ImageEditor image={cell.image} onChange={(image) => set({ image })} />}
      <Stack direction="row" spacing={1}>
        <PositiveField
          label={t('designer.colSpan')}
          value={cell.colSpan}
          integer
          onChange={(n) => n && set({ colSpan: n })}
        />
        <PositiveField
          label={t('designer.rowSpan')}
          value={cell.rowSpan}
          integer
          onChange={(n) => n && set({ rowSpan: n })}
        />
      </Stack>
      <Stack direction="row" spacing={1}>
        <PositiveField
          label={t('designer.colSize')}
          value={cell.colSize}
          nullable
          onChange={(colSize) => set({ colSize })}
        />
        <PositiveField
          label={t('designer.rowSize')}
          value={cell.rowSize}
          nullable
          onChange={(rowSize) => set({ rowSize })}
        />
      </Stack>
      <OptionField
        label={t('designer.sizePolicy')}
        value={cell.sizePolicy ?? 'NORMAL'}
        options={SIZE_POLICIES}
        prefix="designer.policy."
        onChange={(sizePolicy) => set({ sizePolicy })}
      />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <FormControlLabel
          control={
            <Switch
              checked={!!cell.rowExpand}
              onChange={(e) => set({ rowExpand: e.target.checked })}
            />
          }
          label={t('designer.rowExpand')}
          sx={{ flex: 'none' }}
        />
        {cell.rowExpand && (
          <PositiveField
            label={t('designer.rowExpandSize')}
            value={cell.rowExpandSize}
            nullable
            onChange={(rowExpandSize) => set({ rowExpandSize })}
          />
        )}
      </Stack>
      <TextField
        select
        size="small"
        label={t('designer.style')}
        value={template.styles.some((s) => s.name === cell.style) ? cell.style : ''}
        onChange={(e) => set({ style: e.target.value || null })}
      >
        {template.styles.map((s) => (
          <MenuItem key={s.name} value={s.name}>
            {s.name}
          </MenuItem>
        ))}
      </TextField>
      <ConfirmDialog
        open={converting !== null}
        title={t('designer.convertTitle')}
        text={t('designer.convertConfirm')}
        confirmLabel={t('designer.convert')}
        cancelLabel={t('designer.cancel')}
        onClose={() => setConverting(null)}
        onConfirm={() => {
          if (converting) onChange(convertCell(cell, converting))
          setConverting(null)
        }}
      />
    </Stack>
  )
}
