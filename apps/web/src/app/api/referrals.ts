import type { MyExploreResponse, ReferralSummary } from '@atelier/contract';
import { api } from './base';

/** Invites (/refer) and the Creator Zone's shared images (/zone). */
export const referralsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReferrals: build.query<ReferralSummary, void>({ query: () => '/referrals' }),
    claimReferral: build.mutation<{ success: true; message: string }, string>({
      query: (code) => ({ url: '/referrals/claim', method: 'POST', body: { code } }),
    }),
    getMyShared: build.query<MyExploreResponse, void>({ query: () => '/explore/mine', providesTags: ['Explore'] }),
  }),
});

export const { useGetReferralsQuery, useClaimReferralMutation, useGetMySharedQuery } = referralsApi;
