import { api } from '../../api/base-api'

/**
 * The one API with the administration's own tags added: every `*.api.ts` of this folder
 * injects its endpoints here. Changes that the rest of the app reads invalidate its tags
 * too: 'Layers' (catalogue, tree, capabilities), 'BaseLayers', 'MapConfig', 'Config' (project
 * name and modules: the menus follow), 'Permissions'.
 */
export const adminApi = api.enhanceEndpoints({
  addTagTypes: [
    'Groups',
    'GroupDetail',
    'Tables',
    'Fields',
    'Unregistered',
    'LayerTree',
    'Settings',
  ],
})
