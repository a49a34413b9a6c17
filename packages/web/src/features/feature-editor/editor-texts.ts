import type { LayerDescription, LayerPermissions } from '@gis/shared'
import { t } from '@gis/shared/i18n'
import type { ExternalEdit } from '../../map/external-geometry'
import type { Flow } from './EditorPanel'
import type { EditorMode } from './use-geometry-editor'

/** The panel's line under the tools: what a click or a drag does now. */
export function editorHint(mode: EditorMode, flow: Flow, editingId: number | undefined) {
  switch (mode) {
    case 'draw':
      return t('editor.hintDraw')
    case 'pick':
      return t('editor.hintPick')
    case 'erase':
      return t('editor.hintErase')
    case 'modify':
      return editingId !== undefined && flow === 'edit'
        ? `${t('editor.editing', { id: editingId })}. ${t('editor.hintModify')}`
        : t('editor.hintModify')
    default:
      return null
  }
}

/** Whose geometry the editor draws in the external flow: the layer, and the feature's id. */
export function externalTitle(external: ExternalEdit | null, layer: LayerDescription | undefined) {
  if (!external) return null
  const title = layer?.title ?? external.layer
  return t('editor.external', {
    feature: external.origin.endsWith(':new')
      ? title
      : `${title} · ${external.origin.split(':')[1]}`,
  })
}

/** Why INSERIR or EDITAR cannot start on this layer, if it cannot. */
export function flowRefusal(
  layer: LayerDescription,
  perms: LayerPermissions | undefined,
  next: 'insert' | 'edit',
): string | null {
  if (!layer.queryable) return t('layers.notQueryable')
  if (next === 'insert' && !perms?.createFeature) return t('features.noCreatePermission')
  if (next === 'edit' && !perms?.updateFeature) return t('features.noEditPermission')
  return null
}
