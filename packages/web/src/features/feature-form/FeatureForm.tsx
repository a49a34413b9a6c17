import Search from '@mui/icons-material/Search'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Button from '@mui/material/Button'
import Grid from '@mui/material/Grid'
import InputAdornment from '@mui/material/InputAdornment'
import Tab from '@mui/material/Tab'
import Tabs from '@mui/material/Tabs'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { Feature, LayerDescription, MessageKey } from '@gis/shared'
import { featureFormSchema } from '@gis/shared/features'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { toFailure } from '../../api/base-api'
import { useAppDispatch } from '../../app/store'
import { useBusy } from '../../app/use-busy'
import { SchemaForm, showServerErrors, useSchemaForm } from '../../components/form'
import { schemaResolver } from '../../components/form/schema-resolver'
import { useGetPermissionsQuery } from '../../api/session.api'
import {
  featureInfoApi,
  useDeleteFeatureMutation,
  useGetAttachmentsQuery,
  useGetFeatureAttributesQuery,
  useInsertFeatureMutation,
  useUndeleteFeatureMutation,
  useUpdateFeatureMutation,
} from '../feature-info/feature-info.api'
import { AttachmentPickerDialog } from './AttachmentPickerDialog'
import { AttributeInput } from './AttributeInput'
import { BusyOverlay } from './BusyOverlay'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ConflictDialog, type ConflictRow } from './ConflictDialog'
import { useSubmittedNotice } from '../approvals'
import {
  changedAttributes,
  formFields,
  formGroups,
  initialTexts,
  type FormField,
} from './form-fields'

type Texts = Record<string, string>

interface Base {
  version: string | undefined
  texts: Texts
}

export interface FeatureFormProps {
  layer: LayerDescription
  /** The feature to edit; without it the form inserts a new one (the geometry editor). */
  feature?: Feature
  /** The geometry of a new feature (WKT, EPSG:4326), drawn by the geometry editor. */
  geometry?: string | null
  onInserted?: (feature: Feature) => void
  onDeleted?: (feature: Feature) => void
  onReactivated?: (feature: Feature) => void
}

const FILTER_DELAY_MS = 300

/**
 * The attribute form (spec 1 sections 2, 4, 5; spec 3 section 5): a vertical tab per layout
 * group plus Todos, 'Procurar atributo', inputs per type on a 12/6/4 grid, and EXCLUIR,
 * REATIVAR and SALVAR as permissions and the deletion state allow. Only the changed fields
 * are sent, with the version loaded; a newer version on the server opens the conflict dialog
 * and loses nothing. Without a feature it inserts (its Salvar creates the feature).
 */
export function FeatureForm({
  layer,
  feature,
  geometry,
  onInserted,
  onDeleted,
  onReactivated,
}: FeatureFormProps) {
  const insert = !feature
  const ref = feature ? { layer: layer.name, id: feature.id } : undefined
  const dispatch = useAppDispatch()
  const busy = useBusy()
  const submittedNotice = useSubmittedNotice()
  const { enqueueSnackbar } = useSnackbar()
  const permissions = useGetPermissionsQuery().data
  const perms = permissions?.layers[layer.name]
  const { data: attributes } = useGetFeatureAttributesQuery(layer.name)
  const fields = useMemo(() => formFields(layer, attributes), [layer, attributes])
  const groups = useMemo(() => formGroups(layer, fields), [layer, fields])
  const canRead = Boolean(perms?.readFeatureAttachment)
  const { data: files } = useGetAttachmentsQuery(ref ?? { layer: '', id: 0 }, {
    skip: !ref || !canRead || !fields.some((f) => f.attachment),
  })
  const [updateFeature] = useUpdateFeatureMutation()
  const [insertFeature] = useInsertFeatureMutation()
  const [deleteFeature] = useDeleteFeatureMutation()
  const [undeleteFeature] = useUndeleteFeatureMutation()

  const deleted = feature?.attributes.d_e_l_e_t_ === true
  const editable = insert
    ? Boolean(perms?.createFeature)
    : Boolean(perms?.updateFeature) && !deleted
  const readOnly = !editable || !layer.queryable

  const resolver = useMemo(
    () => schemaResolver<Texts>(featureFormSchema(fields.filter((f) => !f.system))),
    [fields],
  )
  // The version the form's values come from, and its texts: changes are counted against it
  // and saved from it. A newer feature (Atualizar, another window's edit) replaces it only
  // while the user has changed nothing, so edits are never lost.
  const [base, setBase] = useState<Base>(() => ({
    version: feature?.version,
    texts: initialTexts(fields, feature?.attributes),
  }))
  const form = useSchemaForm<Texts>({ resolver, defaultValues: base.texts })
  const values = useWatch({ control: form.control }) as Texts
  const changes = changedAttributes(fields, base.texts, { ...base.texts, ...values })
  const changedCount = Object.keys(changes).length
  const dirty = useRef(false)
  dirty.current = changedCount > 0

  function load(next: Base, texts = next.texts) {
    setBase(next)
    form.reset(texts)
  }

  useEffect(() => {
    if (!feature || feature.version === base.version || dirty.current) return
    load({ version: feature.version, texts: initialTexts(fields, feature.attributes) })
  }, [feature])

  const [group, setGroup] = useState(0)
  const [filterText, setFilterText] = useState('')
  const [filter, setFilter] = useState('')
  useEffect(() => {
    const timer = window.setTimeout(
      () => setFilter(filterText.trim().toLowerCase()),
      FILTER_DELAY_MS,
    )
    return () => window.clearTimeout(timer)
  }, [filterText])
  const shown = (groups[group] ?? groups[0]!).fields.filter(
    (f) => !filter || f.title.toLowerCase().includes(filter) || f.name.includes(filter),
  )

  const [overlay, setOverlay] = useState<string | null>(null)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [conflict, setConflict] = useState<{
    rows: ConflictRow[]
    current: Feature
    mine: Record<string, unknown>
  } | null>(null)
  const [picker, setPicker] = useState<FormField | null>(null)

  async function locked<T>(key: MessageKey, work: () => Promise<T>): Promise<T> {
    setOverlay(t(key))
    try {
      return await busy(work)
    } finally {
      setOverlay(null)
    }
  }

  function showAllFields() {
    setGroup(0)
    setFilterText('')
    setFilter('')
  }

  async function save(texts: Texts, from: Base = base) {
    if (!feature || !ref || from.version === undefined) return
    const attributes = changedAttributes(fields, from.texts, texts)
    const result = await locked('features.saving', () =>
      updateFeature({ ...ref, body: { version: from.version!, attributes } })
        .unwrap()
        .then(
          (saved) => ({ saved }),
          (error: unknown) => ({ error: toFailure(error) }),
        ),
    )
    if ('saved' in result) {
      // A moderated user's change went to review: the form shows the feature as it still is.
      if (submittedNotice(ref, result.saved)) return load(from)
      load({ version: result.saved.version, texts: initialTexts(fields, result.saved.attributes) })
      enqueueSnackbar(t('features.saved'), { variant: 'success' })
      return
    }
    const failure = result.error
    if (failure.status === 409) {
      const current = await dispatch(
        featureInfoApi.endpoints.getFeature.initiate(ref, { forceRefetch: true, subscribe: false }),
      ).unwrap()
      setConflict({
        current,
        mine: attributes,
        rows: Object.entries(attributes).map(([name, mine]) => ({
          field: fields.find((f) => f.name === name)!,
          mine,
          current: current.attributes[name],
        })),
      })
      return
    }
    if (failure.status === 400 && showServerErrors(form, failure)) showAllFields()
    enqueueSnackbar(
      failure.status === 400 || failure.status === 403 ? failure.message : t('features.saveFailed'),
      { variant: 'error' },
    )
  }

  async function create(texts: Texts) {
    if (layer.geometryType !== 'TABULAR' && !geometry) {
      enqueueSnackbar(t('features.nothingDrawn'), { variant: 'warning' })
      return
    }
    const attributes = changedAttributes(fields, initialTexts(fields, undefined), texts)
    const result = await locked('features.saving', () =>
      insertFeature({ layer: layer.name, body: { attributes, geom: geometry ?? null } })
        .unwrap()
        .then(
          (saved) => ({ saved }),
          (error: unknown) => ({ error: toFailure(error) }),
        ),
    )
    if ('saved' in result) {
      if (submittedNotice(undefined, result.saved)) return
      enqueueSnackbar(t('features.saved'), { variant: 'success' })
      onInserted?.(result.saved)
      return
    }
    if (result.error.status === 400) {
      if (showServerErrors(form, result.error)) showAllFields()
      enqueueSnackbar(t('features.validationErrors'), { variant: 'error' })
    } else {
      enqueueSnackbar(
        result.error.status === 403 ? result.error.message : t('features.insertFailed'),
        { variant: 'error' },
      )
    }
  }

  async function remove() {
    setConfirmDelete(false)
    if (!feature || !ref) return
    const result = await locked('features.deleting', () => deleteFeature(ref))
    if ('data' in result && submittedNotice(ref, result.data)) return
    if ('data' in result && result.data) {
      enqueueSnackbar(t('features.deletedOk', { layer: layer.title }), { variant: 'success' })
      onDeleted?.(result.data)
    } else {
      enqueueSnackbar(t('features.deleteFailed', { id: feature.id }), { variant: 'error' })
    }
  }

  async function reactivate() {
    if (!feature || !ref) return
    const result = await locked('features.reactivating', () => undeleteFeature(ref))
    if ('data' in result && result.data) {
      enqueueSnackbar(t('features.undeletedOk', { layer: layer.title }), { variant: 'success' })
      onReactivated?.(result.data)
    } else {
      enqueueSnackbar(t('features.undeleteFailed', { id: feature.id }), { variant: 'error' })
    }
  }

  const attachmentName = (value: string) =>
    files?.rows.find((a) => String(a.id) === value)?.filename

  const notice = !layer.queryable
    ? t('layers.notQueryable')
    : insert && perms && !perms.createFeature
      ? t('features.noCreatePermission')
      : !insert && perms && !perms.updateFeature
        ? t('features.noEditPermission')
        : undefined

  return (
    <Box
      sx={{ position: 'relative', display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
    >
      <SchemaForm
        form={form}
        id={`feature-form-${layer.name}-${feature?.id ?? 'new'}`}
        onSubmit={(texts) => (insert ? create(texts) : save(texts))}
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', md: 'row' },
          gap: 2,
          flex: 1,
          minHeight: 0,
        }}
      >
        <Tabs
          orientation="vertical"
          variant="scrollable"
          value={Math.min(group, groups.length - 1)}
          onChange={(_e, v: number) => setGroup(v)}
          aria-label={t('features.form.groups')}
          sx={{
            display: { xs: 'none', md: 'flex' },
            borderRight: 1,
            borderColor: 'divider',
            minWidth: 170,
            '& .MuiTab-root': { alignItems: 'flex-start', textAlign: 'left', minHeight: 40 },
          }}
        >
          {groups.map((g, i) => (
            <Tab key={`${g.title}-${i}`} label={g.title} value={i} />
          ))}
        </Tabs>
        <Tabs
          variant="scrollable"
          scrollButtons="auto"
          value={Math.min(group, groups.length - 1)}
          onChange={(_e, v: number) => setGroup(v)}
          aria-label={t('features.form.groups')}
          sx={{ display: { xs: 'flex', md: 'none' }, borderBottom: 1, borderColor: 'divider' }}
        >
          {groups.map((g, i) => (
            <Tab key={`${g.title}-${i}`} label={g.title} value={i} />
          ))}
        </Tabs>
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
          {notice && <Alert severity="info">{notice}</Alert>}
          <TextField
            label={t('features.form.searchAttribute')}
            value={filterText}
            onChange={(e) => setFilterText(e.target.value)}
            sx={{ maxWidth: { sm: 360 } }}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <Search fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Grid container spacing={2} sx={{ pt: 0.5 }}>
            {shown.map((f) => (
              <Grid key={f.name} size={{ xs: 12, md: 6, lg: 4 }}>
                <AttributeInput
                  field={f}
                  readOnly={readOnly || f.system}
                  attachmentLabel={attachmentName}
                  onPickAttachment={(field) => {
                    if (insert) enqueueSnackbar(t('features.createFirst'), { variant: 'warning' })
                    else setPicker(field)
                  }}
                />
              </Grid>
            ))}
          </Grid>
          {shown.length === 0 && (
            <Typography color="text.secondary">{t('features.form.noAttribute')}</Typography>
          )}
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              alignItems: 'center',
              justifyContent: 'flex-end',
              borderTop: 1,
              borderColor: 'divider',
              pt: 2,
              mt: 'auto',
            }}
          >
            {!insert && changedCount > 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ mr: 'auto' }}>
                {t('features.form.changed', { count: changedCount })}
              </Typography>
            )}
            {!insert && perms?.deleteFeature && !deleted && (
              <Button
                color="error"
                variant="outlined"
                disabled={!layer.queryable}
                onClick={() => setConfirmDelete(true)}
              >
                {t('features.form.delete')}
              </Button>
            )}
            {!insert && perms?.updateFeature && deleted && (
              <Button
                variant="outlined"
                disabled={!layer.queryable}
                onClick={() => void reactivate()}
              >
                {t('features.form.reactivate')}
              </Button>
            )}
            {insert ? (
              <Button type="submit" variant="contained" disabled={readOnly}>
                {t('features.form.insert')}
              </Button>
            ) : (
              perms?.updateFeature &&
              !deleted && (
                <Button type="submit" variant="contained" disabled={readOnly || changedCount === 0}>
                  {t('features.form.save')}
                </Button>
              )
            )}
          </Box>
        </Box>
      </SchemaForm>
      <BusyOverlay text={overlay} />
      <ConfirmDialog
        open={confirmDelete}
        title={t('features.form.deleteConfirmTitle')}
        text={t('features.form.deleteConfirm', { id: feature?.id ?? '', layer: layer.title })}
        confirmLabel={t('features.form.confirmDelete')}
        cancelLabel={t('features.form.cancel')}
        danger
        onConfirm={() => void remove()}
        onClose={() => setConfirmDelete(false)}
      />
      <ConflictDialog
        open={conflict !== null}
        rows={conflict?.rows ?? []}
        onDiscard={() => {
          if (conflict) {
            const current = conflict.current
            load({ version: current.version, texts: initialTexts(fields, current.attributes) })
          }
          setConflict(null)
        }}
        onKeepMine={() => {
          if (!conflict) return
          // The current version, with only the user's own changes on top: whatever the other
          // person changed elsewhere stays.
          const { current, mine } = conflict
          const from = { version: current.version, texts: initialTexts(fields, current.attributes) }
          const merged = { ...from.texts }
          for (const name of Object.keys(mine)) merged[name] = form.getValues(name) ?? ''
          setConflict(null)
          load(from, merged)
          void save(merged, from)
        }}
      />
      <AttachmentPickerDialog
        open={picker !== null}
        title={picker?.title ?? ''}
        attachments={files?.rows ?? []}
        value={picker ? (values[picker.name] ?? '') : ''}
        photosOnly={picker?.attachment === 'photo'}
        onClose={() => setPicker(null)}
        onPick={(value) => {
          if (picker) form.setValue(picker.name, value, { shouldDirty: true })
          setPicker(null)
        }}
      />
    </Box>
  )
}
