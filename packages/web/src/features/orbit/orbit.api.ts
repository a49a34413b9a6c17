import type { EventInfo, OrbitEvent } from '@gis/shared/imagery'
import { api } from '../../api/base-api'

/** Search parameters (spec 2 §5: only the non-empty ones are sent). */
export interface EventSearch {
  road?: string
  way?: string
  km?: number
  survey?: string
}

/** A query string of the parameters that have a value. */
export function queryOf(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === '' || (typeof v === 'number' && !Number.isFinite(v))) continue
    q.set(k, String(v))
  }
  const s = q.toString()
  return s ? `?${s}` : ''
}

/**
 * The orbit module's calls (spec 2 §7.5), under the configuration's `eventsServerUrl`
 * (`/api/events`). The token goes in the header, as for every call.
 */
export const orbitApi = api.injectEndpoints({
  endpoints: (build) => ({
    orbitEvent: build.query<OrbitEvent, number>({
      query: (id) => `/api/events/${id}`,
      keepUnusedDataFor: 300,
    }),
    orbitNeighbours: build.query<OrbitEvent[], { id: number; distance: number }>({
      query: ({ id, distance }) => `/api/events/${id}/neighbours${queryOf({ distance })}`,
      keepUnusedDataFor: 300,
    }),
    orbitClosest: build.query<OrbitEvent[], { lat: number; lon: number; survey?: string }>({
      query: ({ lat, lon, survey }) =>
        `/api/events/closest${queryOf({ lat: lat.toFixed(6), lon: lon.toFixed(6), survey })}`,
      keepUnusedDataFor: 60,
    }),
    orbitSearch: build.query<OrbitEvent[], EventSearch>({
      query: (params) => `/api/events/search${queryOf({ ...params })}`,
      keepUnusedDataFor: 60,
    }),
    orbitInfo: build.query<EventInfo, void>({
      query: () => '/api/events/info',
      keepUnusedDataFor: 300,
    }),
  }),
})

export const { useOrbitInfoQuery } = orbitApi
