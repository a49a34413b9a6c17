import Box from '@mui/material/Box'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import Typography from '@mui/material/Typography'
import useMediaQuery from '@mui/material/useMediaQuery'
import { useTheme } from '@mui/material/styles'
import { t } from '@gis/shared/i18n'
import type { LayerRecord } from '@gis/shared'
import { geometryTypeLabel, layerUpdateSchema, type LayerUpdate } from '@gis/shared/admin'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import type { FieldErrors } from 'react-hook-form'
import { toFailure } from '../../../../api/base-api'
import {
  failureMessage,
  FormDialog,
  FormSwitch,
  FormTextField,
  schemaResolver,
  showServerErrors,
  useSchemaForm,
} from '../../../../components/form'
import { useUpdateLayerMutation } from '../../layers-admin.api'
import { DisplayFieldSelect } from './DisplayFieldSelect'
import { DomainsTab } from './DomainsTab'
import { FieldsTab } from './FieldsTab'
import { draftOf, type Draft } from './layer-draft'
import { LayoutTab } from './LayoutTab'
import { StyleTab } from './StyleTab'

/** GERAL: the form of the editor; the other tabs edit lists and structures of the draft. */
type General = Pick<LayerUpdate, 'title' | 'queryable' | 'displayField' | 'public'>

const generalResolver = schemaResolver<General>(
  layerUpdateSchema.pick({ title: true, queryable: true, displayField: true, public: true }),
)

/**
 * The layer editor: GERAL (title, the field naming the features in lists, WFS, public tiles), CAMPOS (order, titles, tooltips), LAYOUT (the form's
 * groups), DOMÍNIOS (value lists, file and photo fields) and ESTILO with a live legend.
 */
export function LayerEditor({ layer, onClose }: { layer: LayerRecord; onClose: () => void }) {
  const theme = useTheme()
  const phone = useMediaQuery(theme.breakpoints.down('sm'))
  const [tab, setTab] = useState('general')
  const [draft, setDraft] = useState<Draft>(() => draftOf(layer))
  const form = useSchemaForm<General>({
    resolver: generalResolver,
    defaultValues: {
      title: draft.title,
      queryable: draft.queryable,
      displayField: draft.displayField,
      public: draft.public,
    },
  })
  const title = form.watch('title')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [save] = useUpdateLayerMutation()
  const { enqueueSnackbar } = useSnackbar()
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }))
  const geometric = layer.geometryType !== 'TABULAR'
  // Style fields whose typed text does not parse: saving then would keep the last good value.
  const [problems, setProblems] = useState<Record<string, string>>({})
  const onProblem = (field: string, problem: string | null) =>
    setProblems(({ [field]: _old, ...rest }) => (problem ? { ...rest, [field]: problem } : rest))
  const tabProps = { draft, set, errors, onProblem }

  async function submit(general: General) {
    const problem = Object.values(problems)[0]
    if (problem) {
      setTab('style')
      enqueueSnackbar(problem, { variant: 'error' })
      return
    }
    setErrors({})
    try {
      await save({ id: layer.id, layer: { ...draft, ...general } }).unwrap()
      enqueueSnackbar(t('adm.saved'), { variant: 'success' })
      onClose()
    } catch (err) {
      const f = toFailure(err)
      setErrors(Object.fromEntries(f.errors.map((e) => [e.field, e.message])))
      showServerErrors(form, f)
      enqueueSnackbar(f.status === 400 && f.errors[0] ? f.errors[0].message : failureMessage(err), {
        variant: 'error',
      })
    }
  }
  // A GERAL field in error: its message as the server's would be, under the field and as a toast.
  const invalid = (errors: FieldErrors<General>) => {
    const message = Object.values(errors)[0]?.message
    if (message) enqueueSnackbar(message, { variant: 'error' })
  }

  return (
    <FormDialog
      maxWidth="lg"
      fullScreen={phone}
      contentSx={{ minHeight: 420 }}
      title={
        <>
          {layer.title}
          <Typography variant="body2" color="text.secondary">
            {t('adm.layers.info', {
              name: layer.name,
              table: layer.table,
              geometry: geometryTypeLabel(layer.geometryType),
            })}
          </Typography>
        </>
      }
      header={
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
      }
      form={form}
      formId="layer-editor-form"
      formSx={tab === 'general' ? { display: 'grid', gap: 2, maxWidth: 520, pt: 1 } : undefined}
      onSubmit={submit}
      onInvalid={invalid}
      onClose={onClose}
      submitLabel={t('adm.save')}
      below={
        <>
          {tab === 'fields' && <FieldsTab {...tabProps} />}
          {tab === 'layout' && <LayoutTab {...tabProps} />}
          {tab === 'domains' && <DomainsTab {...tabProps} />}
          {/* Kept mounted: a width typed wrong stays on screen (and blocks SALVAR) across tabs. */}
          {geometric && (
            <Box hidden={tab !== 'style'}>
              <StyleTab {...tabProps} draft={{ ...draft, title }} layer={layer} />
            </Box>
          )}
        </>
      }
    >
      {tab === 'general' && (
        <>
          <FormTextField name="title" label={t('adm.layers.title')} required />
          <DisplayFieldSelect layer={layer} draft={draft} />
          <FormSwitch name="queryable" label={t('adm.layers.queryable')} />
          {geometric && <FormSwitch name="public" label={t('adm.layers.public')} />}
        </>
      )}
    </FormDialog>
  )
}
