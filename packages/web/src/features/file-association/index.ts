// ASSOCIAR ARQUIVOS' public face: its workspace type and saved state. The window itself
// (FileAssociationWindow.tsx) is loaded by the workspace on demand.
export const FILE_ASSOCIATION_WINDOW = 'FileAssociation'
export { parseFileAssociationState, type FileAssociationState } from './file-association-state'
