import type { CustomizationOptionsResponse, CustomizationSettingsResponse } from '@atelier/contract';
import { api } from './base';

/**
 * The customization calls of spec §7: the option catalog (fetched once per session, see
 * features/customization) and the settings a batch or a generated image was made with.
 * Settings answers are cached per id, so re-selecting an image of a batch costs nothing.
 */
export const customizationApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCustomizationOptions: build.query<CustomizationOptionsResponse, void>({
      query: () => '/customization/options',
      providesTags: ['CustomizationOptions'],
      keepUnusedDataFor: 24 * 3600,
    }),
    getBatchSettings: build.query<CustomizationSettingsResponse, number>({
      query: (batchId) => `/customization/batch/${batchId}/settings`,
      providesTags: (_r, _e, id) => [{ type: 'BatchSettings', id }],
      keepUnusedDataFor: 3600,
    }),
    getImageSettings: build.query<CustomizationSettingsResponse, number>({
      query: (imageId) => `/customization/image/${imageId}/settings`,
      providesTags: (_r, _e, id) => [{ type: 'ImageSettings', id }],
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetCustomizationOptionsQuery, useLazyGetBatchSettingsQuery, useLazyGetImageSettingsQuery } = customizationApi;
