import { dataloaderMessages } from './dataloader-messages'
import { featureMessages } from './feature-messages'
import { approvalMessages } from './approval-messages'
import { auditMessages } from './audit-messages'
import { adminMessages } from './admin-messages'
import { layerMessages } from './layer-messages'
import { ogcapiMessages } from './ogcapi-messages'
import { searchMessages } from './search-messages'
import { syncMessages } from './sync-messages'
import { syncFilesMessages } from './syncfiles-messages'
import { mapMessages } from './map-messages'
import { reportsMessages } from './reports-messages'
import { designerMessages } from './designer-messages'
import { reportsApiMessages } from './reports-api-messages'
import { systemMessages } from './system-messages'
import { imageryApiMessages } from './imagery-api-messages'
import { imageryImagesMessages } from './imagery-images-messages'
import { imageryImportMessages } from './imagery-import-messages'
import { orbitMessages } from './orbit-messages'
import { smmcadMessages } from './smmcad-messages'
import { documentsApiMessages } from './documents-api-messages'
import { documentsMessages } from './documents-messages'
import { inspectionApiMessages } from './inspection-api-messages'
import { inspectionMessages } from './inspection-messages'
import { accountMessages } from './account-messages'
import { webAppMessages } from './web-app-messages'

/**
 * The texts of the signed-in areas (layers, administration, search, the modules…): the web
 * loads them with the signed-in part of the app (`@gis/shared/i18n-all`), never with the
 * sign-in page; the server has them from the start (`messages.ts`).
 */
export const areaMessages = {
  ...layerMessages,
  ...ogcapiMessages,
  ...adminMessages,
  ...searchMessages,
  ...syncMessages,
  ...syncFilesMessages,
  ...featureMessages,
  ...approvalMessages,
  ...auditMessages,
  ...mapMessages,
  ...systemMessages,
  ...dataloaderMessages,
  ...reportsMessages,
  ...designerMessages,
  ...reportsApiMessages,
  ...imageryApiMessages,
  ...imageryImagesMessages,
  ...imageryImportMessages,
  ...orbitMessages,
  ...smmcadMessages,
  ...documentsApiMessages,
  ...documentsMessages,
  ...inspectionApiMessages,
  ...inspectionMessages,
  ...webAppMessages,
  ...accountMessages,
} as const
