import type { ViewerEntry } from '@gis/shared/imagery'
import { SMMCAD_SYSTEM_ID } from '@gis/shared/imagery'
import { api } from '../../api/base-api'
import { closestQuery } from './viewer-logic'

/**
 * The event viewer's calls (spec 2 §7.1, system id 1): the neighbours of an event (the event
 * itself included, with its frames) and the entry closest to a place. Lazy queries: the viewer
 * asks when a key or a click says so, and keeps what it shows in its own state.
 */
const endpoints = api.injectEndpoints({
  endpoints: (build) => ({
    smmcadNeighbours: build.query<ViewerEntry[], number>({
      query: (eventId) => `/api/smmcad/${SMMCAD_SYSTEM_ID}/events/${eventId}/neighbours`,
      keepUnusedDataFor: 60,
    }),
    smmcadClosest: build.query<ViewerEntry[], { lat: number; lon: number }>({
      query: ({ lat, lon }) =>
        `/api/smmcad/${SMMCAD_SYSTEM_ID}/events/closest?${closestQuery(lat, lon)}`,
      keepUnusedDataFor: 0,
    }),
  }),
})

export const { useLazySmmcadNeighboursQuery, useLazySmmcadClosestQuery } = endpoints
