import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Dialog from '@mui/material/Dialog'
import DialogActions from '@mui/material/DialogActions'
import DialogContent from '@mui/material/DialogContent'
import DialogTitle from '@mui/material/DialogTitle'
import FormControlLabel from '@mui/material/FormControlLabel'
import Switch from '@mui/material/Switch'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import { t } from '@gis/shared/i18n'
import type { LayerRecord } from '@gis/shared'
import { geometryTypeLabel } from '@gis/shared/admin'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { toFailure } from '../../../../api/base-api'
import { failureMessage } from '../../common/failure'
import { useUpdateLayerMutation } from '../../layers-admin.api'
import { DisplayFieldSelect } from './DisplayFieldSelect'
import { DomainsTab } from './DomainsTab'
import { FieldsTab } from './FieldsTab'
import { draftOf, type Draft } from './layer-draft'
import { LayoutTab } from './LayoutTab'
import { StyleTab } from './StyleTab'

/**
 * The layer editor: GERAL (title, the field naming the features in lists, WFS), CAMPOS (order, titles, tooltips), LAYOUT (the form's
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
  const geometric = layer.geometryType !== 'TABULAR'
  // Style fields whose typed text does not parse: saving then would keep the last good value.
  const [problems, setProblems] = useState<Record<string, string>>({})
  const onProblem = (field: string, problem: string | null) =>
    setProblems(({ [field]: _old, ...rest }) => (problem ? { ...rest, [field]: problem } : rest))
  const tabProps = { draft, set, errors, onProblem }

  async function submit() {
    const problem = Object.values(problems)[0]
    if (problem) {
      setTab('style')
      enqueueSnackbar(problem, { variant: 'error' })
      return
    }
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
            geometry: geometryTypeLabel(layer.geometryType),
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
            <DisplayFieldSelect layer={layer} draft={draft} set={set} errors={errors} />
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
        {tab === 'fields' && <FieldsTab {...tabProps} />}
        {tab === 'layout' && <LayoutTab {...tabProps} />}
        {tab === 'domains' && <DomainsTab {...tabProps} />}
        {/* Kept mounted: a width typed wrong stays on screen (and blocks SALVAR) across tabs. */}
        {geometric && (
          <Box hidden={tab !== 'style'}>
            <StyleTab {...tabProps} layer={layer} />
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
