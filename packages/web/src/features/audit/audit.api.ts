import type { AuditSearchResponse } from '@gis/shared'
import type { FilterGroup } from '@gis/shared/filters'
import { api } from '../../api/base-api'

export interface AuditSearchArgs {
  filter?: FilterGroup
  page: number
  limit: number
  /** An audit field; `-` prefix: descending. */
  sort: string
}

/**
 * The AUDITOR's calls (spec 3 §7, Audit; administrators): the paged audit search over the
 * filter builder's tree, and the value suggestions of an audit field.
 */
export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchAudit: build.query<AuditSearchResponse, AuditSearchArgs>({
      query: ({ filter, page, limit, sort }) => ({
        url: `/api/audit/search?${new URLSearchParams({ page: String(page), limit: String(limit), sort })}`,
        method: 'POST',
        body: filter ? { filter } : {},
      }),
      keepUnusedDataFor: 30,
    }),
    auditSamples: build.query<(string | number)[], { field: string; filter: string }>({
      query: ({ field, filter }) =>
        `/api/audit/search/samples/${encodeURIComponent(field)}?${new URLSearchParams({ limit: '40', filter })}`,
      keepUnusedDataFor: 60,
    }),
  }),
})

export const { useSearchAuditQuery, useAuditSamplesQuery } = auditApi
