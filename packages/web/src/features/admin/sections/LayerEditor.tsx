import Add from '@mui/icons-material/Add'
import ArrowDownward from '@mui/icons-material/ArrowDownward'
import ArrowUpward from '@mui/icons-material/ArrowUpward'
import Close from '@mui/icons-material/Close'
import Delete from '@mui/icons-material/Delete'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Checkbox from '@mui/material/Checkbox'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import IconButton from '@mui/material/IconButton'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Switch from '@mui/material/Switch'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import { t } from '@gis/shared/i18n'
import type { LayerDomain, LayerRecord, LayerStyle, LayerUpdate } from '@gis/shared'
import { useSnackbar } from 'notistack'
import { useEffect, useState } from 'react'
import { toFailure } from '../../../api/base-api'
import { failureMessage } from '../common/failure'
import { useLegendPreviewQuery, useUpdateLayerMutation } from '../layers-admin.api'

type Draft = LayerUpdate

function draftOf(layer: LayerRecord): Draft {
  return {
    title: layer.title,
    queryable: layer.queryable,
    attributes: layer.attributes.map((a) => ({ name: a.name, title: a.title, tooltip: a.tooltip })),
    layout: layer.layout.map((g) => ({ title: g.title, fields: g.fields.map((f) => ({ ...f })) })),
    domains: { ...layer.domains },
    style: layer.style,
  }
}

function move<T>(list: T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return list
  const copy = [...list]
  const [item] = copy.splice(from, 1)
  copy.splice(to, 0, item!)
  return copy
}

/** The style's preview, drawn by the server as the legend will be, 400 ms after a change. */
function LegendPreview({
  layer,
  title,
  style,
}: {
  layer: LayerRecord
  title: string
  style: LayerStyle
}) {
  const [args, setArgs] = useState({ title, geometryType: layer.geometryType, style })
  useEffect(() => {
    const timer = window.setTimeout(
      () => setArgs({ title, geometryType: layer.geometryType, style }),
      400,
    )
    return () => window.clearTimeout(timer)
  }, [title, style, layer.geometryType])
  const { data } = useLegendPreviewQuery(args)
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 200 }}>
      <Typography variant="subtitle2" gutterBottom>
        {t('adm.layers.legendPreview')}
      </Typography>
      {data && <img src={data.image} alt={t('adm.layers.legendAlt', { title })} />}
    </Paper>
  )
}

function ColorField({
  label,
  value,
  onChange,
}: {
  label: string
  value: string | undefined
  onChange: (v: string) => void
}) {
  return (
    <TextField
      type="color"
      label={label}
      value={(value ?? '#3388ff').slice(0, 7)}
      onChange={(e) => onChange(e.target.value)}
      fullWidth
    />
  )
}

/**
 * The layer editor: GERAL (title, WFS), CAMPOS (order, titles, tooltips), LAYOUT (the form's
 * groups), DOMÍNIOS (value lists, file and photo fields) and ESTILO with a live legend.
 */
export function LayerEditor({ layer, onClose }: { layer: LayerRecord; onClose: () => void }) {
  const theme = useTheme()
  const phone = useMediaQuery(theme.breakpoints.down('sm'))
  const [tab, setTab] = useState('general')
  const [draft, setDraft] = useState<Draft>(() => draftOf(layer))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [save, { isLoading }] = useUpdateLayerMutation()
  const { enqueueSnackbar } = useSnackbar()
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }))
  const userFields = draft.attributes.filter((a) => !['geom', 'd_e_l_e_t_'].includes(a.name))
  const inLayout = new Set(draft.layout.flatMap((g) => g.fields.map((f) => f.name)))
  const geometric = layer.geometryType !== 'TABULAR'
  const isPoint = layer.geometryType === 'point' || layer.geometryType === 'multipoint'

  async function submit() {
    setErrors({})
    try {
      await save({ id: layer.id, layer: draft }).unwrap()
      enqueueSnackbar(t('adm.saved'), { variant: 'success' })
      onClose()
    } catch (err) {
      const f = toFailure(err)
      setErrors(Object.fromEntries(f.errors.map((e) => [e.field, e.message])))
      enqueueSnackbar(f.status === 400 && f.errors[0] ? f.errors[0].message : failureMessage(err), {
        variant: 'error',
      })
    }
  }

  const setAttr = (name: string, changes: { title?: string; tooltip?: string }) =>
    set({ attributes: draft.attributes.map((a) => (a.name === name ? { ...a, ...changes } : a)) })
  const setGroup = (i: number, group: Draft['layout'][number]) =>
    set({ layout: draft.layout.map((g, j) => (j === i ? group : g)) })
  const setDomain = (name: string, domain: LayerDomain | null) => {
    const domains = { ...draft.domains }
    if (domain) domains[name] = domain
    else delete domains[name]
    set({ domains })
  }
  const style = draft.style
  const setStyle = (changes: Partial<LayerStyle>) => set({ style: { ...style, ...changes } })

  return (
    <Dialog
      open
      onClose={isLoading ? undefined : onClose}
      maxWidth="lg"
      fullWidth
      fullScreen={phone}
    >
      <DialogTitle>
        {layer.title}
        <Typography variant="body2" color="text.secondary">
          {t('adm.layers.info', {
            name: layer.name,
            table: layer.table,
            geometry: layer.geometryType,
          })}
        </Typography>
      </DialogTitle>
      <Tabs
        value={tab}
        onChange={(_, v: string) => setTab(v)}
        variant="scrollable"
        sx={{ px: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="general" label={t('adm.layers.tabGeneral')} />
        <Tab value="fields" label={t('adm.layers.tabFields')} />
        <Tab value="layout" label={t('adm.layers.tabLayout')} />
        <Tab value="domains" label={t('adm.layers.tabDomains')} />
        {geometric && <Tab value="style" label={t('adm.layers.tabStyle')} />}
      </Tabs>
      <DialogContent sx={{ minHeight: 420 }}>
        {tab === 'general' && (
          <Box sx={{ display: 'grid', gap: 2, maxWidth: 520, pt: 1 }}>
            <TextField
              label={t('adm.layers.title')}
              required
              value={draft.title}
              onChange={(e) => set({ title: e.target.value })}
              error={Boolean(errors.title)}
              helperText={errors.title}
            />
            <FormControlLabel
              label={t('adm.layers.queryable')}
              control={
                <Switch
                  checked={draft.queryable}
                  onChange={(e) => set({ queryable: e.target.checked })}
                />
              }
            />
          </Box>
        )}
        {tab === 'fields' && (
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
        )}
        {tab === 'layout' && (
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('adm.layers.layoutHint')}
            </Typography>
            {draft.layout.map((g, i) => (
              <Paper key={i} variant="outlined" sx={{ p: 2, mb: 2 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
                  <TextField
                    size="small"
                    label={t('adm.layers.groupTitleOf', { n: i + 1 })}
                    value={g.title}
                    onChange={(e) => setGroup(i, { ...g, title: e.target.value })}
                    error={Boolean(errors[`layout.${i}.title`])}
                    helperText={errors[`layout.${i}.title`]}
                  />
                  <TextField
                    select
                    size="small"
                    label={t('adm.layers.addField', { title: g.title })}
                    value=""
                    sx={{ minWidth: 220 }}
                    onChange={(e) => {
                      const a = draft.attributes.find((x) => x.name === e.target.value)
                      if (a)
                        setGroup(i, {
                          ...g,
                          fields: [...g.fields, { name: a.name, title: a.title, visible: true }],
                        })
                    }}
                  >
                    {userFields
                      .filter((a) => !inLayout.has(a.name))
                      .map((a) => (
                        <MenuItem key={a.name} value={a.name}>
                          {a.title} ({a.name})
                        </MenuItem>
                      ))}
                  </TextField>
                  <Box sx={{ flex: 1 }} />
                  <IconButton
                    aria-label={t('adm.layers.removeGroup', { title: g.title })}
                    onClick={() => set({ layout: draft.layout.filter((_, j) => j !== i) })}
                  >
                    <Delete />
                  </IconButton>
                </Box>
                {g.fields.length === 0 && (
                  <Typography variant="body2" color="text.secondary">
                    {t('adm.layers.emptyGroup')}
                  </Typography>
                )}
                {g.fields.map((f, k) => (
                  <Box key={f.name} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <Box sx={{ flex: 1 }}>
                      {draft.attributes.find((a) => a.name === f.name)?.title ?? f.name}
                    </Box>
                    <FormControlLabel
                      label={t('adm.layers.visible')}
                      control={
                        <Checkbox
                          size="small"
                          checked={f.visible}
                          onChange={(e) =>
                            setGroup(i, {
                              ...g,
                              fields: g.fields.map((x, j) =>
                                j === k ? { ...x, visible: e.target.checked } : x,
                              ),
                            })
                          }
                          slotProps={{
                            input: { 'aria-label': t('adm.layers.visibleOf', { name: f.name }) },
                          }}
                        />
                      }
                    />
                    <IconButton
                      size="small"
                      aria-label={t('adm.moveUp', { name: f.name })}
                      disabled={k === 0}
                      onClick={() => setGroup(i, { ...g, fields: move(g.fields, k, k - 1) })}
                    >
                      <ArrowUpward fontSize="small" />
                    </IconButton>
                    <IconButton
                      size="small"
                      aria-label={t('adm.layers.removeField', { name: f.name })}
                      onClick={() =>
                        setGroup(i, { ...g, fields: g.fields.filter((_, j) => j !== k) })
                      }
                    >
                      <Close fontSize="small" />
                    </IconButton>
                  </Box>
                ))}
              </Paper>
            ))}
            <Button
              startIcon={<Add />}
              onClick={() =>
                set({
                  layout: [
                    ...draft.layout,
                    {
                      title: t('adm.layers.defaultGroupTitle', { n: draft.layout.length + 1 }),
                      fields: [],
                    },
                  ],
                })
              }
            >
              {t('adm.layers.newGroup')}
            </Button>
          </Box>
        )}
        {tab === 'domains' && (
          <Box>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('adm.layers.domainsHint')}
            </Typography>
            {userFields
              .filter((a) => !['id', 'uuid', 'm_o_d_i_f_'].includes(a.name))
              .map((a) => {
                const d = draft.domains[a.name]
                return (
                  <Box key={a.name} sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
                    <TextField
                      select
                      size="small"
                      sx={{ width: 240 }}
                      label={t('adm.layers.domainType', { name: a.title })}
                      value={d?.type ?? ''}
                      onChange={(e) =>
                        setDomain(
                          a.name,
                          e.target.value
                            ? {
                                title: a.title,
                                type: e.target.value as LayerDomain['type'],
                                values: d?.values ?? [],
                              }
                            : null,
                        )
                      }
                    >
                      <MenuItem value="">{t('adm.layers.domainNone')}</MenuItem>
                      <MenuItem value="selectable">{t('adm.layers.domainSelectable')}</MenuItem>
                      <MenuItem value="file">{t('adm.layers.domainFile')}</MenuItem>
                      <MenuItem value="photo">{t('adm.layers.domainPhoto')}</MenuItem>
                    </TextField>
                    {d?.type === 'selectable' && (
                      <TextField
                        size="small"
                        sx={{ flex: 1, minWidth: 240 }}
                        label={t('adm.layers.domainValues', { name: a.title })}
                        helperText={errors[`domains.${a.name}`] ?? 'a; b; c'}
                        error={Boolean(errors[`domains.${a.name}`])}
                        defaultValue={d.values.join('; ')}
                        onBlur={(e) =>
                          setDomain(a.name, {
                            ...d,
                            values: e.target.value
                              .split(';')
                              .map((v) => v.trim())
                              .filter(Boolean),
                          })
                        }
                      />
                    )}
                  </Box>
                )
              })}
          </Box>
        )}
        {tab === 'style' && geometric && (
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start', pt: 1 }}>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 220px)' },
              }}
            >
              {layer.geometryType.includes('polygon') || isPoint ? (
                <ColorField
                  label={t('adm.layers.styleFill')}
                  value={style.fill}
                  onChange={(fill) => setStyle({ fill })}
                />
              ) : null}
              <ColorField
                label={t('adm.layers.styleStroke')}
                value={style.stroke?.color}
                onChange={(color) =>
                  setStyle({ stroke: { width: style.stroke?.width ?? 2, color } })
                }
              />
              <TextField
                type="number"
                label={t('adm.layers.styleStrokeWidth')}
                value={style.stroke?.width ?? 2}
                slotProps={{ htmlInput: { min: 0, max: 20, step: 0.5 } }}
                onChange={(e) =>
                  setStyle({
                    stroke: {
                      color: style.stroke?.color ?? '#3388ff',
                      width: Math.max(0, Math.min(20, Number(e.target.value) || 0)),
                    },
                  })
                }
              />
              {isPoint && (
                <>
                  <TextField
                    select
                    label={t('adm.layers.stylePointShape')}
                    value={style.point?.shape ?? 'circle'}
                    onChange={(e) =>
                      setStyle({
                        point: {
                          radius: style.point?.radius ?? 6,
                          shape: e.target.value as 'circle' | 'square' | 'triangle',
                        },
                      })
                    }
                  >
                    <MenuItem value="circle">{t('adm.layers.shape.circle')}</MenuItem>
                    <MenuItem value="square">{t('adm.layers.shape.square')}</MenuItem>
                    <MenuItem value="triangle">{t('adm.layers.shape.triangle')}</MenuItem>
                  </TextField>
                  <TextField
                    type="number"
                    label={t('adm.layers.stylePointRadius')}
                    value={style.point?.radius ?? 6}
                    slotProps={{ htmlInput: { min: 1, max: 30 } }}
                    onChange={(e) =>
                      setStyle({
                        point: {
                          shape: style.point?.shape ?? 'circle',
                          radius: Math.max(1, Math.min(30, Number(e.target.value) || 1)),
                        },
                      })
                    }
                  />
                </>
              )}
              <TextField
                select
                label={t('adm.layers.styleLabelField')}
                value={style.label?.attribute ?? ''}
                onChange={(e) =>
                  setStyle({
                    label: e.target.value
                      ? { ...style.label, attribute: e.target.value }
                      : undefined,
                  })
                }
              >
                <MenuItem value="">{t('adm.layers.styleNoLabel')}</MenuItem>
                {userFields.map((a) => (
                  <MenuItem key={a.name} value={a.name}>
                    {a.title}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            <LegendPreview layer={layer} title={draft.title} style={style} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          {t('adm.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          {t('adm.save')}
        </Button>
      </DialogActions>
    </Dialog>
  )
}
