import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { logout } from '../../features/auth/store/authSlice';
import { readStoredToken } from '../../features/auth/store/storedSession';
import { readStoredTeamId, WORKSPACE_HEADER, workspaceValue } from '../../features/teams/store/storedWorkspace';
import { API_BASE, NETWORK_ERROR_MESSAGE } from './http';
import { handleUnauthorized } from './unauthorized';

/**
 * Every cache tag of the app, in one place. Add yours here when a new resource file
 * needs invalidation (e.g. 'InputImage', 'Batch', 'Plans').
 */
export const TAG_TYPES = [
  'Me',
  'AuthConfig',
  'Subscription',
  'Plans',
  'Credits',
  'InputImage',
  'CreateImage',
  'Batch',
  'BatchSettings',
  'ImageSettings',
  'CustomizationOptions',
  'Engine',
  'Mask',
  'TweakHistory',
  'TweakImage',
  'RefineOperation',
  'RefineSettings',
  'GalleryDays',
  'GalleryPage',
  'Explore',
  'ApiKeys',
  'WebhookEndpoints',
  'AdminUsers',
  'AdminLedger',
  'AdminRenders',
  'AdminSystem',
  'AdminAudit',
  'Teams',
  'TeamMembers',
  'TeamInvitations',
  'TeamUsage',
  'ViewSet',
  'SetRender',
] as const;

// fetchBaseQuery builds a Request itself, which needs an absolute URL outside the browser.
const baseUrl = typeof window === 'undefined' ? API_BASE : `${window.location.origin}${API_BASE}`;

const rawBaseQuery = fetchBaseQuery({
  baseUrl,
  prepareHeaders: (headers) => {
    const token = readStoredToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    // Every call acts in the chosen workspace (issue 32): a team's, or without the header the personal one.
    const teamId = readStoredTeamId();
    if (teamId !== null && !headers.has(WORKSPACE_HEADER)) headers.set(WORKSPACE_HEADER, workspaceValue(teamId));
    return headers;
  },
});

/**
 * fetchBaseQuery plus the 401 rule of spec §8. A network failure (FETCH_ERROR) carries a readable
 * text instead of the browser's "TypeError: Failed to fetch"; errorMessage shows the call's own.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, queryApi, extra) => {
  const result = await rawBaseQuery(args, queryApi, extra);
  if (result.error?.status === 'FETCH_ERROR') return { error: { status: 'FETCH_ERROR', error: NETWORK_ERROR_MESSAGE }, meta: result.meta };
  if (result.error?.status === 401) {
    await handleUnauthorized({ logout: () => queryApi.dispatch(logout()) });
  }
  // Removed from the chosen team: the team list answers again, and the shell's workspace guard
  // falls back to the personal workspace.
  if (result.error?.status === 403 && isNotTeamMember(result.error.data) && readStoredTeamId() !== null) {
    queryApi.dispatch(api.util.invalidateTags(['Teams']));
  }
  return result;
};

/**
 * The one RTK Query api. Resource files add endpoints with `api.injectEndpoints`
 * (see ./auth.ts) and are imported for their hooks.
 */
const isNotTeamMember = (data: unknown) => typeof data === 'object' && data !== null && (data as { code?: unknown }).code === NOT_TEAM_MEMBER;
/** TEAM_ERROR_CODES.notMember of the contract (its values would bring zod into the first JS). */
const NOT_TEAM_MEMBER = 'NOT_TEAM_MEMBER';

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  endpoints: () => ({}),
});
