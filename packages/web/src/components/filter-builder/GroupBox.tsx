import CreateNewFolderOutlined from '@mui/icons-material/CreateNewFolderOutlined'
import DeleteOutlined from '@mui/icons-material/DeleteOutlined'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import type { FilterCombinator } from '@gis/shared/filters'
import { t } from '@gis/shared/i18n'
import { Fragment, type ReactNode } from 'react'
import type { LogicGroup } from './filter-model'

/** Nesting colours of the advanced mode: they cycle among five (spec 3 §2). */
export const NESTING_COLOURS = [
  'primary.main',
  'secondary.main',
  'success.main',
  'warning.main',
  'info.main',
] as const

interface Props {
  group: LogicGroup
  depth: number
  /** How a rule of the group shows (an editor in advanced mode, a chip in the basic logic). */
  renderRule: (ruleId: string) => ReactNode
  onCombinator: (groupId: string, operator: FilterCombinator) => void
  onAddGroup: (groupId: string) => void
  onRemoveGroup: (groupId: string) => void
  /** The group's own "add" control (a new rule, or including an orphan rule). */
  renderAdd: (groupId: string) => ReactNode
  /** Lay the children on one line (the compact logic of the basic mode). */
  inline?: boolean
}

/** A group of the logic: its combinator (E/OU), its rules and nested groups, its actions. */
export function GroupBox(props: Props) {
  const { group, depth, renderRule, onCombinator, onAddGroup, onRemoveGroup, renderAdd, inline } =
    props
  const colour = NESTING_COLOURS[depth % NESTING_COLOURS.length]
  const joiner = group.operator === 'and' ? t('filterBuilder.and') : t('filterBuilder.or')
  return (
    <Box
      role="group"
      aria-label={t('filterBuilder.combinator')}
      data-depth={depth}
      sx={{
        borderLeft: 4,
        borderColor: colour,
        borderRadius: 1,
        bgcolor: 'action.hover',
        p: 1,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={group.operator}
          onChange={(_e, v: FilterCombinator | null) => v && onCombinator(group.id, v)}
          aria-label={t('filterBuilder.combinator')}
        >
          <ToggleButton value="and">{t('filterBuilder.and')}</ToggleButton>
          <ToggleButton value="or">{t('filterBuilder.or')}</ToggleButton>
        </ToggleButtonGroup>
        {renderAdd(group.id)}
        <Button
          size="small"
          startIcon={<CreateNewFolderOutlined />}
          onClick={() => onAddGroup(group.id)}
        >
          {t('filterBuilder.addGroup')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {depth > 0 && (
          <Tooltip title={t('filterBuilder.removeGroup')}>
            <IconButton
              size="small"
              aria-label={t('filterBuilder.removeGroup')}
              onClick={() => onRemoveGroup(group.id)}
            >
              <DeleteOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {group.children.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('filterBuilder.emptyGroup')}
        </Typography>
      )}
      <Box
        sx={{
          display: 'flex',
          flexDirection: inline ? 'row' : 'column',
          flexWrap: 'wrap',
          alignItems: inline ? 'center' : 'stretch',
          gap: 1,
        }}
      >
        {group.children.map((child, i) => (
          <Fragment key={child.kind === 'group' ? child.id : child.ruleId}>
            {i > 0 && (
              <Typography variant="caption" sx={{ fontWeight: 600, color: colour }}>
                {joiner}
              </Typography>
            )}
            {child.kind === 'group' ? (
              <GroupBox {...props} group={child} depth={depth + 1} />
            ) : (
              renderRule(child.ruleId)
            )}
          </Fragment>
        ))}
      </Box>
    </Box>
  )
}
