import type { WorkspaceState } from '@gis/shared'
import { api } from './base-api'

/** The saved workspace (spec section 3): restored at boot, saved as it changes and at logout. */
export const workspaceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWorkspace: build.query<WorkspaceState | null, void>({
      query: () => '/api/users/workspace',
      keepUnusedDataFor: 0,
    }),
    saveWorkspace: build.mutation<{ ok: true }, { workspace: WorkspaceState; keepalive?: boolean }>(
      {
        query: ({ workspace, keepalive }) => ({
          url: '/api/users/workspace',
          method: 'POST',
          body: workspace,
          keepalive,
        }),
      },
    ),
  }),
})
