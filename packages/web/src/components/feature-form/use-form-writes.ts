import type { Feature, LayerDescription, MessageKey } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import type { UseFormReturn } from 'react-hook-form'
import { toFailure } from '../../api/base-api'
import {
  featuresApi,
  useInsertFeatureMutation,
  useUpdateFeatureMutation,
} from '../../api/features.api'
import { showServerErrors } from '../form'
import { useAppDispatch } from '../../state/root-state'
import { useSubmittedNotice } from '../use-submitted-notice'
import { conflictOf, type Conflict } from './ConflictDialog'
import { changedAttributes, initialTexts, type FormField } from './form-fields'
import { baseOf, type Base, type Texts } from './use-form-base'

interface Writes {
  layer: LayerDescription
  feature: Feature | undefined
  fields: readonly FormField[]
  /** The geometry of a new feature (insert), and the one the form saves (update). */
  geometry: string | null | undefined
  geom: string | null
  base: Base
  form: UseFormReturn<Texts>
  load: (next: Base, texts?: Texts, geom?: string | null) => void
  locked: <T>(key: MessageKey, work: () => Promise<T>) => Promise<T>
  /** A 400 marked fields that may be out of view: show them all. */
  showAllFields: () => void
  onConflict: (conflict: Conflict) => void
  onInserted?: (feature: Feature) => void
  onSubmitted?: () => void
}

/**
 * SALVAR of the form: `save` sends only the changed fields (and the geometry, if the editor
 * gave a new one) against the version `from`; a 409 loads the current version for the
 * conflict dialog, which `resolve` answers. `create` inserts a new feature with the drawn
 * geometry.
 */
export function useFormWrites(w: Writes) {
  const dispatch = useAppDispatch()
  const { enqueueSnackbar } = useSnackbar()
  const [updateFeature] = useUpdateFeatureMutation()
  const [insertFeature] = useInsertFeatureMutation()
  const submittedNotice = useSubmittedNotice()
  const { layer, feature, fields } = w

  async function save(texts: Texts, from: Base = w.base) {
    const ref = feature ? { layer: layer.name, id: feature.id } : undefined
    if (!ref || from.version === undefined) return
    const attributes = changedAttributes(fields, from.texts, texts)
    const geom = w.geom
    const withGeom = geom !== from.geom
    const result = await w.locked('features.saving', () =>
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
      if (submittedNotice(ref, result.saved)) return w.load(from)
      w.load(baseOf(fields, result.saved))
      enqueueSnackbar(t('features.saved'), { variant: 'success' })
      return
    }
    const failure = result.error
    if (failure.status === 409) {
      const current = await dispatch(
        featuresApi.endpoints.getFeature.initiate(ref, { forceRefetch: true, subscribe: false }),
      ).unwrap()
      w.onConflict(conflictOf(fields, attributes, current))
      return
    }
    if (failure.status === 400 && showServerErrors(w.form, failure)) w.showAllFields()
    enqueueSnackbar(
      failure.status === 400 || failure.status === 403 ? failure.message : t('features.saveFailed'),
      { variant: 'error' },
    )
  }

  async function create(texts: Texts) {
    if (layer.geometryType !== 'TABULAR' && !w.geometry) {
      enqueueSnackbar(t('features.nothingDrawn'), { variant: 'warning' })
      return
    }
    const attributes = changedAttributes(fields, initialTexts(fields, undefined), texts)
    const result = await w.locked('features.saving', () =>
      insertFeature({ layer: layer.name, body: { attributes, geom: w.geometry ?? null } })
        .unwrap()
        .then(
          (saved) => ({ saved }),
          (error: unknown) => ({ error: toFailure(error) }),
        ),
    )
    if ('saved' in result) {
      if (submittedNotice(undefined, result.saved)) return w.onSubmitted?.()
      enqueueSnackbar(t('features.saved'), { variant: 'success' })
      w.onInserted?.(result.saved)
      return
    }
    if (result.error.status === 400) {
      if (showServerErrors(w.form, result.error)) w.showAllFields()
      enqueueSnackbar(t('features.validationErrors'), { variant: 'error' })
    } else {
      enqueueSnackbar(
        result.error.status === 403 ? result.error.message : t('features.insertFailed'),
        { variant: 'error' },
      )
    }
  }

  /**
   * The conflict dialog's answer. Keep mine: the current version, with only the user's own
   * changes on top (whatever the other person changed elsewhere stays), saved. Discard: the
   * current version.
   */
  function resolve({ current, mine }: Conflict, keepMine: boolean) {
    const from = baseOf(fields, current)
    if (!keepMine) return w.load(from)
    const merged = { ...from.texts }
    for (const name of Object.keys(mine)) merged[name] = w.form.getValues(name) ?? ''
    w.load(from, merged, w.geom)
    void save(merged, from)
  }

  return { save, create, resolve }
}
