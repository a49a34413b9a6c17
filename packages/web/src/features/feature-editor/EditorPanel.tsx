import Delete from '@mui/icons-material/Delete'
import Draw from '@mui/icons-material/Draw'
import OpenWith from '@mui/icons-material/OpenWith'
import TouchApp from '@mui/icons-material/TouchApp'
import Undo from '@mui/icons-material/Undo'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import IconButton from '@mui/material/IconButton'
import MenuItem from '@mui/material/MenuItem'
import TextField from '@mui/material/TextField'
import ToggleButton from '@mui/material/ToggleButton'
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup'
import Tooltip from '@mui/material/Tooltip'
import Typography from '@mui/material/Typography'
import type { LayerDescription, MessageKey } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import type { ReactNode } from 'react'
import type { EditorMode } from './use-geometry-editor'
import { FloatingPanel } from '../../components/FloatingPanel'
import { PanelHeader } from '../../components/PanelHeader'

export type Flow = 'none' | 'insert' | 'edit' | 'external'

export interface EditorPanelProps {
  layers: LayerDescription[]
  layer: LayerDescription | undefined
  onLayer: (name: string) => void
  flow: Flow
  onFlow: (flow: 'insert' | 'edit') => void
  mode: EditorMode
  onMode: (mode: EditorMode) => void
  hint: string | null
  wkt: string
  onWkt: (text: string) => void
  onApplyWkt: () => void
  canUndo: boolean
  onUndo: () => void
  onCancel: () => void
  onSave: () => void
  onClose: () => void
  /** The external origin's title, when a form asked for this geometry. */
  external: string | null
  empty: boolean
  right: number
}

const TOOL_ICONS: Record<Exclude<EditorMode, 'idle'>, [MessageKey, ReactNode]> = {
  draw: ['editor.tool.draw', <Draw key="d" />],
  pick: ['editor.tool.pick', <TouchApp key="p" />],
  modify: ['editor.tool.modify', <OpenWith key="m" />],
  erase: ['editor.tool.erase', <Delete key="e" />],
}

/**
 * The panel 'Editor de geometria' over the map (spec 3 section 2): the layer, INSERIR or
 * EDITAR, the drawing tools (draw, pick, move vertices, remove a vertex, undo), the geometry
 * as WKT, CANCELAR and SALVAR (USAR GEOMETRIA when a form asked for the geometry).
 */
export function EditorPanel(p: EditorPanelProps) {
  const tools: Exclude<EditorMode, 'idle'>[] =
    p.flow === 'insert'
      ? ['draw', 'modify', 'erase']
      : p.flow === 'edit'
        ? ['pick', 'modify', 'erase']
        : p.flow === 'external'
          ? ['draw', 'modify', 'erase']
          : []
  const active = p.flow !== 'none'
  const wktEditable = active && p.mode !== 'pick'
  return (
    <FloatingPanel
      role="region"
      label={t('editor.title')}
      testId="geometry-editor"
      side="right"
      offset={p.right}
      width={340}
      sx={{
        maxHeight: 'calc(100% - 24px)',
        overflow: 'auto',
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
        p: 2,
        pt: 1,
      }}
    >
      <PanelHeader title={t('editor.title')} closeLabel={t('editor.close')} onClose={p.onClose} />
      {p.external !== null ? (
        <Alert severity="info" icon={false}>
          <strong>{p.external}</strong>
          <br />
          {t('editor.externalHint')}
        </Alert>
      ) : (
        <>
          {p.empty && <Alert severity="info">{t('editor.noLayer')}</Alert>}
          <TextField
            select
            size="small"
            label={t('editor.layer')}
            value={p.layer?.name ?? ''}
            onChange={(e) => p.onLayer(e.target.value)}
            helperText={p.layer ? undefined : t('editor.chooseLayer')}
          >
            {p.layers.map((l) => (
              <MenuItem key={l.name} value={l.name}>
                {l.title}
              </MenuItem>
            ))}
          </TextField>
          {p.layer && !p.layer.queryable && (
            <Alert severity="warning">{t('layers.notQueryable')}</Alert>
          )}
          <ToggleButtonGroup
            exclusive
            fullWidth
            size="small"
            color="primary"
            value={p.flow}
            disabled={!p.layer}
            onChange={(_e, next: 'insert' | 'edit' | null) => {
              if (next) p.onFlow(next)
            }}
          >
            <ToggleButton value="insert">{t('editor.insert')}</ToggleButton>
            <ToggleButton value="edit">{t('editor.edit')}</ToggleButton>
          </ToggleButtonGroup>
        </>
      )}
      {tools.length > 0 && (
        <EditorTools
          tools={tools}
          mode={p.mode}
          onMode={p.onMode}
          canUndo={p.canUndo}
          onUndo={p.onUndo}
        />
      )}
      {p.hint && (
        <Typography variant="body2" color="text.secondary" role="status">
          {p.hint}
        </Typography>
      )}
      <TextField
        label={t('editor.wkt')}
        value={p.wkt}
        onChange={(e) => p.onWkt(e.target.value)}
        disabled={!wktEditable}
        multiline
        size="small"
        minRows={2}
        maxRows={6}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button
          size="small"
          onClick={p.onApplyWkt}
          disabled={!wktEditable || !p.wkt.trim()}
          sx={{ mr: 'auto' }}
        >
          {t('editor.applyWkt')}
        </Button>
        <Button size="small" onClick={p.onCancel} disabled={!active}>
          {t('editor.cancel')}
        </Button>
        <Button
          size="small"
          variant="contained"
          onClick={p.onSave}
          disabled={!active || p.mode === 'pick'}
        >
          {p.flow === 'external' ? t('editor.useGeometry') : t('editor.save')}
        </Button>
      </Box>
    </FloatingPanel>
  )
}

/** The drawing tools of the current flow, one at a time, and undo. */
function EditorTools({
  tools,
  mode,
  onMode,
  canUndo,
  onUndo,
}: {
  tools: Exclude<EditorMode, 'idle'>[]
  mode: EditorMode
  onMode: (mode: EditorMode) => void
  canUndo: boolean
  onUndo: () => void
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        value={mode}
        aria-label={t('editor.tools')}
        onChange={(_e, next: EditorMode | null) => {
          if (next) onMode(next)
        }}
      >
        {tools.map((tool) => {
          const [label, icon] = TOOL_ICONS[tool]
          return (
            <ToggleButton key={tool} value={tool} aria-label={t(label)}>
              <Tooltip title={t(label)}>
                <Box component="span" sx={{ display: 'flex' }}>
                  {icon}
                </Box>
              </Tooltip>
            </ToggleButton>
          )
        })}
      </ToggleButtonGroup>
      <Tooltip title={t('editor.undo')}>
        <span>
          <IconButton aria-label={t('editor.undo')} onClick={onUndo} disabled={!canUndo}>
            <Undo />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  )
}
