import type { Feature } from '@gis/shared'
import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useWatch, type Resolver } from 'react-hook-form'
import { useSchemaForm } from '../form'
import { changedAttributes, initialTexts, type FormField } from './form-fields'

export type Texts = Record<string, string>

export interface Base {
  version: string | undefined
  texts: Texts
  /** The geometry as loaded (WKT, EPSG:4326). */
  geom: string | null
}

/** The form's base: a feature's version, texts and geometry (nothing for a new one). */
export function baseOf(fields: readonly FormField[], feature: Feature | undefined): Base {
  return {
    version: feature?.version,
    texts: initialTexts(fields, feature?.attributes),
    geom: feature?.geom ?? null,
  }
}

/**
 * The version the form's values come from, and its texts: changes are counted against it and
 * saved from it. A newer feature (Atualizar, another window's edit) replaces it only while
 * the user has changed nothing, so edits are never lost. `geom` is the geometry the form will
 * save (the map's editor gave it back), when not the loaded one.
 */
export function useFormBase(
  fields: readonly FormField[],
  feature: Feature | undefined,
  resolver: Resolver<Texts>,
) {
  const [base, setBase] = useState<Base>(() => baseOf(fields, feature))
  const form = useSchemaForm<Texts>({ resolver, defaultValues: base.texts })
  const values = useWatch({ control: form.control }) as Texts
  const changes = changedAttributes(fields, base.texts, { ...base.texts, ...values })
  const [geom, setGeom] = useState<string | null>(base.geom)
  const geomChanged = Boolean(feature) && geom !== base.geom
  const changedCount = Object.keys(changes).length + (geomChanged ? 1 : 0)
  const dirty = useRef(false)
  dirty.current = changedCount > 0

  function load(next: Base, texts = next.texts, nextGeom = next.geom) {
    setBase(next)
    setGeom(nextGeom)
    form.reset(texts)
  }

  const reload = useEffectEvent((next: Feature) => {
    if (next.version === base.version || dirty.current) return
    load(baseOf(fields, next))
  })
  useEffect(() => {
    if (feature) reload(feature)
  }, [feature])

  return { base, form, values, geom, geomChanged, changedCount, load }
}
