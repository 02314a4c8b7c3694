import { z } from 'zod';
import { subscriptionSchema } from './plans.js';
import { AUTH_MESSAGES, DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, EMAIL_PATTERN, NAME_CONTROL_CHARACTERS, PASSWORD_MAX_LENGTH } from './authRules.js';

export * from './authRules.js';

/** A missing or non-string value gets the same message as a bad one. */
export const emailSchema = z
  .string({ error: AUTH_MESSAGES.invalidEmail })
  .trim()
  .email({ error: AUTH_MESSAGES.invalidEmail, pattern: EMAIL_PATTERN })
  .max(EMAIL_MAX_LENGTH, AUTH_MESSAGES.invalidEmail);

const fullNameSchema = z
  .string({ error: AUTH_MESSAGES.nameMin })
  .trim()
  .min(2, AUTH_MESSAGES.nameMin)
  .max(100, AUTH_MESSAGES.nameMax)
  .refine((name) => !NAME_CONTROL_CHARACTERS.test(name), AUTH_MESSAGES.nameInvalid);

/** The display name others see; '' goes back to the default (the first name). */
const displayNameSchema = z
  .string({ error: AUTH_MESSAGES.displayNameMin })
  .trim()
  .max(DISPLAY_NAME_MAX_LENGTH, AUTH_MESSAGES.displayNameMax)
  .refine((name) => name.length === 0 || name.length >= 2, AUTH_MESSAGES.displayNameMin)
  .refine((name) => !NAME_CONTROL_CHARACTERS.test(name), AUTH_MESSAGES.nameInvalid);

/** A new password (register, reset, change). */
const newPasswordSchema = z
  .string({ error: AUTH_MESSAGES.passwordMin })
  .min(6, AUTH_MESSAGES.passwordMin)
  .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordMax);

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordMax),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The register form adds confirmPassword, which is never sent to the server. */
export const registerFormSchema = registerRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const userSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  /** The name other people see, as chosen in profile settings; null: the default (publicNameOf). */
  displayName: z.string().nullable(),
  email: z.string(),
  profilePicture: z.string().nullable(),
  emailVerified: z.boolean(),
  isStudent: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
  /** Holds the operator role (given only on the server's command line): the web shows the way to /admin. */
  isOperator: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** Login, Google login and verification responses. */
export const sessionResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
  subscription: subscriptionSchema,
  credits: z.number().int(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** GET /auth/me */
export const meResponseSchema = sessionResponseSchema.omit({ token: true });
export type MeResponse = z.infer<typeof meResponseSchema>;

export const registerResponseSchema = z.object({
  success: z.literal(true),
  emailSent: z.boolean(),
  message: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** 403 body of a login refused because the e-mail is not verified. */
export const loginVerificationRequiredSchema = z.object({
  message: z.string(),
  code: z.literal('EMAIL_NOT_VERIFIED'),
  emailVerificationRequired: z.literal(true),
  email: z.string(),
});

export const emailOnlyRequestSchema = z.object({ email: emailSchema });
export const successResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type SuccessResponse = z.infer<typeof successResponseSchema>;

const emailTokenSchema = z
  .string({ error: 'Token is required' })
  .min(1, 'Token is required')
  .max(512, 'Token is too long');
export const verifyEmailQuerySchema = z.object({ token: emailTokenSchema });
export const googleTokenRequestSchema = z.object({
  token: z
    .string({ error: 'Google credential is required' })
    .min(1, 'Google credential is required')
    .max(8192, 'Google credential is too long'),
});

export const resetPasswordRequestSchema = z.object({
  token: emailTokenSchema,
  password: newPasswordSchema,
});
export const resetPasswordFormSchema = resetPasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

export const updateProfileRequestSchema = z.object({
  fullName: fullNameSchema,
  /** Left out: unchanged. '' : back to the default (the first name). */
  displayName: displayNameSchema.optional(),
});
export const changePasswordRequestSchema = z.object({
  /** Required when the account already has a password (a Google-only account may set its first one). */
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordMax).optional(),
  newPassword: newPasswordSchema,
});
export const deleteAccountRequestSchema = z.object({
  /** Required when the account has a password. */
  password: z.string().max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordMax).optional(),
  confirm: z.literal('DELETE', { message: 'Type DELETE to confirm' }),
});

export const ATELIER_MODES = ['demo', 'production'] as const;
export type AtelierMode = (typeof ATELIER_MODES)[number];
/** Sign-in methods, and the server's mode (demo: payments simulated, e-mail to the outbox). */
export const authConfigResponseSchema = z.object({ googleEnabled: z.boolean(), mode: z.enum(ATELIER_MODES) });
export type AuthConfigResponse = z.infer<typeof authConfigResponseSchema>;
/** A password change ends every other session; the browser that changed it continues with this token. */
export const changePasswordResponseSchema = successResponseSchema.extend({ token: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/** An auth error reply: `{message, code}`; validation errors also name the `field`. */
export const authErrorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
  field: z.string().optional(),
});

/** The `code` of the auth error replies the browser may branch on. */
export const AUTH_ERROR_CODES = {
  emailTaken: 'EMAIL_TAKEN',
  invalidCredentials: 'INVALID_CREDENTIALS',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  useGoogleSignIn: 'USE_GOOGLE_SIGN_IN',
  invalidToken: 'INVALID_TOKEN',
  tokenExpired: 'TOKEN_EXPIRED',
  tokenUsed: 'TOKEN_USED',
  googleNotConfigured: 'GOOGLE_NOT_CONFIGURED',
  googleFailed: 'GOOGLE_AUTH_FAILED',
  googleEmailNotVerified: 'GOOGLE_EMAIL_NOT_VERIFIED',
  wrongPassword: 'WRONG_PASSWORD',
  currentPasswordRequired: 'CURRENT_PASSWORD_REQUIRED',
  unsupportedImage: 'UNSUPPORTED_MEDIA_TYPE',
  fileTooLarge: 'PAYLOAD_TOO_LARGE',
  rateLimited: 'RATE_LIMITED',
} as const;

/** Limits of the profile picture upload. */
export const PROFILE_PICTURE = { maxBytes: 5 * 1024 * 1024, size: 256, types: ['image/jpeg', 'image/png', 'image/webp'] } as const;
