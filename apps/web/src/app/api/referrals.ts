import type { MyExploreResponse, ReferralSummary, TeamInterestResponse } from '@atelier/contract';
import { api } from './base';

/** Invites (/refer), the Creator Zone's shared images (/zone) and team interest (/team). */
export const referralsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getReferrals: build.query<ReferralSummary, void>({ query: () => '/referrals' }),
    claimReferral: build.mutation<{ success: true; message: string }, string>({
      query: (code) => ({ url: '/referrals/claim', method: 'POST', body: { code } }),
    }),
    getMyShared: build.query<MyExploreResponse, void>({ query: () => '/explore/mine', providesTags: ['Explore'] }),
    getTeamInterest: build.query<TeamInterestResponse, void>({ query: () => '/team/interest' }),
    recordTeamInterest: build.mutation<TeamInterestResponse, void>({
      query: () => ({ url: '/team/interest', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        dispatch(referralsApi.util.upsertQueryData('getTeamInterest', undefined, data));
      },
    }),
  }),
});

export const { useGetReferralsQuery, useClaimReferralMutation, useGetMySharedQuery, useGetTeamInterestQuery, useRecordTeamInterestMutation } = referralsApi;
