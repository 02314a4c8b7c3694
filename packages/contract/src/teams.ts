import { z } from 'zod';
import { emailSchema, NAME_CONTROL_CHARACTERS } from './auth.js';
import { planTypeSchema } from './plans.js';

/**
 * Studios (issue 32): a team workspace is its own account; members act on it.
 * The workspace of a call is named by the header below (absent = the personal workspace)
 * and, on the WebSocket, by the query parameter `workspace`.
 */
export const WORKSPACE_HEADER = 'x-atelier-workspace';
export const WORKSPACE_QUERY_PARAM = 'workspace';
/** `team:{teamId}`; the personal workspace sends no header. */
export const WORKSPACE_VALUE_PATTERN = /^team:([1-9][0-9]{0,9})$/;

export function teamWorkspaceValue(teamId: number): string {
  return `team:${teamId}`;
}

/** The team id named by a header/query value, or null when it is malformed. */
export function parseWorkspaceValue(value: string): number | null {
  const match = WORKSPACE_VALUE_PATTERN.exec(value.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id <= 2_147_483_647 ? id : null;
}

export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export const teamRoleSchema = z.enum(TEAM_ROLES);
export type TeamRole = z.infer<typeof teamRoleSchema>;
/** Roles an invitation may carry: ownership is only handed over, never invited. */
export const INVITABLE_ROLES = ['admin', 'member'] as const;
export const invitableRoleSchema = z.enum(INVITABLE_ROLES, { error: 'Role must be admin or member' });

/** Days an invitation link stays valid. */
export const TEAM_INVITATION_DAYS = 7;
/** Seats of a team without a team plan (owner included). */
export const TEAM_DEFAULT_SEAT_LIMIT = 3;
export const TEAM_NAME_MAX_LENGTH = 80;
/** Largest monthly cap an admin can set per member (credits). */
export const TEAM_CREDIT_CAP_MAX = 1_000_000;

export const TEAM_MESSAGES = {
  nameRequired: 'Team name must be at least 2 characters',
  nameTooLong: `Team name must be at most ${TEAM_NAME_MAX_LENGTH} characters`,
  badWorkspace: 'X-Atelier-Workspace must be "team:{teamId}"',
  notMember: 'You are not a member of this team',
  notFound: 'Team not found',
  adminOnly: 'Only the team owner or an admin can do this',
  ownerOnly: 'Only the team owner can do this',
  seatLimit: 'The team has no free seat. Upgrade the team plan for more seats.',
  alreadyMember: 'This person is already a member of the team',
  invitationPending: 'An invitation to this e-mail is already pending',
  invitationInvalid: 'This invitation link is not valid',
  invitationExpired: 'This invitation has expired. Ask for a new one.',
  invitationUsed: 'This invitation has already been used',
  invitationRevoked: 'This invitation was revoked',
  invitationOtherEmail: 'This invitation was sent to another e-mail address. Sign in with that address.',
  invitationNotFound: 'Invitation not found',
  memberNotFound: 'Member not found',
  ownerCannotLeave: 'The owner cannot leave the team. Hand over ownership first.',
  ownerRoleOnlyByOwner: 'Only the owner can hand over ownership',
  cannotChangeOwner: "The owner's role changes only by handing over ownership",
  capReached: 'You reached your monthly credit cap in this team. Ask a team admin to raise it.',
  emailNotVerified: 'Verify your e-mail address before joining a team',
  teamAccountSignIn: 'This address cannot sign in',
} as const;

/** Error codes of the team routes and the workspace check that the browser may branch on. */
export const TEAM_ERROR_CODES = {
  badWorkspace: 'INVALID_WORKSPACE',
  notMember: 'NOT_TEAM_MEMBER',
  forbidden: 'TEAM_ROLE_FORBIDDEN',
  seatLimit: 'TEAM_SEAT_LIMIT',
  alreadyMember: 'ALREADY_TEAM_MEMBER',
  invitationPending: 'INVITATION_PENDING',
  invitationInvalid: 'INVITATION_INVALID',
  invitationExpired: 'INVITATION_EXPIRED',
  invitationUsed: 'INVITATION_USED',
  invitationRevoked: 'INVITATION_REVOKED',
  invitationOtherEmail: 'INVITATION_OTHER_EMAIL',
  ownerCannotLeave: 'OWNER_CANNOT_LEAVE',
  capReached: 'MEMBER_CREDIT_CAP_REACHED',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
} as const;

export const teamIdParamSchema = z.object({ teamId: z.coerce.number().int().positive().max(2_147_483_647) });
export const teamMemberParamSchema = teamIdParamSchema.extend({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
});
export const teamInvitationParamSchema = teamIdParamSchema.extend({
  invitationId: z.coerce.number().int().positive().max(2_147_483_647),
});

const teamNameSchema = z
  .string({ error: TEAM_MESSAGES.nameRequired })
  .trim()
  .min(2, TEAM_MESSAGES.nameRequired)
  .max(TEAM_NAME_MAX_LENGTH, TEAM_MESSAGES.nameTooLong)
  .refine((name) => !NAME_CONTROL_CHARACTERS.test(name), TEAM_MESSAGES.nameRequired);

/** POST /api/teams */
export const createTeamRequestSchema = z.object({ name: teamNameSchema });
export type CreateTeamRequest = z.infer<typeof createTeamRequestSchema>;

/** POST /api/teams → 201; GET /api/teams → an array of these. */
export const teamSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: teamRoleSchema,
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

/** One team of GET /api/teams, with what the switcher and /team page show. */
export const teamListItemSchema = teamSummarySchema.extend({
  memberCount: z.number().int(),
  seatLimit: z.number().int(),
  /** The team account's pool (credits). */
  creditBalance: z.number().int(),
  /**
   * The team's plan (FREE without an active one). Team plans are priced per seat and bought by the
   * owner through the same checkout and portal (POST /api/subscription/checkout with `seats`, in
   * the team's workspace); seatLimit is the plan's seats, TEAM_DEFAULT_SEAT_LIMIT without a plan.
   */
  planType: planTypeSchema,
  /** The team plan's name ('Studio Explorer'), null without a team plan. */
  planName: z.string().nullable(),
});
export type TeamListItem = z.infer<typeof teamListItemSchema>;
export const teamListResponseSchema = z.array(teamListItemSchema);
export type TeamListResponse = z.infer<typeof teamListResponseSchema>;

/** POST /api/teams/{teamId}/invitations */
export const createInvitationRequestSchema = z.object({
  email: emailSchema,
  role: invitableRoleSchema.default('member'),
});
export type CreateInvitationRequest = z.input<typeof createInvitationRequestSchema>;

/** 201 of the invitation POST and resend; one item of GET invitations (pending ones only). */
export const teamInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: invitableRoleSchema,
  expiresAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;
export const teamInvitationListSchema = z.array(
  teamInvitationSchema.extend({ createdAt: z.string(), invitedBy: z.string() }),
);
export type TeamInvitationList = z.infer<typeof teamInvitationListSchema>;

/** POST /api/teams/join */
export const joinTeamRequestSchema = z.object({
  token: z.string({ error: TEAM_MESSAGES.invitationInvalid }).trim().min(16, TEAM_MESSAGES.invitationInvalid).max(200, TEAM_MESSAGES.invitationInvalid),
});
export type JoinTeamRequest = z.infer<typeof joinTeamRequestSchema>;
export const joinTeamResponseSchema = z.object({ teamId: z.number().int(), role: teamRoleSchema, name: z.string() });
export type JoinTeamResponse = z.infer<typeof joinTeamResponseSchema>;

/** GET /api/teams/{teamId}/members */
export const teamMemberSchema = z.object({
  userId: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  role: teamRoleSchema,
  /** null: no cap. */
  monthlyCreditCap: z.number().int().nullable(),
  /** Debits minus refunds this calendar month (UTC), in this team. */
  creditsUsedThisMonth: z.number().int(),
  joinedAt: z.string(),
  lastActiveAt: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamMemberListSchema = z.array(teamMemberSchema);

/** PATCH /api/teams/{teamId}/members/{userId}: role 'owner' hands over ownership (owner only). */
export const updateMemberRequestSchema = z
  .object({
    role: teamRoleSchema.optional(),
    monthlyCreditCap: z.number().int().min(0).max(TEAM_CREDIT_CAP_MAX).nullable().optional(),
  })
  .refine((v) => v.role !== undefined || v.monthlyCreditCap !== undefined, {
    message: 'Send role or monthlyCreditCap',
    path: ['role'],
  });
export type UpdateMemberRequest = z.infer<typeof updateMemberRequestSchema>;

/** GET /api/teams/{teamId}/usage?from&to[&format=csv]; dates are YYYY-MM-DD (UTC), to inclusive. */
const isoDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31');
export const teamUsageQuerySchema = z.object({
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
  format: z.enum(['json', 'csv']).default('json'),
});
export type TeamUsageQuery = z.input<typeof teamUsageQuerySchema>;

/** One row: credits a member spent (debits minus refunds) in one module on one day. */
export const teamUsageRowSchema = z.object({
  day: z.string(),
  userId: z.number().int(),
  fullName: z.string(),
  /** generation, tweak, refine, masks, ... (the ledger's source). */
  module: z.string(),
  credits: z.number().int(),
});
export type TeamUsageRow = z.infer<typeof teamUsageRowSchema>;
export const teamUsageResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(teamUsageRowSchema),
  /** Totals per member over the period. */
  members: z.array(z.object({ userId: z.number().int(), fullName: z.string(), credits: z.number().int() })),
  /** Totals per module over the period. */
  modules: z.array(z.object({ module: z.string(), credits: z.number().int() })),
  total: z.number().int(),
});
export type TeamUsageResponse = z.infer<typeof teamUsageResponseSchema>;


/** The team's workspace as the switcher shows it (on each list item and in live messages). */
export const workspaceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('personal') }),
  z.object({ kind: z.literal('team'), teamId: z.number().int(), role: teamRoleSchema }),
]);
export type Workspace = z.infer<typeof workspaceSchema>;
