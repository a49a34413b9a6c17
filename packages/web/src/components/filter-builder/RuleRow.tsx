import DeleteOutlined from '@mui/icons-material/DeleteOutlined'
import WarningAmber from '@mui/icons-material/WarningAmber'
import Box from '@mui/material/Box'
import { alpha } from '@mui/material/styles'
import Chip from '@mui/material/Chip'
import IconButton from '@mui/material/IconButton'
import TextField from '@mui/material/TextField'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import { OPERATORS_BY_TYPE, operatorTakesValue, type FilterOperator } from '@gis/shared/filters'
import { t, type MessageKey } from '@gis/shared/i18n'
import { ruleProblem, type BuilderField, type BuilderRule, type RuleValue } from './filter-model'
import { ValueInput, type SamplesSource } from './ValueInput'

interface Props {
  rule: BuilderRule
  number: number
  fields: readonly BuilderField[]
  orphan: boolean
  onChange: (change: Partial<Omit<BuilderRule, 'id'>>) => void
  onRemove: () => void
  useSamples: SamplesSource
}

/** One rule: its number, field, operation and value (none for isnull/isnotnull), remove. */
export function RuleRow({ rule, number, fields, orphan, onChange, onRemove, useSamples }: Props) {
  const field = fields.find((f) => f.name === rule.field)
  const operators = field ? OPERATORS_BY_TYPE[field.type] : []
  return (
    <Box
      role="group"
      aria-label={t('filterBuilder.rule', { n: number })}
      data-testid={`rule-${number}`}
      sx={{
        display: 'grid',
        gridTemplateColumns: {
          xs: 'auto 1fr auto',
          md: 'auto minmax(160px, 220px) minmax(160px, 240px) minmax(180px, 1fr) auto auto',
        },
        alignItems: 'center',
        gap: 1,
        py: 1,
        px: 1,
        borderRadius: 1,
        bgcolor: (theme) =>
          orphan ? alpha(theme.palette.warning.main, 0.1) : theme.palette.background.paper,
        border: 1,
        borderColor: orphan ? 'warning.main' : 'divider',
      }}
    >
      <Chip size="small" label={t('filterBuilder.ruleShort', { n: number })} />
      <TextField
        select
        size="small"
        label={t('filterBuilder.field')}
        value={rule.field}
        onChange={(e) => onChange({ field: e.target.value })}
        slotProps={{ select: { native: true } }}
        sx={{ gridColumn: { xs: '2 / 4', md: 'auto' } }}
      >
        {!field && <option value={rule.field}>{rule.field}</option>}
        {fields.map((f) => (
          <option key={f.name} value={f.name}>
            {f.title}
          </option>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('filterBuilder.operator')}
        value={rule.operator}
        onChange={(e) => onChange({ operator: e.target.value as FilterOperator })}
        slotProps={{ select: { native: true } }}
        sx={{ gridColumn: { xs: '2 / 4', md: 'auto' } }}
      >
        {operators.map((op) => (
          <option key={op} value={op}>
            {t(`filterBuilder.op.${op}` as MessageKey)}
          </option>
        ))}
      </TextField>
      {field && operatorTakesValue(rule.operator) && (
        <Box sx={{ gridColumn: { xs: '2 / 4', md: 'auto' }, display: 'flex' }}>
          <ValueInput
            key={field.name}
            field={field}
            value={rule.value}
            onChange={(value: RuleValue) => onChange({ value })}
            label={t('filterBuilder.value')}
            useSamples={useSamples}
            problem={ruleProblem(field, rule)}
          />
        </Box>
      )}
      {!(field && operatorTakesValue(rule.operator)) && <Box />}
      {orphan ? (
        <Tooltip title={t('filterBuilder.ruleOrphan')}>
          <Typography
            variant="caption"
            color="warning.dark"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              maxWidth: 200,
              gridColumn: { xs: '1 / 3', md: 'auto' },
            }}
          >
            <WarningAmber fontSize="small" />
            {t('filterBuilder.ruleOrphan')}
          </Typography>
        </Tooltip>
      ) : (
        <Box />
      )}
      <Tooltip title={t('filterBuilder.removeRule', { n: number })}>
        <IconButton aria-label={t('filterBuilder.removeRule', { n: number })} onClick={onRemove}>
          <DeleteOutlined />
        </IconButton>
      </Tooltip>
    </Box>
  )
}
