import { z } from 'zod';
import { billingCycleSchema, paidPlanTypeSchema, subscriptionSchema, type PaidPlanType } from './plans.js';

export * from './credits.js';

/** Texts of the plans, checkout and portal screens that both sides show (spec §2, §5, §8). */
export const BILLING_MESSAGES = {
  educationalOnlyForStudents: 'Educational plans are only available for verified students',
  failedToLoadPlans: 'Failed to load pricing plans',
  failedToStartUpgrade: 'Failed to start upgrade process',
  failedToOpenPortal: 'Failed to open subscription management',
  annualSaving: "You're saving 20% with annual billing!",
  sharedCompute: 'Shared Purchased Compute resource',
  accessAllFeatures: 'Access all features',
  alreadyOnPlan: 'You are already on this plan',
  downgradeInPortal: 'Downgrades are made in the billing portal',
  pastDue: 'Your last payment failed. Update your payment method in the billing portal first.',
  noBillingAccount: 'You have no billing account yet. Choose a plan first.',
  ownerManagesBilling: "Billing is managed by the studio's owner",
  seatsRequired: 'seats: choose how many seats the studio plan has',
  teamPlansOnlyInTeams: 'seats: studio plans are bought in a studio workspace; personal plans have no seats',
  alreadyOnTeamPlan: 'The studio is already on this plan with these seats',
} as const;

/** Seats a team plan may have (the seat picker's bounds; the server refuses others, naming `seats`). */
export const TEAM_PLAN_MIN_SEATS = 2;
export const TEAM_PLAN_MAX_SEATS = 200;

/** The refusal of fewer seats than the studio has members. */
export function seatsBelowMembersMessage(seats: number, members: number): string {
  return `seats: the studio has ${members} members, so its plan needs at least ${members} seats (you chose ${seats}). Remove members first to pay for fewer seats.`;
}

/** The error codes of the billing endpoints the browser may branch on. */
export const BILLING_ERROR_CODES = {
  studentVerificationRequired: 'STUDENT_VERIFICATION_REQUIRED',
  /** A team plan without seats, a personal plan with seats, or an educational plan for a team. */
  teamPlanMismatch: 'TEAM_PLAN_MISMATCH',
  seatsBelowMembers: 'SEATS_BELOW_MEMBERS',
  alreadySubscribed: 'ALREADY_SUBSCRIBED',
  useBillingPortal: 'USE_BILLING_PORTAL',
  paymentPastDue: 'PAYMENT_PAST_DUE',
  noBillingAccount: 'NO_BILLING_ACCOUNT',
  planRequired: 'PLAN_REQUIRED',
  checkoutUnavailable: 'CHECKOUT_UNAVAILABLE',
} as const;

/** Prices in cents (EUR). */
export const planPricesSchema = z.object({
  monthly: z.number().int().nonnegative(),
  yearly: z.number().int().nonnegative(),
});
export type PlanPrices = z.infer<typeof planPricesSchema>;

/** One plan of the pricing response (spec §3: planType, name, description, credits, prices). */
export const pricingPlanSchema = z.object({
  planType: paidPlanTypeSchema,
  /** e.g. 'Explorer Plan'; the plans page shows it without the word Plan. */
  name: z.string(),
  description: z.string(),
  /** Credits per month; a yearly plan grants this every month. */
  credits: z.number().int().positive(),
  prices: planPricesSchema,
  currency: z.literal('EUR'),
  isEducational: z.boolean(),
  features: z.array(z.string()),
});
export type PricingPlan = z.infer<typeof pricingPlanSchema>;

/** One studio (team) plan: priced per seat, each seat adding `creditsPerSeat` to the team pool a month. */
export const teamPricingPlanSchema = z.object({
  planType: paidPlanTypeSchema,
  /** e.g. 'Studio Explorer'. */
  name: z.string(),
  description: z.string(),
  creditsPerSeat: z.number().int().positive(),
  /** Cents per seat. */
  pricesPerSeat: planPricesSchema,
  currency: z.literal('EUR'),
  features: z.array(z.string()),
});
export type TeamPricingPlan = z.infer<typeof teamPricingPlanSchema>;

/**
 * GET /subscription/plans. In a team workspace (owner only) the personal plans are empty and
 * `teamPlans` lists the studio plans; the personal workspace never gets `teamPlans`.
 */
export const pricingResponseSchema = z.object({
  regularPlans: z.array(pricingPlanSchema),
  educationalPlans: z.array(pricingPlanSchema),
  isStudent: z.boolean(),
  teamPlans: z.array(teamPricingPlanSchema).optional(),
});
export type PricingResponse = z.infer<typeof pricingResponseSchema>;

const seatsSchema = z
  .number({ error: 'seats: send the number of seats as a whole number' })
  .int('seats: send the number of seats as a whole number')
  .min(TEAM_PLAN_MIN_SEATS, `seats: a studio plan has at least ${TEAM_PLAN_MIN_SEATS} seats`)
  .max(TEAM_PLAN_MAX_SEATS, `seats: a studio plan has at most ${TEAM_PLAN_MAX_SEATS} seats`);

/**
 * POST /subscription/checkout. `seats` only in a team workspace, where it is required: the same
 * plan and cycle with other seats changes the seats.
 */
export const checkoutRequestSchema = z.object({
  planType: paidPlanTypeSchema,
  billingCycle: billingCycleSchema.default('MONTHLY'),
  isEducational: z.boolean().default(false),
  seats: seatsSchema.optional(),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

/** Checkout and portal responses: the browser is redirected to `url`. */
export const redirectUrlResponseSchema = z.object({ url: z.string() });
export type RedirectUrlResponse = z.infer<typeof redirectUrlResponseSchema>;

/** GET /subscription */
export const subscriptionResponseSchema = subscriptionSchema;

/** POST /subscription/checkout/confirm — the success page hands back the provider's session id. */
export const confirmCheckoutRequestSchema = z.object({ sessionId: z.string().min(1).max(255) });
export const confirmCheckoutResponseSchema = z.object({
  subscription: subscriptionSchema,
  credits: z.number().int(),
});

/** An invoice (Stripe) or a test-mode receipt (local provider), for the /billing page. */
export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  /** ISO date the invoice was created. */
  date: z.string(),
  description: z.string(),
  /** Cents. */
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  /** Stripe's hosted invoice page and PDF, when Stripe provides them. */
  hostedUrl: z.string().nullable(),
  pdfUrl: z.string().nullable(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** GET /billing/invoices */
export const invoicesResponseSchema = z.object({
  items: z.array(invoiceSchema),
  provider: z.enum(['local', 'stripe']),
});
export type InvoicesResponse = z.infer<typeof invoicesResponseSchema>;

/* ---------------------------- local (test-mode) provider ---------------------------- */

export const CHECKOUT_KINDS = ['SUBSCRIPTION', 'CREDITS'] as const;
export const CHECKOUT_STATUSES = ['OPEN', 'COMPLETED', 'CANCELED', 'EXPIRED'] as const;

/** GET /billing/local/sessions/:id — what the test-mode checkout page shows. */
export const localCheckoutSessionSchema = z.object({
  id: z.string(),
  kind: z.enum(CHECKOUT_KINDS),
  status: z.enum(CHECKOUT_STATUSES),
  planType: paidPlanTypeSchema.nullable(),
  planName: z.string().nullable(),
  billingCycle: billingCycleSchema.nullable(),
  isEducational: z.boolean(),
  /** True when the checkout changes an existing subscription. */
  isChange: z.boolean(),
  /** A studio plan's seats (null for a personal plan or a pack). */
  seats: z.number().int().nullable(),
  packId: z.string().nullable(),
  credits: z.number().int(),
  /** Cents. */
  amount: z.number().int(),
  currency: z.literal('EUR'),
  description: z.string(),
  customerEmail: z.string(),
  /** Where Cancel and completion lead. */
  returnPath: z.string(),
  expiresAt: z.string(),
});
export type LocalCheckoutSession = z.infer<typeof localCheckoutSessionSchema>;

export const localCheckoutCompleteResponseSchema = z.object({
  redirectTo: z.string(),
  subscription: subscriptionSchema,
  credits: z.number().int(),
});
export type LocalCheckoutCompleteResponse = z.infer<typeof localCheckoutCompleteResponseSchema>;

/** POST /billing/local/portal — the test-mode portal's actions. */
export const localPortalActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('change'), planType: paidPlanTypeSchema, billingCycle: billingCycleSchema, seats: seatsSchema.optional() }),
  z.object({ action: z.literal('cancel') }),
  z.object({ action: z.literal('resume') }),
]);
export type LocalPortalAction = z.infer<typeof localPortalActionSchema>;

export const localPortalResponseSchema = z.object({
  subscription: subscriptionSchema,
  credits: z.number().int(),
});
export type LocalPortalResponse = z.infer<typeof localPortalResponseSchema>;

/** 'Explorer Plan' → 'Explorer' (the plan cards show the name without the word Plan). */
export function planDisplayName(name: string): string {
  return name.replace(/\s*\bplan\b\s*$/i, '').trim();
}

/** The paid plan types in rank order. */
export const PLAN_ORDER: readonly PaidPlanType[] = ['STARTER', 'EXPLORER', 'PRO'];
