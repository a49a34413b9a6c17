import Box from '@mui/material/Box'
import type { Feature, LayerDescription, LayerPermissions } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useState } from 'react'
import { SchemaForm } from '../form'
import { useExternalGeometry } from '../../map/external-geometry'
import { BusyOverlay } from '../BusyOverlay'
import type { Conflict } from './ConflictDialog'
import { FormActions } from './FormActions'
import { FormBody } from './FormBody'
import { FormDialogs } from './FormDialogs'
import type { FormField } from './form-fields'
import { GeometryField } from './GeometryField'
import { GroupTabs } from './GroupTabs'
import { useDeleteReactivate } from './use-delete-reactivate'
import { useFieldFilter } from './use-field-filter'
import { useFormBase } from './use-form-base'
import { useFormLayer } from './use-form-layer'
import { useFormWrites } from './use-form-writes'
import { useLocked } from './use-locked'

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
  /** Values the feature's changes awaiting a decision propose: shown under their fields. */
  pending?: Readonly<Record<string, unknown>>
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
  pending,
}: FeatureFormProps) {
  const insert = !feature
  const { enqueueSnackbar } = useSnackbar()
  const { perms, fields, groups, files, resolver, deleted, readOnly } = useFormLayer(layer, feature)
  const { base, form, values, geom, geomChanged, changedCount, load } = useFormBase(
    fields,
    feature,
    resolver,
  )

  // The external flow: back from the map's editor with the texts the form left with (against
  // the version they came from, so a newer one is a conflict, never overwritten) and the
  // geometry drawn.
  const origin = `${layer.name}:${feature?.id ?? 'new'}`
  const editOnMap = useExternalGeometry(origin, !geometryOnMap && !insert, (result) => {
    load({ ...base, version: result.version ?? base.version }, result.draft, result.geom)
  })
  const editGeometry = () =>
    editOnMap({ layer: layer.name, geom, draft: form.getValues(), version: base.version })
  const canEditGeometry = !insert && !geometryOnMap && !readOnly && layer.geometryType !== 'TABULAR'

  const [group, setGroup] = useState(0)
  const search = useFieldFilter(FILTER_DELAY_MS)
  const shown = (groups[group] ?? groups[0]!).fields.filter((f) => search.matches(f))

  const { overlay, locked } = useLocked()
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [conflict, setConflict] = useState<Conflict | null>(null)
  const [picker, setPicker] = useState<FormField | null>(null)

  function showAllFields() {
    setGroup(0)
    search.clear()
  }

  const { save, create, resolve } = useFormWrites({
    ...{ layer, feature, fields, geometry, geom, base, form, load, locked, showAllFields },
    ...{ onConflict: setConflict, onInserted, onSubmitted },
  })
  const { remove, reactivate } = useDeleteReactivate({
    layer,
    feature,
    locked,
    onDeleted,
    onReactivated,
  })

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
        <FormBody
          notice={formNotice(layer, insert, perms)}
          search={search}
          geometry={
            layer.geometryType !== 'TABULAR' && (
              <GeometryField
                value={insert ? (geometry ?? null) : geom}
                changed={geomChanged}
                onEdit={canEditGeometry ? editGeometry : undefined}
              />
            )
          }
          shown={shown}
          readOnly={readOnly}
          pending={pending}
          attachmentLabel={(value) => files?.find((a) => String(a.id) === value)?.filename}
          onPickAttachment={(field) => {
            if (insert) enqueueSnackbar(t('features.createFirst'), { variant: 'warning' })
            else setPicker(field)
          }}
          actions={
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
          }
        />
      </SchemaForm>
      <BusyOverlay text={overlay} />
      <FormDialogs
        confirmDelete={confirmDelete}
        deleting={{ id: feature?.id ?? '', layer: layer.title }}
        onDelete={(confirmed) => {
          setConfirmDelete(false)
          if (confirmed) void remove()
        }}
        conflict={conflict}
        onConflict={(keepMine) => {
          setConflict(null)
          if (conflict) resolve(conflict, keepMine)
        }}
        picker={picker}
        attachments={files ?? []}
        pickerValue={picker ? (values[picker.name] ?? '') : ''}
        onPick={(value) => {
          if (picker && value !== undefined)
            form.setValue(picker.name, value, { shouldDirty: true })
          setPicker(null)
        }}
      />
    </Box>
  )
}

/** Why the form cannot be written, if it cannot. */
function formNotice(
  layer: LayerDescription,
  insert: boolean,
  perms: LayerPermissions | undefined,
): string | undefined {
  if (!layer.queryable) return t('layers.notQueryable')
  if (insert && perms && !perms.createFeature) return t('features.noCreatePermission')
  if (!insert && perms && !perms.updateFeature) return t('features.noEditPermission')
  return undefined
}
