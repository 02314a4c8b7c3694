import type {
  CheckoutRequest,
  CreditPackId,
  CreditsSummary,
  CreditTransactionsResponse,
  InvoicesResponse,
  LocalCheckoutCompleteResponse,
  LocalCheckoutSession,
  LocalPortalAction,
  LocalPortalResponse,
  PricingResponse,
  RedirectUrlResponse,
  Subscription,
} from '@atelier/contract';
import { subscriptionUpdated, updateCredits } from '../../features/auth/store/authSlice';
import { api } from './base';

type Dispatch = (action: unknown) => unknown;

/** Keeps the header and the stored session in step with what a billing reply says. */
async function syncSession(
  queryFulfilled: Promise<{ data: { subscription?: Subscription; credits?: number } }>,
  dispatch: Dispatch,
) {
  try {
    const { data } = await queryFulfilled;
    if (data.subscription) dispatch(subscriptionUpdated(data.subscription));
    if (typeof data.credits === 'number') dispatch(updateCredits(data.credits));
  } catch {
    // The calling screen shows the error.
  }
}

/** Plans, checkout, portal, credits and the ledger (spec §7; the local test-mode pages). */
export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSubscription: build.query<Subscription, void>({
      query: () => '/subscription',
      providesTags: ['Subscription'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        syncSession(
          queryFulfilled.then(({ data }) => ({ data: { subscription: data } })),
          dispatch,
        ),
    }),
    getPricingPlans: build.query<PricingResponse, void>({
      query: () => '/subscription/plans',
      providesTags: ['Plans'],
    }),
    createCheckout: build.mutation<RedirectUrlResponse, CheckoutRequest>({
      query: (body) => ({ url: '/subscription/checkout', method: 'POST', body }),
    }),
    openPortal: build.mutation<RedirectUrlResponse, void>({
      query: () => ({ url: '/subscription/portal', method: 'POST' }),
    }),
    confirmCheckout: build.mutation<{ subscription: Subscription; credits: number }, string>({
      query: (sessionId) => ({ url: '/subscription/checkout/confirm', method: 'POST', body: { sessionId } }),
      // A team's plan sets its seats and fills its pool: the team list shows both.
      invalidatesTags: ['Subscription', 'Credits', 'Teams'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => syncSession(queryFulfilled, dispatch),
    }),
    getCreditsSummary: build.query<CreditsSummary, void>({
      query: () => '/credits',
      providesTags: ['Credits'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) =>
        syncSession(
          queryFulfilled.then(({ data }) => ({ data: { credits: data.credits } })),
          dispatch,
        ),
    }),
    buyCredits: build.mutation<RedirectUrlResponse, CreditPackId>({
      query: (pack) => ({ url: '/credits/checkout', method: 'POST', body: { pack } }),
    }),
    getCreditTransactions: build.query<CreditTransactionsResponse, { page: number; limit?: number }>({
      query: ({ page, limit = 10 }) => ({ url: '/credits/transactions', params: { page, limit } }),
      providesTags: ['Credits'],
    }),
    getInvoices: build.query<InvoicesResponse, void>({
      query: () => '/billing/invoices',
      providesTags: ['Subscription'],
    }),
    getLocalCheckout: build.query<LocalCheckoutSession, string>({
      query: (id) => `/billing/local/sessions/${encodeURIComponent(id)}`,
    }),
    completeLocalCheckout: build.mutation<LocalCheckoutCompleteResponse, string>({
      query: (id) => ({ url: `/billing/local/sessions/${encodeURIComponent(id)}/complete`, method: 'POST' }),
      invalidatesTags: ['Subscription', 'Credits', 'Plans', 'Teams'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => syncSession(queryFulfilled, dispatch),
    }),
    cancelLocalCheckout: build.mutation<{ redirectTo: string }, string>({
      query: (id) => ({ url: `/billing/local/sessions/${encodeURIComponent(id)}/cancel`, method: 'POST' }),
    }),
    localPortalAction: build.mutation<LocalPortalResponse, LocalPortalAction>({
      query: (body) => ({ url: '/billing/local/portal', method: 'POST', body }),
      invalidatesTags: ['Subscription', 'Credits', 'Teams'],
      onQueryStarted: (_arg, { dispatch, queryFulfilled }) => syncSession(queryFulfilled, dispatch),
    }),
  }),
});

export const {
  useGetSubscriptionQuery,
  useGetPricingPlansQuery,
  useCreateCheckoutMutation,
  useOpenPortalMutation,
  useConfirmCheckoutMutation,
  useGetCreditsSummaryQuery,
  useBuyCreditsMutation,
  useGetCreditTransactionsQuery,
  useGetInvoicesQuery,
  useGetLocalCheckoutQuery,
  useCompleteLocalCheckoutMutation,
  useCancelLocalCheckoutMutation,
  useLocalPortalActionMutation,
} = billingApi;
