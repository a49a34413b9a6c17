import type { LayerDescription, LayerPermissions } from '@gis/shared'
import { useMemo, useState } from 'react'
import { useGetPermissionsQuery } from '../../api/session.api'
import { useGetLayerDescriptionsQuery } from '../../api/layers.api'

export interface EditableLayers {
  /** The layers with geometry the user may create in or edit. */
  layers: LayerDescription[]
  /** The chosen layer (the one a form asked about, in the external flow). */
  layer: LayerDescription | undefined
  perms: LayerPermissions | undefined
  choose: (name: string) => void
  /** Everything loaded, and no layer to offer. */
  empty: boolean
}

/** The editor's layer choice; a form's request (`externalLayer`) fixes it to its own layer. */
export function useEditableLayers(externalLayer: string | undefined): EditableLayers {
  const descriptions = useGetLayerDescriptionsQuery().data
  const permissions = useGetPermissionsQuery().data
  const layers = useMemo(
    () =>
      (descriptions ?? []).filter((d) => {
        const p = permissions?.layers[d.name]
        return d.geometryType !== 'TABULAR' && p && (p.createFeature || p.updateFeature)
      }),
    [descriptions, permissions],
  )
  const [layerName, choose] = useState(externalLayer ?? '')
  const layer = externalLayer
    ? descriptions?.find((d) => d.name === externalLayer)
    : layers.find((l) => l.name === layerName)
  return {
    layers,
    layer,
    perms: layer ? permissions?.layers[layer.name] : undefined,
    choose,
    empty: Boolean(descriptions && permissions && layers.length === 0),
  }
}
