import type { Feature, LayerDescription } from '@gis/shared'
import { featureFormSchema } from '@gis/shared/features'
import { useMemo } from 'react'
import { useGetAttachmentsQuery, useGetFeatureAttributesQuery } from '../../api/features.api'
import { useGetPermissionsQuery } from '../../api/session.api'
import { schemaResolver } from '../form/schema-resolver'
import { formFields, formGroups } from './form-fields'
import type { Texts } from './use-form-base'

/**
 * What the form is made of for this layer and feature: the user's permissions, the fields
 * and their groups, the schema's resolver, the feature's attachments (for file and photo
 * fields), whether it is deleted and whether the form is read-only.
 */
export function useFormLayer(layer: LayerDescription, feature: Feature | undefined) {
  const insert = !feature
  const ref = feature ? { layer: layer.name, id: feature.id } : undefined
  const perms = useGetPermissionsQuery().data?.layers[layer.name]
  const { data: attributes } = useGetFeatureAttributesQuery(layer.name)
  const fields = useMemo(() => formFields(layer, attributes), [layer, attributes])
  const groups = useMemo(() => formGroups(layer, fields), [layer, fields])
  const canRead = Boolean(perms?.readFeatureAttachment)
  const files = useGetAttachmentsQuery(ref ?? { layer: '', id: 0 }, {
    skip: !ref || !canRead || !fields.some((f) => f.attachment),
  }).data?.rows
  const resolver = useMemo(
    () => schemaResolver<Texts>(featureFormSchema(fields.filter((f) => !f.system))),
    [fields],
  )
  const deleted = feature?.attributes.d_e_l_e_t_ === true
  const editable = insert
    ? Boolean(perms?.createFeature)
    : Boolean(perms?.updateFeature) && !deleted
  return {
    perms,
    fields,
    groups,
    files,
    resolver,
    deleted,
    readOnly: !editable || !layer.queryable,
  }
}
