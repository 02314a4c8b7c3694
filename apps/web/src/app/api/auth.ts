import type { AuthConfigResponse, ChangePasswordResponse, MeResponse, StorageUsageResponse, SuccessResponse } from '@atelier/contract';
import { storeToken } from '../../features/auth/store/storedSession';
import {
  subscriptionUpdated,
  updateCredits,
  userUpdated,
  type AuthState,
} from '../../features/auth/store/authSlice';
import { api } from './base';

/** PATCH /auth/me and the picture endpoints answer with the current user ("me"). */
type MeReply = MeResponse | MeResponse['user'];

function applyMe(reply: MeReply, dispatch: (action: unknown) => unknown) {
  if ('user' in reply) {
    dispatch(userUpdated(reply.user));
    dispatch(subscriptionUpdated(reply.subscription));
    // The reply's balance is the personal one: in a team it is not the balance work spends (nor the pool's).
    dispatch((_: unknown, getState: () => { workspace: { teamId: number | null } }) => {
      if (getState().workspace.teamId === null) dispatch(updateCredits(reply.credits));
    });
  } else {
    dispatch(userUpdated(reply));
  }
}

async function syncMe(queryFulfilled: Promise<{ data: MeReply }>, dispatch: (action: unknown) => unknown) {
  try {
    const { data } = await queryFulfilled;
    applyMe(data, dispatch);
  } catch {
    // The calling component shows the error.
  }
}

/** Account endpoints that are not part of the auth slice's session thunks. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuthConfig: build.query<AuthConfigResponse, void>({
      query: () => '/auth/config',
      providesTags: ['AuthConfig'],
    }),
    forgotPassword: build.mutation<SuccessResponse, { email: string }>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<SuccessResponse, { token: string; password: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
    updateProfile: build.mutation<MeReply, { fullName: string; displayName?: string }>({
      query: (body) => ({ url: '/auth/me', method: 'PATCH', body }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => syncMe(queryFulfilled, dispatch),
    }),
    changePassword: build.mutation<ChangePasswordResponse, { currentPassword?: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/me/password', method: 'POST', body }),
      onQueryStarted: async (_arg, { dispatch, getState, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          // Every earlier session ended with the change; this browser continues with the new token.
          storeToken(data.token);
          // A user who had no password (Google sign-in only) has one now.
          const user = (getState() as unknown as { auth: AuthState }).auth.user;
          if (user && !user.hasPassword) dispatch(userUpdated({ ...user, hasPassword: true }));
        } catch {
          // shown by the form
        }
      },
    }),
    uploadProfilePicture: build.mutation<MeReply, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: '/auth/me/profile-picture', method: 'POST', body };
      },
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => syncMe(queryFulfilled, dispatch),
    }),
    deleteProfilePicture: build.mutation<MeReply, void>({
      query: () => ({ url: '/auth/me/profile-picture', method: 'DELETE' }),
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => syncMe(queryFulfilled, dispatch),
    }),
    /** The account's stored bytes against its plan's quota (/overview). */
    getStorageUsage: build.query<StorageUsageResponse, void>({
      query: () => '/storage/usage',
    }),
    deleteAccount: build.mutation<SuccessResponse, { password?: string; confirm: 'DELETE' }>({
      query: (body) => ({ url: '/auth/me', method: 'DELETE', body }),
    }),
  }),
});

export const {
  useGetAuthConfigQuery,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useUploadProfilePictureMutation,
  useDeleteProfilePictureMutation,
  useDeleteAccountMutation,
  useGetStorageUsageQuery,
} = authApi;
