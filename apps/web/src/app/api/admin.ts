import type {
  AdminAccess,
  AdminAuditResponse,
  AdminCreditAdjustment,
  AdminLedgerResponse,
  AdminRenderActionResponse,
  AdminRendersResponse,
  AdminSuspension,
  AdminSystem,
  AdminUser,
  AdminUsersResponse,
} from '@atelier/contract';
import { api } from './base';

/** /admin: the operator's console (every call answers 403 to anyone but an operator). */
export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminAccess: build.query<AdminAccess, void>({ query: () => '/admin/access' }),
    getAdminUsers: build.query<AdminUsersResponse, { q: string; page: number }>({
      query: ({ q, page }) => ({ url: '/admin/users', params: { page, ...(q ? { q } : {}) } }),
      providesTags: ['AdminUsers'],
    }),
    getAdminUser: build.query<AdminUser, number>({
      query: (id) => `/admin/users/${id}`,
      providesTags: (_r, _e, id) => [{ type: 'AdminUsers', id }],
    }),
    getAdminLedger: build.query<AdminLedgerResponse, { id: number; page: number }>({
      query: ({ id, page }) => ({ url: `/admin/users/${id}/ledger`, params: { page } }),
      providesTags: (_r, _e, { id }) => [{ type: 'AdminLedger', id }],
    }),
    adjustCredits: build.mutation<{ balance: number; applied: number }, { id: number } & AdminCreditAdjustment>({
      query: ({ id, ...body }) => ({ url: `/admin/users/${id}/credits`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => ['AdminUsers', { type: 'AdminUsers', id }, { type: 'AdminLedger', id }, 'AdminAudit'],
    }),
    setSuspension: build.mutation<AdminUser, { id: number } & AdminSuspension>({
      query: ({ id, ...body }) => ({ url: `/admin/users/${id}/suspension`, method: 'POST', body }),
      invalidatesTags: (_r, _e, { id }) => ['AdminUsers', { type: 'AdminUsers', id }, 'AdminAudit'],
    }),
    getAdminRenders: build.query<AdminRendersResponse, { state: 'failed' | 'stuck'; stuckMinutes: number; page: number }>({
      query: (params) => ({ url: '/admin/renders', params }),
      providesTags: ['AdminRenders'],
    }),
    retryRender: build.mutation<AdminRenderActionResponse, number>({
      query: (id) => ({ url: `/admin/renders/${id}/retry`, method: 'POST' }),
      invalidatesTags: ['AdminRenders', 'AdminAudit', 'AdminSystem'],
    }),
    refundRender: build.mutation<AdminRenderActionResponse, number>({
      query: (id) => ({ url: `/admin/renders/${id}/refund`, method: 'POST' }),
      invalidatesTags: ['AdminRenders', 'AdminAudit', 'AdminUsers', 'AdminLedger'],
    }),
    getAdminSystem: build.query<AdminSystem, void>({ query: () => '/admin/system', providesTags: ['AdminSystem'] }),
    getAdminAudit: build.query<AdminAuditResponse, { page: number }>({
      query: ({ page }) => ({ url: '/admin/audit', params: { page } }),
      providesTags: ['AdminAudit'],
    }),
  }),
});

export const {
  useGetAdminAccessQuery,
  useGetAdminUsersQuery,
  useGetAdminUserQuery,
  useGetAdminLedgerQuery,
  useAdjustCreditsMutation,
  useSetSuspensionMutation,
  useGetAdminRendersQuery,
  useRetryRenderMutation,
  useRefundRenderMutation,
  useGetAdminSystemQuery,
  useGetAdminAuditQuery,
} = adminApi;
