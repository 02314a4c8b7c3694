import { z } from 'zod';
import { creditTransactionSchema } from './credits.js';
import { engineInfoResponseSchema } from './engine.js';
import { pageQuerySchema, paginationSchema } from './images.js';

// The operator's console (/admin; issue 33 part 3). Every /api/admin call is refused (403) to
// accounts without the operator role and to API keys. The role is given only on the server's
// command line (`npm run admin -- make-operator EMAIL`).

export const ADMIN_MESSAGES = {
  operatorOnly: 'This is for operators only.',
  accountSuspended: 'This account is suspended. Contact support to have it restored.',
  alreadyRefunded: 'This render was refunded already.',
  notRetryable: 'Only a failed render can be retried.',
  notRefundable: 'Only a render still running can be stopped and refunded.',
  reasonRequired: 'Give a reason (it is kept in the ledger and the audit log)',
} as const;

export const ADMIN_PAGE_SIZE = 25;

const reasonSchema = z
  .string({ error: ADMIN_MESSAGES.reasonRequired })
  .trim()
  .min(3, ADMIN_MESSAGES.reasonRequired)
  .max(500, 'The reason is at most 500 characters');

/** GET /admin/access: 200 for an operator (the web's route guard asks it), 403 otherwise. */
export const adminAccessResponseSchema = z.object({ operator: z.literal(true), email: z.string() });
export type AdminAccess = z.infer<typeof adminAccessResponseSchema>;

/** GET /admin/users?q&page&limit: q is the start of an e-mail address. */
export const adminUsersQuerySchema = pageQuerySchema(ADMIN_PAGE_SIZE).extend({
  q: z.string().trim().max(254, 'The search is at most 254 characters').optional(),
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const adminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  fullName: z.string(),
  kind: z.enum(['person', 'team']),
  /** The plan's name (FREE without one) and its status. */
  plan: z.string(),
  planStatus: z.string().nullable(),
  credits: z.number().int(),
  lastActiveAt: z.string().nullable(),
  suspendedAt: z.string().nullable(),
  isOperator: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersResponseSchema = z.object({ items: z.array(adminUserSchema), pagination: paginationSchema });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

export const adminIdParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** GET /admin/users/:id/ledger?page&limit */
export const adminLedgerQuerySchema = pageQuerySchema(ADMIN_PAGE_SIZE);
export const adminLedgerResponseSchema = z.object({ items: z.array(creditTransactionSchema), pagination: paginationSchema });
export type AdminLedgerResponse = z.infer<typeof adminLedgerResponseSchema>;

/** POST /admin/users/:id/credits: added (or, negative, removed) through the ledger, with a reason. */
export const adminCreditAdjustmentSchema = z.object({
  amount: z
    .number({ error: 'amount must be a whole number of credits' })
    .int('amount must be a whole number of credits')
    .min(-100_000, 'amount is at least -100000')
    .max(100_000, 'amount is at most 100000')
    .refine((n) => n !== 0, 'amount must not be 0'),
  reason: reasonSchema,
});
export type AdminCreditAdjustment = z.infer<typeof adminCreditAdjustmentSchema>;
export const adminCreditAdjustmentResponseSchema = z.object({ balance: z.number().int(), applied: z.number().int() });

/** POST /admin/users/:id/suspension: suspend (sessions, sockets and API keys stop at once) or restore. */
export const adminSuspensionSchema = z.object({ suspended: z.boolean({ error: 'suspended must be true or false' }), reason: reasonSchema });
export type AdminSuspension = z.infer<typeof adminSuspensionSchema>;

/** GET /admin/renders?state=failed|stuck&stuckMinutes&page&limit */
export const adminRendersQuerySchema = pageQuerySchema(ADMIN_PAGE_SIZE).extend({
  state: z.enum(['failed', 'stuck']).default('failed'),
  /** stuck: still running this many minutes after it was asked for. */
  stuckMinutes: z.coerce.number().int().min(1).max(10_080).default(15),
});
export type AdminRendersQuery = z.infer<typeof adminRendersQuerySchema>;

export const adminRenderSchema = z.object({
  id: z.number().int(),
  batchId: z.number().int(),
  userId: z.number().int(),
  userEmail: z.string(),
  moduleType: z.string(),
  queue: z.string().nullable(),
  status: z.enum(['PROCESSING', 'COMPLETED', 'FAILED']),
  error: z.string().nullable(),
  refunded: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminRender = z.infer<typeof adminRenderSchema>;
export const adminRendersResponseSchema = z.object({ items: z.array(adminRenderSchema), pagination: paginationSchema });
export type AdminRendersResponse = z.infer<typeof adminRendersResponseSchema>;
export const adminRenderActionResponseSchema = z.object({ render: adminRenderSchema, message: z.string() });
export type AdminRenderActionResponse = z.infer<typeof adminRenderActionResponseSchema>;

/** GET /admin/system: the job queues and the engine. */
export const adminQueueSchema = z.object({
  queue: z.string(),
  waiting: z.number().int(),
  active: z.number().int(),
  oldestWaitingSeconds: z.number(),
});
export const adminSystemResponseSchema = z.object({ queues: z.array(adminQueueSchema), engine: engineInfoResponseSchema });
export type AdminSystem = z.infer<typeof adminSystemResponseSchema>;

/** GET /admin/audit?page&limit */
export const adminAuditQuerySchema = pageQuerySchema(ADMIN_PAGE_SIZE);
export const adminAuditEntrySchema = z.object({
  id: z.number().int(),
  operatorEmail: z.string(),
  action: z.string(),
  target: z.string(),
  targetUserId: z.number().int().nullable(),
  details: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditResponseSchema = z.object({ items: z.array(adminAuditEntrySchema), pagination: paginationSchema });
export type AdminAuditResponse = z.infer<typeof adminAuditResponseSchema>;
