import type {
  ApiKey,
  ApiKeysResponse,
  CreateApiKeyRequest,
  CreatedApiKey,
  CreatedWebhookEndpoint,
  CreateWebhookEndpointRequest,
  WebhookEndpoint,
  WebhookEndpointsResponse,
} from '@atelier/contract';
import { api } from './base';

/** /plugins: API keys and webhook endpoints (with their delivery logs). */
export const pluginsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApiKeys: build.query<ApiKey[], void>({
      query: () => '/api-keys',
      transformResponse: (reply: ApiKeysResponse) => reply.apiKeys,
      providesTags: ['ApiKeys'],
    }),
    createApiKey: build.mutation<CreatedApiKey, CreateApiKeyRequest>({
      query: (body) => ({ url: '/api-keys', method: 'POST', body }),
      invalidatesTags: ['ApiKeys'],
    }),
    revokeApiKey: build.mutation<{ success: true; id: number }, number>({
      query: (id) => ({ url: `/api-keys/${id}`, method: 'DELETE' }),
      invalidatesTags: ['ApiKeys'],
    }),
    getWebhookEndpoints: build.query<WebhookEndpoint[], void>({
      query: () => '/webhooks/endpoints',
      transformResponse: (reply: WebhookEndpointsResponse) => reply.endpoints,
      providesTags: ['WebhookEndpoints'],
    }),
    createWebhookEndpoint: build.mutation<CreatedWebhookEndpoint, CreateWebhookEndpointRequest>({
      query: (body) => ({ url: '/webhooks/endpoints', method: 'POST', body }),
      invalidatesTags: ['WebhookEndpoints'],
    }),
    removeWebhookEndpoint: build.mutation<{ success: true; id: number }, number>({
      query: (id) => ({ url: `/webhooks/endpoints/${id}`, method: 'DELETE' }),
      invalidatesTags: ['WebhookEndpoints'],
    }),
  }),
});

export const {
  useGetApiKeysQuery,
  useCreateApiKeyMutation,
  useRevokeApiKeyMutation,
  useGetWebhookEndpointsQuery,
  useCreateWebhookEndpointMutation,
  useRemoveWebhookEndpointMutation,
} = pluginsApi;
