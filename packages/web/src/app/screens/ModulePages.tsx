import { t } from '@gis/shared/i18n'
import { lazy, Suspense } from 'react'
import { LoadingScreen } from '../../components/LoadingScreen'

/**
 * The documents library (features/documents), its code on demand: the feature's index holds
 * only what the feature window shows of it and the page's own lazy loader.
 */
const Documents = lazy(async () => ({
  default: (await import('../../features/documents')).DocumentsLibrary,
}))

export function DocumentsPage() {
  return (
    <Suspense fallback={<LoadingScreen text={t('module.loading')} />}>
      <Documents />
    </Suspense>
  )
}

/** The orbit module (features/orbit), its code (OpenLayers, Photo Sphere Viewer) on demand. */
const Orbit = lazy(async () => ({ default: (await import('../../features/orbit')).OrbitPage }))

export function OrbitPage() {
  return (
    <Suspense fallback={<LoadingScreen text={t('module.orbitLoading')} />}>
      <Orbit />
    </Suspense>
  )
}

/** Inspection monitoring (features/inspection), its code (OpenLayers, the charts) on demand. */
const Inspection = lazy(async () => ({
  default: (await import('../../features/inspection')).InspectionPage,
}))
const InspectionBridge = lazy(async () => ({
  default: (await import('../../features/inspection')).BridgePage,
}))

export function InspectionPage() {
  return (
    <Suspense fallback={<LoadingScreen text={t('module.loading')} />}>
      <Inspection />
    </Suspense>
  )
}

/** A bridge's page of the inspection monitoring (/inspection/ponte/{featureId}). */
export function InspectionBridgePage() {
  return (
    <Suspense fallback={<LoadingScreen text={t('module.loading')} />}>
      <InspectionBridge />
    </Suspense>
  )
}
