import { LinkedDocuments, PromoteDialog } from '../../features/documents'
import { FeatureInfoWindow } from '../../features/feature-info/FeatureInfoWindow'
import type { FeatureInfoState } from '../../features/feature-info'
import type { WindowProps } from '../../windows/window-type'

/** The documents library's parts in the feature window's DOCUMENTOS (module documents). */
const LIBRARY = { LinkedDocuments, PromoteDialog }

/** The feature information window (window type 'FeatureInfo') with the documents library's parts. */
export function FeatureInfoScreen(props: WindowProps<FeatureInfoState>) {
  return <FeatureInfoWindow {...props} library={LIBRARY} />
}
