import { useCallback, useState } from 'react'
import type { BuilderMode } from './filter-model'

/** Local-storage keys of the builder's mode and auto-generate flag (spec 3 §4: kept locally). */
export const BUILDER_PREF_KEYS = {
  mode: 'gis.filterBuilder.mode',
  autoGenerate: 'gis.filterBuilder.autoGenerate',
} as const

export interface BuilderPrefs {
  mode: BuilderMode
  /** On by default. */
  autoGenerate: boolean
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function readBuilderPrefs(): BuilderPrefs {
  return {
    mode: read(BUILDER_PREF_KEYS.mode) === 'advanced' ? 'advanced' : 'basic',
    autoGenerate: read(BUILDER_PREF_KEYS.autoGenerate) !== 'false',
  }
}

/** The builder's mode and auto-generate flag, read from and written to local storage. */
export function useBuilderPrefs(): [BuilderPrefs, (prefs: BuilderPrefs) => void] {
  const [prefs, setPrefs] = useState(readBuilderPrefs)
  const save = useCallback((next: BuilderPrefs) => {
    try {
      window.localStorage.setItem(BUILDER_PREF_KEYS.mode, next.mode)
      window.localStorage.setItem(BUILDER_PREF_KEYS.autoGenerate, String(next.autoGenerate))
    } catch {
      // private browsing: the choice lasts for this page only
    }
    setPrefs(next)
  }, [])
  return [prefs, save]
}
