import ErrorOutlined from '@mui/icons-material/ErrorOutlined'
import ImageOutlined from '@mui/icons-material/ImageOutlined'
import Box from '@mui/material/Box'
import { t } from '@gis/shared/i18n'
import type { ReportTemplate, TemplateCell, TemplateStyle } from '@gis/shared/reports'
import type { CSSProperties } from 'react'
import { invalidVariables } from './designer-layout'
import { contentFileUrl } from './designer.api'

const BORDER: Record<string, string> = {
  none: '',
  small: '1px solid',
  medium: '2px solid',
  large: '3px solid',
  dotted: '1px dotted',
  double: '3px double',
}

/** The CSS of a template style, as the preview paints a cell. */
export function styleCss(style: TemplateStyle | undefined, zoom: number): CSSProperties {
  if (!style) return { fontSize: 12 * zoom }
  const border = (b: string) => (BORDER[b] ? `${BORDER[b]} ${style.fontColor}` : undefined)
  return {
    fontFamily:
      style.fontFamily === 'CALIBRI' ? 'Calibri, Carlito, sans-serif' : 'Arial, sans-serif',
    fontSize: style.fontSize * zoom,
    fontWeight: style.fontBold ? 700 : 400,
    fontStyle: style.fontItalic ? 'italic' : 'normal',
    textDecoration: style.fontUnderline ? 'underline' : 'none',
    textAlign: style.horizontalAlignment,
    justifyContent:
      style.verticalAlignment === 'top'
        ? 'flex-start'
        : style.verticalAlignment === 'bottom'
          ? 'flex-end'
          : 'center',
    whiteSpace: style.wrapText ? 'normal' : 'nowrap',
    writingMode: style.textOrientation === 'NORMAL' ? undefined : 'vertical-rl',
    transform: style.textOrientation === 'TURNUP' ? 'rotate(180deg)' : undefined,
    color: style.fontColor,
    backgroundColor: style.backgroundColor,
    borderTop: border(style.borderTop),
    borderRight: border(style.borderRight),
    borderBottom: border(style.borderBottom),
    borderLeft: border(style.borderLeft),
  }
}

export function styleOf(template: ReportTemplate, cell: TemplateCell): TemplateStyle | undefined {
  return template.styles.find((s) => s.name === cell.style) ?? template.styles[0]
}

/** A text or image cell's content in the preview; invalid ${variables} carry a red mark. */
export function CellContent({
  template,
  cell,
  token,
  zoom,
}: {
  template: ReportTemplate
  cell: TemplateCell
  token: string | null
  zoom: number
}) {
  if (cell.image) {
    const { location, value } = cell.image
    const src =
      location === 'LOCAL' && value
        ? value
        : location === 'CONTENT' && value
          ? contentFileUrl(value, token)
          : null
    return src ? (
      <Box
        component="img"
        src={src}
        alt=""
        sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }}
      />
    ) : (
      <ImageOutlined sx={{ fontSize: 16 * zoom, color: 'text.secondary' }} />
    )
  }
  const invalid = invalidVariables(cell.value, template)
  return (
    <Box
      component="span"
      sx={{ overflow: 'hidden', textOverflow: 'ellipsis', display: 'flex', alignItems: 'center' }}
    >
      {invalid.length > 0 && (
        <ErrorOutlined
          color="error"
          role="img"
          aria-hidden={false}
          aria-label={invalid.map((name) => t('designer.invalidVariable', { name })).join(', ')}
          sx={{ fontSize: 14 * zoom, mr: 0.25, flex: 'none' }}
        />
      )}
      <Box
        component="span"
        sx={invalid.length ? { textDecoration: 'underline wavy', textDecorationColor: 'red' } : {}}
      >
        {cell.value}
      </Box>
    </Box>
  )
}
