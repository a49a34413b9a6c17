import type {
  BaseLayer,
  Extent,
  LayerDescription,
  LayerTreeNode,
  MapConfig,
  PermissionsAnswer,
} from '@gis/shared'
import { t, type MessageKey } from '@gis/shared/i18n'
import { useSnackbar } from 'notistack'
import { useEffect, useMemo, useRef } from 'react'
import { useGetConfigQuery, useGetPermissionsQuery } from '../../api/session.api'
import { useWfsCapabilitiesQuery, useWmsCapabilitiesQuery } from '../../map/map.api'
import {
  useGetActiveBaseLayersQuery,
  useGetLayerDescriptionsQuery,
  useGetLayerTreeQuery,
  useGetMapConfigQuery,
} from '../../api/layers.api'

export interface MapData {
  tree: LayerTreeNode[]
  descriptions: Map<string, LayerDescription>
  baseLayers: Map<number, BaseLayer>
  mapConfig: MapConfig | undefined
  /** The map configuration has answered, or failed (then the default extent is used). */
  mapConfigSettled: boolean
  permissions: PermissionsAnswer | undefined
  modules: string[]
  /** Feature types the WFS offers (null until known, or when the capabilities failed). */
  wfsTypes: Set<string> | null
  /** Layers' boxes from the WMS capabilities (empty when they failed). */
  wmsExtents: Record<string, Extent | null>
  treeLoading: boolean
}

/**
 * What the map page reads at start-up, from the RTK Query cache boot has warmed: the layer
 * tree, descriptions, base layers, start extent, permissions, modules, and the WFS and WMS
 * capabilities. Each failure shows the spec's message once (spec section 8), and the map goes
 * on with what loaded (without the tree, with the base layers alone).
 */
export function useMapData(): MapData {
  const tree = useGetLayerTreeQuery()
  const descriptions = useGetLayerDescriptionsQuery()
  const bases = useGetActiveBaseLayersQuery()
  const mapConfig = useGetMapConfigQuery()
  const permissions = useGetPermissionsQuery()
  const config = useGetConfigQuery()
  const wfs = useWfsCapabilitiesQuery()
  const wms = useWmsCapabilitiesQuery()

  useStartupMessage(mapConfig.isError, 'mapconfig.loadFailed')
  useStartupMessage(descriptions.isError, 'layers.fieldsReloadFailed')
  useStartupMessage(tree.isError || bases.isError, 'layers.requestFailed')
  useStartupMessage(permissions.isError, 'map.permissionsFailed')
  useStartupMessage(wms.isError, 'ogc.wmsFailed')
  useStartupMessage(wfs.isError, 'ogc.wfsFailed')

  const readable = permissions.data
  const treeFailed = tree.isError
  return {
    tree: useMemo(
      () =>
        treeFailed ? baseLayerTree(bases.data ?? []) : readableTree(tree.data ?? [], readable),
      [treeFailed, tree.data, bases.data, readable],
    ),
    descriptions: useMemo(
      () => new Map((descriptions.data ?? []).map((d) => [d.name, d])),
      [descriptions.data],
    ),
    baseLayers: useMemo(() => new Map((bases.data ?? []).map((b) => [b.id, b])), [bases.data]),
    mapConfig: mapConfig.data,
    mapConfigSettled: mapConfig.isSuccess || mapConfig.isError,
    permissions: readable,
    modules: config.data?.modules ?? [],
    wfsTypes: useMemo(() => (wfs.data ? new Set(wfs.data) : null), [wfs.data]),
    wmsExtents: wms.data ?? EMPTY,
    treeLoading: tree.isLoading,
  }
}

const EMPTY: Record<string, Extent | null> = {}

/**
 * Without the layer tree the map still offers the base layers it has, as the tree would:
 * one radio group, the record marked visible shown.
 */
export function baseLayerTree(bases: readonly BaseLayer[]): LayerTreeNode[] {
  return [...bases]
    .sort((a, b) => b.zindex - a.zindex)
    .map((b) => ({
      id: -b.id,
      name: `base_${b.id}`,
      managedName: null,
      title: b.name,
      type: 'layerBase',
      managed: false,
      visibility: b.visible,
      opacity: 255,
      extent: null,
      legendVersion: 0,
      radioGroup: 'mapa-base',
      geometryType: null,
      dataVersion: null,
      baseLayerId: b.id,
      children: [],
    }))
}

/** Layers appear only with readFeature (the server leaves the others out already). */
function readableTree(
  nodes: readonly LayerTreeNode[],
  permissions: PermissionsAnswer | undefined,
): LayerTreeNode[] {
  if (!permissions || permissions.admin) return [...nodes]
  return nodes.flatMap((n) => {
    if (n.type === 'layer' && n.managedName && !permissions.layers[n.managedName]?.readFeature) {
      return []
    }
    if (n.type !== 'folder') return [n]
    const children = readableTree(n.children, permissions)
    return children.length ? [{ ...n, children }] : []
  })
}

function useStartupMessage(failed: boolean, key: MessageKey) {
  const { enqueueSnackbar } = useSnackbar()
  const shown = useRef(false)
  useEffect(() => {
    if (failed && !shown.current) {
      shown.current = true
      enqueueSnackbar(t(key), { variant: 'error' })
    }
  }, [failed, key, enqueueSnackbar])
}
