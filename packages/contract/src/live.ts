import { z } from 'zod';
import { previewNotesSchema } from './generation.js';

// Live messages over GET /ws?token=JWT (spec image-modules §4). One discriminated union on
// `type` each way. Server messages stay small (they travel through PostgreSQL NOTIFY, whose
// payload is limited to 8000 bytes).

/** Close codes the server uses. A client reconnects (3 × 3000 ms) unless the code is 1000. */
export const LIVE_CLOSE_CODES = {
  normal: 1000,
  goingAway: 1001,
  /** Origin not allowed, too many messages per second or too many subscriptions. */
  policyViolation: 1008,
  invalidToken: 4001,
  /** The account signed out everywhere, changed or reset its password, or was deleted. */
  sessionRevoked: 4003,
  /** The socket's team workspace is no longer the person's (removed from the team, or left it). */
  workspaceRevoked: 4004,
} as const;
export const LIVE_CLOSE_REASONS = {
  invalidToken: 'Invalid token',
  shuttingDown: 'Server shutting down',
  sessionRevoked: 'Session ended',
  originNotAllowed: 'Origin not allowed',
  tooManyMessages: 'Too many messages',
  tooManySubscriptions: 'Too many subscriptions',
  workspaceRevoked: 'Removed from the team',
} as const;

/** Per socket: client messages per second, and channels subscribed at once. */
export const LIVE_LIMITS = { messagesPerSecond: 20, subscriptions: 50 } as const;

export const LIVE_TIMINGS = {
  /** The server pings every 30 s and drops a socket that did not answer the previous ping. */
  heartbeatMs: 30_000,
  reconnectAttempts: 3,
  reconnectDelayMs: 3000,
} as const;

const id = z.number().int();

// ---- server → client ----

export const connectedMessageSchema = z.object({
  type: z.literal('connected'),
  userId: id,
  message: z.string(),
});

export const LIVE_CHANNELS = ['generation', 'masks'] as const;
export const liveChannelSchema = z.enum(LIVE_CHANNELS);

export const subscribedMessageSchema = z.object({
  type: z.literal('subscribed'),
  channel: liveChannelSchema,
  inputImageId: id,
});
export const unsubscribedMessageSchema = z.object({
  type: z.literal('unsubscribed'),
  channel: liveChannelSchema,
  inputImageId: id,
});

export const generationStartedMessageSchema = z.object({
  type: z.literal('generation_started'),
  batchId: id,
  inputImageId: id.nullable(),
  totalVariations: id,
  imageIds: z.array(id),
  remainingCredits: id,
  moduleType: z.string().optional(),
  operationType: z.string().nullable().optional(),
});

export const variationStartedMessageSchema = z.object({
  type: z.literal('variation_started'),
  batchId: id,
  imageId: id,
  variationNumber: id,
  status: z.literal('PROCESSING'),
  runpodStatus: z.string(),
});

export const variationProgressMessageSchema = z.object({
  type: z.literal('variation_progress'),
  batchId: id,
  imageId: id,
  variationNumber: id,
  /** 0–100. */
  percentage: z.number().int().min(0).max(100),
  status: z.literal('PROCESSING'),
  runpodStatus: z.string(),
});

export const variationCompletedMessageSchema = z.object({
  type: z.literal('variation_completed'),
  batchId: id,
  imageId: id,
  variationNumber: id,
  status: z.literal('COMPLETED'),
  runpodStatus: z.literal('COMPLETED'),
  url: z.string(),
  thumbnailUrl: z.string().nullable(),
  inputImageId: id.nullable(),
  moduleType: z.string(),
  operationType: z.string().nullable(),
  baseImageId: id.nullable().optional(),
  createdAt: z.string(),
  /** What the preview engine changed (kept in the image's settingsSnapshot as previewNotes). */
  previewNotes: previewNotesSchema.optional(),
});

export const variationFailedMessageSchema = z.object({
  type: z.literal('variation_failed'),
  batchId: id,
  imageId: id,
  variationNumber: id,
  status: z.literal('FAILED'),
  error: z.string(),
  /** The credit given back for this variation. */
  refunded: z.number().int(),
  remainingCredits: z.number().int().optional(),
});

export const batchCompletedMessageSchema = z.object({
  type: z.literal('batch_completed'),
  batchId: id,
  status: z.literal('COMPLETED'),
  totalVariations: id,
  successfulVariations: id,
  failedVariations: id,
  completedImages: z.array(
    z.object({ id, url: z.string(), thumbnailUrl: z.string().nullable(), variationNumber: id }),
  ),
  inputImageId: id.nullable().optional(),
  moduleType: z.string().optional(),
});

/** Every view of a set render is done (issue 31): once, with each view's batch and status. */
export const setCompletedMessageSchema = z.object({
  type: z.literal('set_completed'),
  setRenderId: id,
  set: z.string(),
  /** COMPLETED: every view has a render; PARTIAL: some views failed (refunded); FAILED: none rendered. */
  status: z.enum(['COMPLETED', 'PARTIAL', 'FAILED']),
  views: z.array(
    z.object({ inputImageId: id, batchId: id, status: z.enum(['COMPLETED', 'FAILED']), images: z.array(z.object({ id, url: z.string() })) }),
  ),
});

export const masksCompletedMessageSchema = z.object({
  type: z.literal('masks_completed'),
  inputImageId: id,
  maskCount: id.optional(),
});
export const masksFailedMessageSchema = z.object({
  type: z.literal('masks_failed'),
  inputImageId: id,
  /** Default text: Mask generation failed. */
  error: z.string(),
});

export const pongMessageSchema = z.object({ type: z.literal('pong') });
/** The account's sessions were revoked: the server closes the socket with 4003 right after. */
export const sessionRevokedMessageSchema = z.object({ type: z.literal('session_revoked') });
/**
 * Sent on a team account's channel when `userId` leaves the team (issue 32): that person's sockets
 * on the team's workspace are closed with 4004 right after; other members may refresh the member list.
 */
export const workspaceAccessRevokedMessageSchema = z.object({
  type: z.literal('workspace_access_revoked'),
  teamId: z.number().int(),
  userId: z.number().int(),
});
export const liveErrorMessageSchema = z.object({ type: z.literal('error'), message: z.string() });

export const liveMessageSchema = z.discriminatedUnion('type', [
  connectedMessageSchema,
  subscribedMessageSchema,
  unsubscribedMessageSchema,
  generationStartedMessageSchema,
  variationStartedMessageSchema,
  variationProgressMessageSchema,
  variationCompletedMessageSchema,
  variationFailedMessageSchema,
  batchCompletedMessageSchema,
  setCompletedMessageSchema,
  masksCompletedMessageSchema,
  masksFailedMessageSchema,
  pongMessageSchema,
  sessionRevokedMessageSchema,
  workspaceAccessRevokedMessageSchema,
  liveErrorMessageSchema,
]);
export type LiveMessage = z.infer<typeof liveMessageSchema>;
export type LiveMessageType = LiveMessage['type'];
export type LiveMessageOf<T extends LiveMessageType> = Extract<LiveMessage, { type: T }>;

export const MASKS_FAILED_DEFAULT = 'Mask generation failed';

// ---- client → server ----

const channelRequest = <T extends string>(type: T) =>
  z.object({ type: z.literal(type), inputImageId: z.coerce.number().int().min(1).max(2_147_483_647) });

export const liveClientMessageSchema = z.discriminatedUnion('type', [
  channelRequest('subscribe_generation'),
  channelRequest('unsubscribe_generation'),
  channelRequest('subscribe_masks'),
  channelRequest('unsubscribe_masks'),
  z.object({ type: z.literal('ping') }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;
