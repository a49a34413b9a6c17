// The documents library's public face (issue 30). What the feature window shows of it (its
// linked documents, the promotion of an attachment) is light and loaded with the window; the
// library's page (DocumentsPage.tsx) is loaded on demand by DocumentsLibrary.
export { DocumentsLibrary } from './DocumentsLibrary'
export { LinkedDocuments } from './LinkedDocuments'
export { PromoteDialog } from './PromoteDialog'
