import { registerWindowType } from './window-registry'
import { parsePagedState, type PagedState } from './paged-state'

/**
 * Window types built so far. Later features add theirs with `registerWindowType` in the same
 * way (search, feature creator, auditor, data loader, file association, reports, approvals).
 */
registerWindowType<PagedState>({
  type: 'Users',
  title: 'users.windowTitle',
  admin: true,
  load: async () => (await import('../admin/UsersWindow')).UsersWindow,
  parseState: parsePagedState,
})

registerWindowType<PagedState>({
  type: 'Logins',
  title: 'logins.windowTitle',
  admin: true,
  load: async () => (await import('../admin/LoginsWindow')).LoginsWindow,
  parseState: parsePagedState,
})
