import Add from '@mui/icons-material/Add'
import Close from '@mui/icons-material/Close'
import DeleteSweepOutlined from '@mui/icons-material/DeleteSweepOutlined'
import SwapHoriz from '@mui/icons-material/SwapHoriz'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import FormControlLabel from '@mui/material/FormControlLabel'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import type { ReactNode } from 'react'
import {
  addGroup,
  addRule,
  attachRule,
  autoLogic,
  detachRule,
  orphanRules,
  removeGroup,
  removeRule,
  ruleNumber,
  setCombinator,
  toFilterTree,
  updateRule,
  EMPTY_FILTER,
  type BuilderField,
  type FilterBuilderState,
} from './filter-model'
import { combination, combinationSentence } from './filter-words'
import { GroupBox } from './GroupBox'
import { RuleRow } from './RuleRow'
import { useBuilderPrefs } from './use-builder-prefs'
import type { SamplesSource } from './ValueInput'

export interface FilterBuilderProps {
  /** No layer chosen: the builder only says "Selecione uma 'Layer' antes de filtrar". */
  layer: string | undefined
  fields: readonly BuilderField[]
  value: FilterBuilderState
  onChange: (value: FilterBuilderState) => void
  useSamples: SamplesSource
  /** Developer mode: a 'Validar' control beside the mode switch. */
  validate?: ReactNode
}

/**
 * The filter builder (spec 3, sections 2, 4 and 5), one component for search, file
 * association, audit and reports. Basic mode: a list of rules and the 'Logica da Regra',
 * generated (every rule in one OR group) or edited by hand. Advanced mode: nested groups with
 * their combinators, colours cycling among five. Rules outside the logic are flagged.
 */
export function FilterBuilder({
  layer,
  fields,
  value,
  onChange,
  useSamples,
  validate,
}: FilterBuilderProps) {
  const [prefs, setPrefs] = useBuilderPrefs()
  const basic = prefs.mode === 'basic'
  const auto = basic && prefs.autoGenerate
  const emit = (next: FilterBuilderState) => onChange(auto ? autoLogic(next) : next)
  const orphans = new Set(orphanRules(value).map((r) => r.id))
  const firstField = fields[0]
  // How the rules combine, in words, always in view (issue 42): a basic search's OU is the
  // spec's rule, and must not surprise a user who meant E.
  const says = combinationSentence(
    combination(toFilterTree(value, fields), (r) =>
      t('filterBuilder.ruleShort', { n: ruleNumber(value, r.id ?? '') }),
    ),
  )
  const saysBox = (
    <Alert severity="info" icon={false} data-testid="logic-says" sx={{ py: 0.25 }}>
      {says}
    </Alert>
  )

  if (!layer) {
    return <Alert severity="info">{t('filterBuilder.selectLayer')}</Alert>
  }

  const ruleEditor = (ruleId: string) => {
    const rule = value.rules.find((r) => r.id === ruleId)
    if (!rule) return null
    return (
      <RuleRow
        key={rule.id}
        rule={rule}
        number={ruleNumber(value, rule.id)}
        fields={fields}
        orphan={orphans.has(rule.id)}
        onChange={(change) => emit(updateRule(value, rule.id, change, fields))}
        onRemove={() => emit(removeRule(value, rule.id))}
        useSamples={useSamples}
      />
    )
  }

  const ruleChip = (ruleId: string) => {
    const n = ruleNumber(value, ruleId)
    return (
      <Chip
        key={ruleId}
        label={t('filterBuilder.ruleShort', { n })}
        onDelete={auto ? undefined : () => emit(detachRule(value, ruleId))}
        deleteIcon={<Close aria-label={t('filterBuilder.excludeRule', { n })} />}
      />
    )
  }

  const addRuleButton = (groupId: string) =>
    firstField && (
      <Button
        size="small"
        startIcon={<Add />}
        onClick={() => emit(addRule(value, firstField, groupId))}
      >
        {t('filterBuilder.addRule')}
      </Button>
    )

  const includeOrphan = (groupId: string) =>
    orphans.size > 0 && (
      <TextField
        select
        size="small"
        label={t('filterBuilder.includeRule')}
        value=""
        onChange={(e) => e.target.value && emit(attachRule(value, e.target.value, groupId))}
        fullWidth={false}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ width: 160 }}
      >
        <option value="" />
        {value.rules
          .filter((r) => orphans.has(r.id))
          .map((r) => (
            <option key={r.id} value={r.id}>
              {t('filterBuilder.ruleShort', { n: ruleNumber(value, r.id) })}
            </option>
          ))}
      </TextField>
    )

  const groupActions = {
    onCombinator: (id: string, op: 'and' | 'or') => emit(setCombinator(value, id, op)),
    onAddGroup: (id: string) => emit(addGroup(value, id)),
    onRemoveGroup: (id: string) => emit(removeGroup(value, id)),
  }
  const removeAll = (
    <Button
      variant="outlined"
      color="error"
      startIcon={<DeleteSweepOutlined />}
      disabled={value.rules.length === 0}
      onClick={() => onChange(EMPTY_FILTER)}
    >
      {t('filterBuilder.removeAll')}
    </Button>
  )

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flex: 1, fontWeight: 600 }}>
          {basic ? t('filterBuilder.titleBasic') : t('filterBuilder.titleAdvanced')}
        </Typography>
        {validate}
        <Button
          size="small"
          startIcon={<SwapHoriz />}
          onClick={() => {
            const mode = basic ? 'advanced' : 'basic'
            setPrefs({ ...prefs, mode })
            if (mode === 'basic' && prefs.autoGenerate) onChange(autoLogic(value))
          }}
        >
          {t('filterBuilder.changeMode')}
        </Button>
      </Box>

      {orphans.size > 0 && <Alert severity="warning">{t('filterBuilder.orphans')}</Alert>}

      {basic ? (
        <>
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            {value.rules.length === 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('filterBuilder.noRules')}
              </Typography>
            )}
            {value.rules.map((r) => ruleEditor(r.id))}
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {firstField && (
              <Button
                variant="outlined"
                startIcon={<Add />}
                onClick={() => emit(addRule(value, firstField))}
              >
                {t('filterBuilder.addRule')}
              </Button>
            )}
            {removeAll}
          </Box>
          <Box component="section" aria-label={t('filterBuilder.logic')}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
              <Typography variant="subtitle2" component="h4" sx={{ flex: 1 }}>
                {t('filterBuilder.logic')}
              </Typography>
              <FormControlLabel
                control={
                  <Switch
                    checked={prefs.autoGenerate}
                    onChange={(e) => {
                      setPrefs({ ...prefs, autoGenerate: e.target.checked })
                      if (e.target.checked) onChange(autoLogic(value))
                    }}
                  />
                }
                label={t('filterBuilder.autoGenerate')}
              />
            </Box>
            {auto ? (
              <Box
                sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}
              >
                {saysBox}
                {value.rules.length > 1 && (
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => {
                      // The rules kept, joined by E, the logic now by hand: one click.
                      setPrefs({ ...prefs, autoGenerate: false })
                      onChange(setCombinator(autoLogic(value), value.logic.id, 'and'))
                    }}
                  >
                    {t('filterBuilder.requireAll')}
                  </Button>
                )}
              </Box>
            ) : (
              <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
                {saysBox}
                <GroupBox
                  group={value.logic}
                  depth={0}
                  inline
                  renderRule={ruleChip}
                  renderAdd={includeOrphan}
                  {...groupActions}
                />
              </Box>
            )}
          </Box>
        </>
      ) : (
        <>
          {saysBox}
          <GroupBox
            group={value.logic}
            depth={0}
            renderRule={ruleEditor}
            renderAdd={(id) => (
              <>
                {addRuleButton(id)}
                {includeOrphan(id)}
              </>
            )}
            {...groupActions}
          />
          {value.rules.filter((r) => orphans.has(r.id)).map((r) => ruleEditor(r.id))}
          <Box>{removeAll}</Box>
        </>
      )}
    </Box>
  )
}
