import { z } from 'zod';

/** Texts of the credit screens and warnings (spec §4 credit warnings). */
export const CREDITS_MESSAGES = {
  outOfCredits: "You've run out of credits! Upgrade your plan to continue generating amazing content.",
  lowCredits: (n: number) => `You have ${n} credits remaining. Consider upgrading your plan soon.`,
  highUsage: 'High usage - consider upgrading',
  moderateUsage: 'Moderate usage',
  healthyUsage: 'Healthy usage',
  planRequiredForPacks: 'Buying extra credits requires an active plan',
  failedToStartPurchase: 'Failed to start the credit purchase',
  failedToLoadTransactions: 'Failed to load your credit history',
} as const;

/** Spec §9: the low-credit warning shows at this balance or below (and above 0). */
export const LOW_CREDITS_THRESHOLD = 10;

export const CREDIT_PACK_IDS = ['PACK_50', 'PACK_100', 'PACK_300'] as const;
export const creditPackIdSchema = z.enum(CREDIT_PACK_IDS);
export type CreditPackId = z.infer<typeof creditPackIdSchema>;

/** A top-up pack; priced by the server only. */
export const creditPackSchema = z.object({
  id: creditPackIdSchema,
  credits: z.number().int().positive(),
  /** Cents. */
  price: z.number().int().positive(),
  currency: z.literal('EUR'),
});
export type CreditPack = z.infer<typeof creditPackSchema>;

/** GET /credits */
export const creditsSummarySchema = z.object({
  /** The whole balance. */
  credits: z.number().int(),
  /** The part of it bought as top-ups; it survives plan renewals. */
  purchasedCredits: z.number().int(),
  /** The part of it that is the plan allowance. */
  planCredits: z.number().int(),
  /** The plan allowance per month (0 without a plan). */
  allowance: z.number().int(),
  packs: z.array(creditPackSchema),
  /** Packs can be bought with an active plan only. */
  canPurchase: z.boolean(),
});
export type CreditsSummary = z.infer<typeof creditsSummarySchema>;

/** POST /credits/checkout */
export const creditsCheckoutRequestSchema = z.object({ pack: creditPackIdSchema });
export type CreditsCheckoutRequest = z.infer<typeof creditsCheckoutRequestSchema>;

export const CREDIT_REASONS = ['PLAN_GRANT', 'PURCHASE', 'GENERATION', 'REFUND', 'ADJUSTMENT'] as const;
export const creditReasonSchema = z.enum(CREDIT_REASONS);
export type CreditReasonName = z.infer<typeof creditReasonSchema>;

/** How the ledger names each reason to a reader. */
export const CREDIT_REASON_LABELS: Record<CreditReasonName, string> = {
  PLAN_GRANT: 'Plan credits',
  PURCHASE: 'Credit purchase',
  GENERATION: 'Usage',
  REFUND: 'Refund',
  ADJUSTMENT: 'Adjustment',
};

export const creditTransactionSchema = z.object({
  id: z.number().int(),
  /** Signed: positive adds credits, negative spends them. */
  amount: z.number().int(),
  balanceAfter: z.number().int(),
  reason: creditReasonSchema,
  description: z.string(),
  createdAt: z.string(),
});
export type CreditTransaction = z.infer<typeof creditTransactionSchema>;

/** GET /credits/transactions?page&limit */
export const creditTransactionsQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'page must be at least 1').max(100000).default(1),
  limit: z.coerce.number().int().min(1, 'limit must be between 1 and 100').max(100, 'limit must be between 1 and 100').default(20),
});
export type CreditTransactionsQuery = z.infer<typeof creditTransactionsQuerySchema>;

export const creditTransactionsResponseSchema = z.object({
  items: z.array(creditTransactionSchema),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  hasMore: z.boolean(),
});
export type CreditTransactionsResponse = z.infer<typeof creditTransactionsResponseSchema>;
