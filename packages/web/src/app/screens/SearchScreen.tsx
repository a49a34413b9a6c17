import { SearchWindow } from '../../features/search/SearchWindow'
import type { SearchState } from '../../features/search'
import { SyncPackagesDialog } from '../../features/sync'
import type { WindowProps } from '../../windows/window-type'

/** The search window (window type 'SearchFeatures') with the synchronisation packages' dialog. */
export function SearchScreen(props: WindowProps<SearchState>) {
  return <SearchWindow {...props} SyncPackagesDialog={SyncPackagesDialog} />
}
