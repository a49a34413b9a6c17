import { lazy } from 'react'

const Page = lazy(async () => ({ default: (await import('./DocumentsPage')).DocumentsPage }))

/**
 * The /documents page, its code fetched the first time it shows (the caller's Suspense shows
 * the loading text meanwhile): the feature's index stays light for the feature window.
 */
export function DocumentsLibrary() {
  return <Page />
}
