import Search from '@mui/icons-material/Search'
import Alert from '@mui/material/Alert'
import Box from '@mui/material/Box'
import Grid from '@mui/material/Grid'
import InputAdornment from '@mui/material/InputAdornment'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import type { Feature, LayerDescription } from '@gis/shared'
import { featureFormSchema } from '@gis/shared/features'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { toFailure } from '../../api/base-api'
import { useAppDispatch } from '../../app/store'
import { SchemaForm, showServerErrors, useSchemaForm } from '../../components/form'
import { schemaResolver } from '../../components/form/schema-resolver'
import { useGetPermissionsQuery } from '../../api/session.api'
import {
  featureInfoApi,
  useGetAttachmentsQuery,
  useGetFeatureAttributesQuery,
  useInsertFeatureMutation,
  useUpdateFeatureMutation,
} from '../feature-info/feature-info.api'
import { AttachmentPickerDialog } from './AttachmentPickerDialog'
import { AttributeInput } from './AttributeInput'
import { BusyOverlay } from './BusyOverlay'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ConflictDialog, conflictOf, type Conflict } from './ConflictDialog'
import { FormActions } from './FormActions'
import { GeometryField } from './GeometryField'
import { GroupTabs } from './GroupTabs'
import { useDeleteReactivate } from './use-delete-reactivate'
import { useExternalGeometry } from './use-external-geometry'
import { useFieldFilter } from './use-field-filter'
import { useLocked } from './use-locked'
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
  /** The geometry as loaded (WKT, EPSG:4326). */
  geom: string | null
}

export interface FeatureFormProps {
  layer: LayerDescription
  /** The feature to edit; without it the form inserts a new one (the geometry editor). */
  feature?: Feature
  /** The geometry of a new feature (WKT, EPSG:4326), drawn by the geometry editor. */
  geometry?: string | null
  onInserted?: (feature: Feature) => void
  /** A moderated user's new feature went to review instead (nothing was inserted). */
  onSubmitted?: () => void
  onDeleted?: (feature: Feature) => void
  onReactivated?: (feature: Feature) => void
  /** The form sits beside the map's geometry editor: no 'Editar no mapa' on its geometry. */
  geometryOnMap?: boolean
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
  onSubmitted,
  onDeleted,
  onReactivated,
  geometryOnMap = false,
}: FeatureFormProps) {
  const insert = !feature
  const ref = feature ? { layer: layer.name, id: feature.id } : undefined
  const dispatch = useAppDispatch()
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
  const [base, setBase] = useState<Base>(() => baseOf(fields, feature))
  const form = useSchemaForm<Texts>({ resolver, defaultValues: base.texts })
  const values = useWatch({ control: form.control }) as Texts
  const changes = changedAttributes(fields, base.texts, { ...base.texts, ...values })
  // The geometry the form will save (the map's editor gave it back), when not the loaded one.
  const [geom, setGeom] = useState<string | null>(base.geom)
  const geomChanged = !insert && geom !== base.geom
  const changedCount = Object.keys(changes).length + (geomChanged ? 1 : 0)
  const dirty = useRef(false)
  dirty.current = changedCount > 0

  function load(next: Base, texts = next.texts, nextGeom = next.geom) {
    setBase(next)
    setGeom(nextGeom)
    form.reset(texts)
  }

  useEffect(() => {
    if (!feature || feature.version === base.version || dirty.current) return
    load(baseOf(fields, feature))
  }, [feature])

  // The external flow: back from the map's editor with the texts the form left with (against
  // the version they came from, so a newer one is a conflict, never overwritten) and the
  // geometry drawn.
  const origin = `${layer.name}:${feature?.id ?? 'new'}`
  const editOnMap = useExternalGeometry(origin, !geometryOnMap && !insert, (result) => {
    load({ ...base, version: result.version ?? base.version }, result.draft, result.geom)
  })
  const canEditGeometry = !insert && !geometryOnMap && !readOnly && layer.geometryType !== 'TABULAR'

  const [group, setGroup] = useState(0)
  const search = useFieldFilter(FILTER_DELAY_MS)
  const shown = (groups[group] ?? groups[0]!).fields.filter((f) => search.matches(f))

  const { overlay, locked } = useLocked()
  const submittedNotice = useSubmittedNotice()
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [conflict, setConflict] = useState<Conflict | null>(null)
  const [picker, setPicker] = useState<FormField | null>(null)

  function showAllFields() {
    setGroup(0)
    search.clear()
  }

  async function save(texts: Texts, from: Base = base) {
    if (!feature || !ref || from.version === undefined) return
    const attributes = changedAttributes(fields, from.texts, texts)
    const withGeom = geom !== from.geom
    const result = await locked('features.saving', () =>
      updateFeature({
        ...ref,
        geom: withGeom,
        body: { version: from.version!, attributes, ...(withGeom ? { geom } : {}) },
      })
        .unwrap()
        .then(
          (saved) => ({ saved }),
          (error: unknown) => ({ error: toFailure(error) }),
        ),
    )
    if ('saved' in result) {
      // A moderated user's change went to review: the form shows the feature as it still is.
      if (submittedNotice(ref, result.saved)) return load(from)
      load(baseOf(fields, result.saved))
      enqueueSnackbar(t('features.saved'), { variant: 'success' })
      return
    }
    const failure = result.error
    if (failure.status === 409) {
      const current = await dispatch(
        featureInfoApi.endpoints.getFeature.initiate(ref, { forceRefetch: true, subscribe: false }),
      ).unwrap()
      setConflict(conflictOf(fields, attributes, current))
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
      if (submittedNotice(undefined, result.saved)) return onSubmitted?.()
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

  const { remove, reactivate } = useDeleteReactivate({
    layer,
    feature,
    locked,
    onDeleted,
    onReactivated,
  })

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
        <GroupTabs groups={groups} value={group} onChange={setGroup} />
        <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
          {notice && <Alert severity="info">{notice}</Alert>}
          <TextField
            label={t('features.form.searchAttribute')}
            value={search.text}
            onChange={(e) => search.setText(e.target.value)}
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
          {layer.geometryType !== 'TABULAR' && (
            <GeometryField
              value={insert ? (geometry ?? null) : geom}
              changed={geomChanged}
              onEdit={
                canEditGeometry
                  ? () =>
                      editOnMap({
                        layer: layer.name,
                        geom,
                        draft: form.getValues(),
                        version: base.version,
                      })
                  : undefined
              }
            />
          )}
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
          <FormActions
            insert={insert}
            deleted={deleted}
            queryable={layer.queryable}
            readOnly={readOnly}
            changedCount={changedCount}
            canDelete={Boolean(perms?.deleteFeature)}
            canUpdate={Boolean(perms?.updateFeature)}
            onDelete={() => setConfirmDelete(true)}
            onReactivate={() => void reactivate()}
          />
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
        onConfirm={() => {
          setConfirmDelete(false)
          void remove()
        }}
        onClose={() => setConfirmDelete(false)}
      />
      <ConflictDialog
        open={conflict !== null}
        rows={conflict?.rows ?? []}
        onDiscard={() => {
          if (conflict) {
            load(baseOf(fields, conflict.current))
          }
          setConflict(null)
        }}
        onKeepMine={() => {
          if (!conflict) return
          // The current version, with only the user's own changes on top: whatever the other
          // person changed elsewhere stays.
          const { current, mine } = conflict
          const from = baseOf(fields, current)
          const merged = { ...from.texts }
          for (const name of Object.keys(mine)) merged[name] = form.getValues(name) ?? ''
          setConflict(null)
          load(from, merged, geom)
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

/** The form's base: a feature's version, texts and geometry (nothing for a new one). */
function baseOf(fields: readonly FormField[], feature: Feature | undefined): Base {
  return {
    version: feature?.version,
    texts: initialTexts(fields, feature?.attributes),
    geom: feature?.geom ?? null,
  }
}
