import type { AppSettings, AppSettingsView, MapConfig, MapConfigUpdate } from '@gis/shared'
import { adminApi } from './admin-api'

/**
 * The project name and modules (the menus follow: 'Config' is what the shell reads) and the
 * map's start position (administrators).
 */
export const settingsApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<AppSettingsView, void>({
      query: () => '/api/config/settings',
      providesTags: ['Settings'],
    }),
    saveSettings: build.mutation<AppSettingsView, AppSettings>({
      query: (body) => ({ url: '/api/config/settings', method: 'PUT', body }),
      invalidatesTags: ['Settings', 'Config'],
    }),
    saveMapConfig: build.mutation<MapConfig, MapConfigUpdate>({
      query: (body) => ({ url: '/api/mapconfig', method: 'POST', body }),
      invalidatesTags: ['MapConfig'],
    }),
  }),
})

export const { useGetSettingsQuery, useSaveSettingsMutation, useSaveMapConfigMutation } =
  settingsApi
