import FormatBold from '@mui/icons-material/FormatBold'
import FormatItalic from '@mui/icons-material/FormatItalic'
import FormatUnderlined from '@mui/icons-material/FormatUnderlined'
import Button from '@mui/material/Button'
import FormControlLabel from '@mui/material/FormControlLabel'
import MenuItem from '@mui/material/MenuItem'
import Stack from '@mui/material/Stack'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import { t } from '@gis/shared/i18n'
import {
  BORDER_STYLES,
  FONT_FAMILIES,
  HORIZONTAL_ALIGNMENTS,
  TEXT_ORIENTATIONS,
  VERTICAL_ALIGNMENTS,
  type TemplateStyle,
} from '@gis/shared/reports'
import { useEffect, useState } from 'react'
import { cellAt, updateCell } from './designer-ops'
import { addStyle, duplicateStyle, renameStyle, styleNamed, updateStyle } from './designer-styles'
import { OptionField, PositiveField } from './fields'
import type { PanelProps } from './panel-props'

const BORDERS = ['borderTop', 'borderRight', 'borderBottom', 'borderLeft'] as const
const FONT = [
  ['fontBold', 'designer.bold', FormatBold],
  ['fontItalic', 'designer.italic', FormatItalic],
  ['fontUnderline', 'designer.underline', FormatUnderlined],
] as const

/** The style's selects: their labels, options and the catalogue prefix of an option's name. */
const STYLE_OPTIONS = {
  horizontalAlignment: ['designer.hAlign', HORIZONTAL_ALIGNMENTS, 'designer.align.'],
  verticalAlignment: ['designer.vAlign', VERTICAL_ALIGNMENTS, 'designer.align.'],
  textOrientation: ['designer.orientation', TEXT_ORIENTATIONS, 'designer.orient.'],
} as const

type OptionKey = keyof typeof STYLE_OPTIONS

/** One of the style's selects (alignments, orientation), by the style's field. */
function StyleOption({
  field,
  style,
  change,
}: {
  field: OptionKey
  style: TemplateStyle
  change: (c: Partial<Pick<TemplateStyle, OptionKey>>) => void
}) {
  const [label, options, prefix] = STYLE_OPTIONS[field]
  return (
    <OptionField<string>
      label={t(label)}
      value={style[field]}
      options={options}
      prefix={prefix}
      onChange={(value) => change({ [field]: value })}
    />
  )
}

/**
 * The 'Estilo' tab: the selected cell's style (else the first one) — choose, add, duplicate,
 * rename, font, size, bold/italic/underline, alignments, orientation, wrap, colours, borders.
 */
export function StyleTab({ template, selected, edit }: PanelProps) {
  const cell = selected ? cellAt(template, selected) : undefined
  const style = styleNamed(template, cell?.style)
  const [name, setName] = useState(style?.name ?? '')
  useEffect(() => setName(style?.name ?? ''), [style?.name])
  if (!style) return null
  const change = (c: Partial<Omit<TemplateStyle, 'name'>>) =>
    edit((tpl) => updateStyle(tpl, style.name, c))
  const assign = (made: { template: typeof template; name: string }) =>
    edit(() =>
      selected
        ? updateCell(made.template, selected, (c) => ({ ...c, style: made.name }))
        : made.template,
    )

  return (
    <Stack spacing={1.5}>
      <OptionField
        label={t('designer.style')}
        value={style.name}
        options={template.styles.map((s) => s.name)}
        onChange={(name) =>
          selected && edit((tpl) => updateCell(tpl, selected, (c) => ({ ...c, style: name })))
        }
      />
      <Stack direction="row" spacing={1}>
        <Button size="small" variant="outlined" onClick={() => assign(addStyle(template, style))}>
          {t('designer.newStyle')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          onClick={() => assign(duplicateStyle(template, style.name))}
        >
          {t('designer.duplicateStyle')}
        </Button>
      </Stack>
      <TextField
        size="small"
        label={t('designer.styleName')}
        value={name}
        onChange={(e) => setName(e.target.value)}
        onBlur={() => {
          const next = renameStyle(template, style.name, name)
          if (next === template) setName(style.name)
          else edit(() => next)
        }}
      />
      <Stack direction="row" spacing={1}>
        <TextField
          select
          size="small"
          label={t('designer.fontFamily')}
          value={style.fontFamily}
          onChange={(e) => change({ fontFamily: e.target.value as TemplateStyle['fontFamily'] })}
          fullWidth
        >
          {FONT_FAMILIES.map((f) => (
            <MenuItem key={f} value={f}>
              {f}
            </MenuItem>
          ))}
        </TextField>
        <PositiveField
          label={t('designer.fontSize')}
          value={style.fontSize}
          onChange={(n) => n && change({ fontSize: n })}
        />
      </Stack>
      <ToggleButtonGroup size="small" aria-label={t('designer.fontFamily')}>
        {FONT.map(([key, label, Icon]) => (
          <ToggleButton
            key={key}
            value={key}
            selected={style[key]}
            aria-label={t(label)}
            aria-pressed={style[key]}
            onChange={() => change({ [key]: !style[key] })}
          >
            <Icon fontSize="small" />
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Stack direction="row" spacing={1}>
        <StyleOption field="horizontalAlignment" style={style} change={change} />
        <StyleOption field="verticalAlignment" style={style} change={change} />
      </Stack>
      <StyleOption field="textOrientation" style={style} change={change} />
      <FormControlLabel
        control={
          <Switch
            checked={style.wrapText}
            onChange={(e) => change({ wrapText: e.target.checked })}
          />
        }
        label={t('designer.wrap')}
      />
      <Stack direction="row" spacing={1}>
        <ColorField
          label={t('designer.backgroundColor')}
          value={style.backgroundColor}
          onChange={(backgroundColor) => change({ backgroundColor })}
        />
        <ColorField
          label={t('designer.fontColor')}
          value={style.fontColor}
          onChange={(fontColor) => change({ fontColor })}
        />
      </Stack>
      {[BORDERS.slice(0, 2), BORDERS.slice(2)].map((pair) => (
        <Stack key={pair[0]} direction="row" spacing={1}>
          {pair.map((b) => (
            <OptionField
              key={b}
              label={t(`designer.${b}`)}
              value={style[b]}
              options={BORDER_STYLES}
              prefix="designer.border."
              onChange={(v) => change({ [b]: v })}
            />
          ))}
        </Stack>
      ))}
    </Stack>
  )
}

/** The colour picker: the browser's own, #rrggbb. */
function ColorField({
  label,
  value,
  onChange,
}: {
  label: string
  value: string
  onChange: (v: string) => void
}) {
  return (
    <TextField
      size="small"
      type="color"
      label={label}
      value={value}
      onChange={(e) => /^#[0-9a-f]{6}$/i.test(e.target.value) && onChange(e.target.value)}
      fullWidth
    />
  )
}
