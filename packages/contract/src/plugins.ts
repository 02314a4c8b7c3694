import { z } from 'zod';

/** API keys, pushed views and signed webhooks: the plugin bridge (/plugins, the CLI, the DCC add-ons). */

export const API_KEY_PREFIX = 'atl_';
export const API_KEY_LIMIT = 20;
export const WEBHOOK_ENDPOINT_LIMIT = 10;
/** Deliveries shown per endpoint on /plugins. */
export const WEBHOOK_LOG_SIZE = 20;

export const PLUGIN_MESSAGES = {
  keyName: 'Give the key a name (1–60 characters)',
  keyLimit: `You have ${API_KEY_LIMIT} API keys, the most an account can hold. Revoke one you no longer use first.`,
  keyNotFound: 'API key not found',
  keyInvalid: 'This API key is not valid or was revoked. Create a new one on the Plugins page.',
  keyNotAllowed:
    'API keys can only upload views, start renders and download results. Sign in to Atelier to change the account, billing or API keys.',
  webhookUrl: 'Enter an http:// or https:// URL',
  webhookPrivate: 'Webhooks cannot be sent to a private, loopback or link-local address',
  webhookUnresolvable: 'The webhook URL’s host could not be resolved',
  webhookEvents: 'Choose at least one event',
  webhookLimit: `An account can have at most ${WEBHOOK_ENDPOINT_LIMIT} webhook endpoints`,
  webhookNotFound: 'Webhook endpoint not found',
  viewMissing: 'Send the view image in the "view" field (JPG, PNG or WEBP)',
  viewSource: 'source must be one of revit, sketchup, rhino, archicad, blender, webhook',
  viewName: 'name must be at most 120 characters',
  viewPrompt: 'prompt must be at most 2000 characters',
} as const;

// ---- API keys ----

export const createApiKeyRequestSchema = z.object({
  name: z.string().trim().min(1, PLUGIN_MESSAGES.keyName).max(60, PLUGIN_MESSAGES.keyName),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the key (`atl_` + 6), to recognise it. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** The reply to POST /api-keys: the only time the key itself is shown. */
export const createdApiKeySchema = apiKeySchema.omit({ lastUsedAt: true }).extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeysResponseSchema = z.object({ apiKeys: z.array(apiKeySchema) });
export type ApiKeysResponse = z.infer<typeof apiKeysResponseSchema>;

export const pluginIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const pluginDeletedResponseSchema = z.object({ success: z.literal(true), id: z.number().int() });

// ---- pushed views ----

export const VIEW_SOURCES = ['revit', 'sketchup', 'rhino', 'archicad', 'blender', 'webhook'] as const;
export const viewSourceSchema = z.enum(VIEW_SOURCES);
export type ViewSource = z.infer<typeof viewSourceSchema>;

export const PUSH_VIEW_FIELDS = {
  view: 'view',
  idPass: 'idPass',
  materials: 'materials',
  source: 'source',
  name: 'name',
  prompt: 'prompt',
  set: 'set',
} as const;

export const pushedViewSchema = z.object({
  inputImageId: z.number().int(),
  regions: z.array(z.object({ id: z.number().int(), name: z.string(), area: z.number() })),
  /** PUBLIC_URL/create?imageId={id}&source={source}&showMasks=true */
  url: z.string(),
  /** The view set it was pushed into, if the push named one. */
  set: z.string().nullable(),
});
export type PushedView = z.infer<typeof pushedViewSchema>;

// ---- webhooks ----

export const WEBHOOK_EVENTS = ['batch.completed', 'batch.failed', 'masks.completed', 'set.completed'] as const;
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const createWebhookEndpointRequestSchema = z.object({
  url: z
    .string()
    .trim()
    .max(2000, PLUGIN_MESSAGES.webhookUrl)
    .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), PLUGIN_MESSAGES.webhookUrl),
  events: z.array(webhookEventSchema).min(1, PLUGIN_MESSAGES.webhookEvents).max(WEBHOOK_EVENTS.length),
});
export type CreateWebhookEndpointRequest = z.infer<typeof createWebhookEndpointRequestSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event: webhookEventSchema,
  /** pending: waiting for its (next) try; delivered: a 2xx; failed: no try left, or refused. */
  status: z.enum(['pending', 'delivered', 'failed']),
  /** The receiver's last HTTP status; null before a reply (or when none came). */
  statusCode: z.number().int().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(webhookEventSchema),
  createdAt: z.string(),
  /** The last deliveries, newest first. */
  deliveries: z.array(webhookDeliverySchema),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The reply to POST /webhooks/endpoints: the only time the signing secret is shown. */
export const createdWebhookEndpointSchema = z.object({ id: z.number().int(), url: z.string(), events: z.array(webhookEventSchema), secret: z.string() });
export type CreatedWebhookEndpoint = z.infer<typeof createdWebhookEndpointSchema>;

export const webhookEndpointsResponseSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointsResponse = z.infer<typeof webhookEndpointsResponseSchema>;

/** The JSON body of a delivery (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature headers). */
export interface WebhookPayload {
  type: WebhookEvent;
  timestamp: string;
  data: {
    batchId?: number;
    inputImageId?: number;
    status: string;
    moduleType?: string;
    maskCount?: number;
    images?: Array<{ id: number; variationNumber: number; url: string }>;
    /** set.completed: the set render, its set name and each view's batch (render) and status. */
    setRenderId?: number;
    set?: string;
    views?: Array<{ inputImageId: number; batchId: number; status: 'COMPLETED' | 'FAILED'; images: Array<{ id: number; url: string }> }>;
  };
}
