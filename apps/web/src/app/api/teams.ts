import type {
  CreateInvitationRequest,
  CreateTeamRequest,
  JoinTeamResponse,
  TeamInvitation,
  TeamInvitationList,
  TeamListResponse,
  TeamMember,
  TeamSummary,
  TeamUsageResponse,
  UpdateMemberRequest,
} from '@atelier/contract';
import { saveBlob } from '../../lib/saveBlob';
import { api } from './base';
import { fetchApiFile } from './http';

export interface UsageRange {
  from: string;
  to: string;
}

const teamTag = (teamId: number) => [{ type: 'TeamMembers' as const, id: teamId }];

/**
 * Studios (issue 32): the caller's teams, members, invitations and usage (team plans go through
 * the plans page's checkout, in the team's workspace). These calls
 * name their team in the path; the workspace header the base query adds does not change them.
 */
export const teamsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTeams: build.query<TeamListResponse, void>({ query: () => '/teams', providesTags: ['Teams'] }),
    createTeam: build.mutation<TeamSummary, CreateTeamRequest>({
      query: (body) => ({ url: '/teams', method: 'POST', body }),
      invalidatesTags: ['Teams'],
    }),
    joinTeam: build.mutation<JoinTeamResponse, string>({
      query: (token) => ({ url: '/teams/join', method: 'POST', body: { token } }),
      invalidatesTags: ['Teams'],
    }),
    getTeamMembers: build.query<TeamMember[], number>({
      query: (teamId) => `/teams/${teamId}/members`,
      providesTags: (_r, _e, teamId) => teamTag(teamId),
    }),
    updateTeamMember: build.mutation<TeamMember, { teamId: number; userId: number; body: UpdateMemberRequest }>({
      query: ({ teamId, userId, body }) => ({ url: `/teams/${teamId}/members/${userId}`, method: 'PATCH', body }),
      // Handing over ownership changes the caller's own role too.
      invalidatesTags: (_r, _e, { teamId }) => [...teamTag(teamId), 'Teams'],
    }),
    removeTeamMember: build.mutation<void, { teamId: number; userId: number }>({
      query: ({ teamId, userId }) => ({ url: `/teams/${teamId}/members/${userId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { teamId }) => [...teamTag(teamId), 'Teams'],
    }),
    getTeamInvitations: build.query<TeamInvitationList, number>({
      query: (teamId) => `/teams/${teamId}/invitations`,
      providesTags: (_r, _e, teamId) => [{ type: 'TeamInvitations', id: teamId }],
    }),
    inviteTeamMember: build.mutation<TeamInvitation, { teamId: number; body: CreateInvitationRequest }>({
      query: ({ teamId, body }) => ({ url: `/teams/${teamId}/invitations`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { teamId }) => [{ type: 'TeamInvitations', id: teamId }],
    }),
    resendTeamInvitation: build.mutation<TeamInvitation, { teamId: number; invitationId: number }>({
      query: ({ teamId, invitationId }) => ({ url: `/teams/${teamId}/invitations/${invitationId}/resend`, method: 'POST' }),
      invalidatesTags: (_r, _e, { teamId }) => [{ type: 'TeamInvitations', id: teamId }],
    }),
    revokeTeamInvitation: build.mutation<void, { teamId: number; invitationId: number }>({
      query: ({ teamId, invitationId }) => ({ url: `/teams/${teamId}/invitations/${invitationId}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { teamId }) => [{ type: 'TeamInvitations', id: teamId }],
    }),
    getTeamUsage: build.query<TeamUsageResponse, { teamId: number } & UsageRange>({
      query: ({ teamId, from, to }) => ({ url: `/teams/${teamId}/usage`, params: { from, to } }),
      providesTags: (_r, _e, { teamId }) => [{ type: 'TeamUsage', id: teamId }],
    }),
  }),
});

export const {
  useGetTeamsQuery,
  useCreateTeamMutation,
  useJoinTeamMutation,
  useGetTeamMembersQuery,
  useUpdateTeamMemberMutation,
  useRemoveTeamMemberMutation,
  useGetTeamInvitationsQuery,
  useInviteTeamMemberMutation,
  useResendTeamInvitationMutation,
  useRevokeTeamInvitationMutation,
  useGetTeamUsageQuery,
} = teamsApi;

/** GET /teams/{id}/usage?format=csv with the bearer token, saved as team-usage-{from}-{to}.csv. */
export async function downloadTeamUsageCsv(teamId: number, { from, to }: UsageRange): Promise<void> {
  const response = await fetchApiFile(`/teams/${teamId}/usage?${new URLSearchParams({ from, to, format: 'csv' })}`);
  saveBlob(await response.blob(), `team-usage-${from}-${to}.csv`);
}
