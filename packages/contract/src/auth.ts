import { z } from 'zod';
import { subscriptionSchema } from './plans.js';

// Texts from the spec (accounts §5). Server and web validate with these same schemas.
export const AUTH_MESSAGES = {
  invalidEmail: 'Invalid email address',
  passwordRequired: 'Password is required',
  nameMin: 'Name must be at least 2 characters',
  passwordMin: 'Password must be at least 6 characters',
  passwordsDontMatch: "Passwords don't match",
} as const;

export const emailSchema = z.string().trim().email(AUTH_MESSAGES.invalidEmail).max(254, AUTH_MESSAGES.invalidEmail);

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, AUTH_MESSAGES.passwordRequired).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z.object({
  fullName: z.string().trim().min(2, AUTH_MESSAGES.nameMin).max(100),
  email: emailSchema,
  password: z.string().min(6, AUTH_MESSAGES.passwordMin).max(1024),
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
  email: z.string(),
  profilePicture: z.string().nullable(),
  emailVerified: z.boolean(),
  isStudent: z.boolean(),
  hasPassword: z.boolean(),
  createdAt: z.string(),
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

export const verifyEmailQuerySchema = z.object({ token: z.string().min(1, 'Token is required').max(512) });
export const googleTokenRequestSchema = z.object({ token: z.string().min(1, 'Google credential is required') });

export const resetPasswordRequestSchema = z.object({
  token: z.string().min(1, 'Token is required').max(512),
  password: z.string().min(6, AUTH_MESSAGES.passwordMin).max(1024),
});
export const resetPasswordFormSchema = resetPasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });

export const updateProfileRequestSchema = z.object({
  fullName: z.string().trim().min(2, AUTH_MESSAGES.nameMin).max(100),
});
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().max(1024).optional(),
  newPassword: z.string().min(6, AUTH_MESSAGES.passwordMin).max(1024),
});
export const deleteAccountRequestSchema = z.object({
  password: z.string().max(1024).optional(),
  confirm: z.literal('DELETE', { message: 'Type DELETE to confirm' }),
});

export const authConfigResponseSchema = z.object({ googleEnabled: z.boolean() });
