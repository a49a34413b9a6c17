import {
  documentDescriptionSchema,
  documentTitleSchema,
  folderCreateSchema,
} from '@gis/shared/documents'
import { z } from 'zod'
import { schemaResolver } from '../../components/form'

/** A folder's name (new folder, rename): the server's own rule and messages. */
export interface FolderForm {
  name: string
}
export const folderResolver = schemaResolver<FolderForm>(folderCreateSchema.pick({ name: true }))

/** The document's fields as DADOS edits them: tags typed comma separated. */
export interface DocumentForm {
  title: string
  description: string
  tags: string
  folderId: number | null
}
export const documentResolver = schemaResolver<DocumentForm>(
  z.object({
    title: documentTitleSchema,
    description: documentDescriptionSchema,
    tags: z.string(),
    folderId: z.number().int().positive(),
  }),
)
