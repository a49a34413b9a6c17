import type { LoginRecord } from '@gis/shared'
import { api, pageQuery, toPage, type Page, type PageArgs } from '../../api/base-api'

/** Sign-in records (administrators), newest first, paged; browser and system named by the server. */
export const loginsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listLogins: build.query<Page<LoginRecord>, PageArgs>({
      query: (args) => `/api/logins?${pageQuery(args)}`,
      transformResponse: (rows: LoginRecord[], meta) => toPage(rows, meta),
      providesTags: ['Logins'],
    }),
  }),
})

export const { useListLoginsQuery } = loginsApi
