import ArrowDownward from '@mui/icons-material/ArrowDownward'
import ArrowUpward from '@mui/icons-material/ArrowUpward'
import Box from '@mui/material/Box'
import IconButton from '@mui/material/IconButton'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { move, type TabProps } from './layer-draft'

/** CAMPOS: the attributes' order, titles and tooltips. */
export function FieldsTab({ draft, set, errors }: TabProps) {
  const setAttr = (name: string, changes: { title?: string; tooltip?: string }) =>
    set({ attributes: draft.attributes.map((a) => (a.name === name ? { ...a, ...changes } : a)) })
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('adm.layers.fieldsHint')}
      </Typography>
      {draft.attributes.map((a, i) => (
        <Box
          key={a.name}
          sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1, flexWrap: 'wrap' }}
        >
          <Box sx={{ width: 140, fontFamily: 'monospace', fontSize: 13 }}>{a.name}</Box>
          <TextField
            size="small"
            label={t('adm.layers.fieldTitle', { name: a.name })}
            value={a.title}
            onChange={(e) => setAttr(a.name, { title: e.target.value })}
            error={Boolean(errors[`attributes.${i}.title`])}
            helperText={errors[`attributes.${i}.title`]}
          />
          <TextField
            size="small"
            sx={{ flex: 1, minWidth: 200 }}
            label={t('adm.layers.fieldTooltip', { name: a.name })}
            value={a.tooltip}
            onChange={(e) => setAttr(a.name, { tooltip: e.target.value })}
          />
          <IconButton
            size="small"
            aria-label={t('adm.moveUp', { name: a.name })}
            disabled={i === 0}
            onClick={() => set({ attributes: move(draft.attributes, i, i - 1) })}
          >
            <ArrowUpward fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t('adm.moveDown', { name: a.name })}
            disabled={i === draft.attributes.length - 1}
            onClick={() => set({ attributes: move(draft.attributes, i, i + 1) })}
          >
            <ArrowDownward fontSize="small" />
          </IconButton>
        </Box>
      ))}
    </Box>
  )
}
