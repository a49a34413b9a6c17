import ArrowDownward from '@mui/icons-material/ArrowDownward'
import ArrowUpward from '@mui/icons-material/ArrowUpward'
import Delete from '@mui/icons-material/Delete'
import Folder from '@mui/icons-material/Folder'
import Layers from '@mui/icons-material/Layers'
import Map from '@mui/icons-material/Map'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import FormControlLabel from '@mui/material/FormControlLabel'
import IconButton from '@mui/material/IconButton'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Slider from '@mui/material/Slider'
import Switch from '@mui/material/Switch'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { t } from '@gis/shared/i18n'
import { SectionHeading } from '../../../components/SectionHeading'
import type { LayerTreeInput, LayerTreeNode } from '@gis/shared'
import { useEffect, useMemo, useState } from 'react'
import { opacityPercent } from '../../../map/layer-tree'
import { useAct } from '../common/use-act'
import { useFullLayerTreeQuery, useSaveLayerTreeMutation } from '../layers-admin.api'
import { TreeOutside, type Placeable } from './TreeOutside'

/** A node being edited: the saved shape plus a key of its own (new folders have no id yet). */
type Node = Omit<LayerTreeInput, 'children'> & { key: string; children: Node[] }

let counter = 0
function toNode(n: LayerTreeNode): Node {
  return {
    key: `n${n.id}`,
    id: n.id,
    type: n.type,
    title: n.title,
    layer: n.type === 'layer' ? (n.managedName ?? n.name) : null,
    baseLayerId: n.type === 'layerBase' ? n.baseLayerId : null,
    radioGroup: n.radioGroup,
    visibility: n.visibility,
    opacity: n.opacity,
    children: n.children.map(toNode),
  }
}
function toInput({ key: _key, children, ...n }: Node): LayerTreeInput {
  return { ...n, children: children.map(toInput) }
}

/** The list holding `key` and its position there. */
function locate(nodes: Node[], key: string): { list: Node[]; index: number } | undefined {
  const index = nodes.findIndex((n) => n.key === key)
  if (index >= 0) return { list: nodes, index }
  for (const n of nodes) {
    const found = locate(n.children, key)
    if (found) return found
  }
  return undefined
}
function find(nodes: Node[], key: string): Node | undefined {
  const at = locate(nodes, key)
  return at ? at.list[at.index] : undefined
}
function folderOptions(nodes: Node[], except: string, path = ''): { key: string; label: string }[] {
  return nodes.flatMap((n) =>
    n.type === 'folder' && n.key !== except
      ? [
          { key: n.key, label: `${path}${n.title}` },
          ...folderOptions(n.children, except, `${path}${n.title} / `),
        ]
      : [],
  )
}
const clone = (nodes: Node[]): Node[] => structuredClone(nodes)

/** The layer names and base layer ids a tree shows. */
function placed(nodes: Node[], into = { layers: new Set<string>(), bases: new Set<number>() }) {
  for (const n of nodes) {
    if (n.layer) into.layers.add(n.layer)
    if (n.baseLayerId) into.bases.add(n.baseLayerId)
    placed(n.children, into)
  }
  return into
}

const ICONS = {
  folder: <Folder fontSize="small" />,
  layer: <Layers fontSize="small" />,
  layerBase: <Map fontSize="small" />,
}

/**
 * Árvore de layers: what the map's layer manager shows — folders, order, radio groups,
 * visibility and opacity when the map opens. Saved whole (POST /api/mapconfig/layerlayout).
 */
export function TreeSection() {
  const { data } = useFullLayerTreeQuery(undefined, { refetchOnMountOrArgChange: true })
  const [save] = useSaveLayerTreeMutation()
  const act = useAct()
  const saved = useMemo(() => (data ?? []).map(toNode), [data])
  const [nodes, setNodes] = useState<Node[]>([])
  const [selected, setSelected] = useState<string | null>(null)
  useEffect(() => setNodes(saved), [saved])
  const dirty = JSON.stringify(nodes) !== JSON.stringify(saved)
  const current = selected ? find(nodes, selected) : undefined
  const inTree = useMemo(() => placed(nodes), [nodes])

  function change(work: (copy: Node[]) => void) {
    setNodes((all) => {
      const copy = clone(all)
      work(copy)
      return copy
    })
  }
  const moveBy = (key: string, by: number) =>
    change((copy) => {
      const at = locate(copy, key)!
      const to = at.index + by
      if (to < 0 || to >= at.list.length) return
      const [n] = at.list.splice(at.index, 1)
      at.list.splice(to, 0, n!)
    })
  const moveInto = (key: string, folder: string) =>
    change((copy) => {
      const at = locate(copy, key)!
      const [n] = at.list.splice(at.index, 1)
      const target = folder === '' ? copy : find(copy, folder)!.children
      target.push(n!)
    })
  const add = (item: Placeable) => {
    const key = `new${(counter += 1)}`
    const node: Node = {
      key,
      type: item.type,
      title: item.title,
      layer: item.type === 'layer' ? item.layer : null,
      baseLayerId: item.type === 'layerBase' ? item.baseLayerId : null,
      radioGroup: null,
      visibility: false,
      opacity: 255,
      children: [],
    }
    setNodes((all) => [...all, node])
    setSelected(key)
  }
  const edit = (key: string, changes: Partial<Node>) =>
    change((copy) => Object.assign(find(copy, key)!, changes))

  function row(n: Node, depth: number): React.ReactNode {
    const label = t('adm.tree.item', { type: t(`adm.tree.type.${n.type}`), title: n.title })
    return (
      <Box key={n.key}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            pl: 1 + depth * 3,
            py: 0.25,
            borderRadius: 1,
            bgcolor: selected === n.key ? 'action.selected' : undefined,
          }}
        >
          {ICONS[n.type]}
          <Button
            size="small"
            color="inherit"
            sx={{ textTransform: 'none', justifyContent: 'flex-start', flex: 1 }}
            aria-label={label}
            aria-pressed={selected === n.key}
            onClick={() => setSelected(n.key)}
          >
            {n.title}
            {n.radioGroup ? ` · (${n.radioGroup})` : ''}
          </Button>
          <IconButton
            size="small"
            aria-label={t('adm.moveUp', { name: n.title })}
            onClick={() => moveBy(n.key, -1)}
          >
            <ArrowUpward fontSize="small" />
          </IconButton>
          <IconButton
            size="small"
            aria-label={t('adm.moveDown', { name: n.title })}
            onClick={() => moveBy(n.key, 1)}
          >
            <ArrowDownward fontSize="small" />
          </IconButton>
        </Box>
        {n.children.map((c) => row(c, depth + 1))}
      </Box>
    )
  }

  return (
    <Box sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <SectionHeading title={t('dash.section.tree')} hint={t('adm.tree.hint')} />
        </Box>
        <Button
          onClick={() => {
            const key = `new${(counter += 1)}`
            setNodes((all) => [
              ...all,
              {
                key,
                type: 'folder',
                title: t('adm.tree.newFolderTitle'),
                radioGroup: null,
                visibility: true,
                opacity: 255,
                children: [],
              },
            ])
            setSelected(key)
          }}
        >
          {t('adm.tree.newFolder')}
        </Button>
        <Button disabled={!dirty} onClick={() => setNodes(saved)}>
          {t('adm.discard')}
        </Button>
        <Button
          variant="contained"
          disabled={!dirty}
          onClick={() => void act(() => save(nodes.map(toInput)).unwrap(), t('adm.tree.saved'))}
        >
          {t('adm.save')}
        </Button>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
        <Paper variant="outlined" sx={{ p: 1, minHeight: 200 }}>
          {nodes.map((n) => row(n, 0))}
        </Paper>
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
          <Paper
            variant="outlined"
            sx={{ p: 2 }}
            aria-label={t('adm.tree.properties')}
            component="section"
          >
            <Typography variant="subtitle1" component="h3" sx={{ mb: 2 }}>
              {t('adm.tree.properties')}
            </Typography>
            {!current ? (
              <Typography color="text.secondary">{t('adm.tree.selectNode')}</Typography>
            ) : (
              <Box sx={{ display: 'grid', gap: 2 }}>
                <TextField
                  label={t('adm.tree.title')}
                  value={current.title}
                  onChange={(e) => edit(current.key, { title: e.target.value })}
                />
                <TextField
                  select
                  label={t('adm.tree.folder')}
                  value={(() => {
                    const parent = folderOptions(nodes, current.key).find((f) =>
                      find(nodes, f.key)?.children.some((c) => c.key === current.key),
                    )
                    return parent?.key ?? ''
                  })()}
                  onChange={(e) => moveInto(current.key, e.target.value)}
                >
                  <MenuItem value="">{t('adm.layers.rootFolder')}</MenuItem>
                  {folderOptions(nodes, current.key).map((f) => (
                    <MenuItem key={f.key} value={f.key}>
                      {f.label}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  label={t('adm.tree.radioGroup')}
                  helperText={t('adm.tree.radioGroupHint')}
                  value={current.radioGroup ?? ''}
                  onChange={(e) => edit(current.key, { radioGroup: e.target.value || null })}
                />
                <FormControlLabel
                  label={t('adm.tree.visibility')}
                  control={
                    <Switch
                      checked={current.visibility}
                      onChange={(e) => edit(current.key, { visibility: e.target.checked })}
                    />
                  }
                />
                <Box>
                  <Typography variant="body2" id="tree-opacity">
                    {t('adm.tree.opacity', { value: opacityPercent(current.opacity) })}
                  </Typography>
                  <Slider
                    min={0}
                    max={255}
                    value={current.opacity}
                    aria-labelledby="tree-opacity"
                    getAriaValueText={(v) => `${opacityPercent(v)}%`}
                    onChange={(_, v) => edit(current.key, { opacity: v as number })}
                  />
                </Box>
                <Button
                  color="error"
                  startIcon={<Delete />}
                  onClick={() => {
                    change((copy) => {
                      const at = locate(copy, current.key)!
                      const [n] = at.list.splice(at.index, 1)
                      // A folder's content stays in the tree, where the folder was.
                      if (n!.type === 'folder') at.list.splice(at.index, 0, ...n!.children)
                    })
                    setSelected(null)
                  }}
                >
                  {current.type === 'folder' ? t('adm.tree.removeFolder') : t('adm.tree.remove')}
                </Button>
              </Box>
            )}
          </Paper>
          <TreeOutside layers={inTree.layers} bases={inTree.bases} onAdd={add} />
        </Box>
      </Box>
    </Box>
  )
}
