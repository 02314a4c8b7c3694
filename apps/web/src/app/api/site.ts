import type { SiteInfoResponse } from '@atelier/contract';
import { api } from './base';

/** GET /site: what the public pages show about this deployment (no sign-in needed). */
export const siteApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSiteInfo: build.query<SiteInfoResponse, void>({ query: () => '/site' }),
  }),
});

export const { useGetSiteInfoQuery } = siteApi;
