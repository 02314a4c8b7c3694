import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authConfigResponseSchema,
  authErrorResponseSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  deleteAccountRequestSchema,
  emailOnlyRequestSchema,
  googleTokenRequestSchema,
  loginRequestSchema,
  loginVerificationRequiredSchema,
  meResponseSchema,
  PROFILE_PICTURE,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  sessionResponseSchema,
  successResponseSchema,
  updateProfileRequestSchema,
  verifyEmailQuerySchema,
} from '@atelier/contract';
import type { App } from '../../types.js';
import { AppError } from '../../lib/errors.js';
import { readMultipartForm } from '../../lib/multipart.js';
import { createAuthService } from './auth.service.js';
import { OAUTH_STATE_TTL_MS } from './google-sign-in.js';
import { readAvatar } from './avatars.js';
import { errorResponses } from '../../lib/http-errors.js';

const TAGS = ['auth'];
const BEARER = [{ bearerAuth: [] }];

/** Error replies, declared so they show in /api/docs. */
function errors(...statuses: number[]) {
  return errorResponses(authErrorResponseSchema, statuses);
}

const redirectResponse = { 302: z.null().describe('Redirect (Location header)') };

/** The state of a Google redirect sign-in, kept by the browser that started it (login CSRF). */
const GOOGLE_STATE_COOKIE = 'atelier_google_state';

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The bearer token of a request requireUser has accepted. */
function bearerToken(header: string | undefined): string {
  return (header ?? '').slice('Bearer '.length).trim();
}

/** /api/auth/*: accounts, sessions, Google sign-in, profile. */
export async function registerAuthRoutes(api: App): Promise<void> {
  await api.register(authRoutes, { prefix: '/auth' });
}

async function authRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<ZodTypeProvider>();
  const { ctx } = app;
  const auth = createAuthService(ctx);
  app.addHook('onClose', () => auth.idle());
  ctx.log.info(
    { mail: ctx.mailer.kind, googleSignIn: ctx.identity.enabled },
    ctx.mailer.kind === 'outbox'
      ? 'E-mail goes to DATA_DIR/outbox (set SMTP_URL to deliver it)'
      : 'E-mail is delivered through SMTP_URL',
  );

  await app.register(multipart, {
    limits: { fileSize: PROFILE_PICTURE.maxBytes, files: 1, fields: 10, parts: 20 },
  });

  /** Every auth route is rate-limited per client; read-only routes a page load calls get more room. */
  const limit = (factor = 1) => ({
    rateLimit: { max: ctx.config.AUTH_RATE_LIMIT * factor, timeWindow: '1 minute' },
  });
  const publicUrl = ctx.config.publicUrl;
  const googleRedirectUri = `${publicUrl}/api/auth/google/callback`;
  const callbackPage = (params: Record<string, string>) => `${publicUrl}/auth/callback?${new URLSearchParams(params)}`;
  const secure = publicUrl.startsWith('https://') ? '; Secure' : '';
  // SameSite=Lax: sent on the top-level redirect back from Google, not on cross-site subrequests.
  const stateCookie = (value: string, maxAgeSeconds: number) =>
    `${GOOGLE_STATE_COOKIE}=${value}; Path=/api/auth/google; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;

  app.post(
    '/register',
    {
      config: limit(),
      schema: {
        tags: TAGS,
        summary: 'Create an account (FREE plan, 0 credits) and send the verification e-mail',
        body: registerRequestSchema,
        response: { 201: registerResponseSchema, ...errors(400, 409, 429) },
      },
    },
    async (req, reply) => reply.code(201).send(await auth.register(req.body)),
  );

  app.post(
    '/login',
    {
      config: limit(),
      schema: {
        tags: TAGS,
        summary: 'Sign in with e-mail and password',
        body: loginRequestSchema,
        response: { 200: sessionResponseSchema, ...errors(400, 401, 429), 403: loginVerificationRequiredSchema },
      },
    },
    async (req) => auth.login(req.body),
  );

  app.post(
    '/logout',
    {
      config: limit(),
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary: 'Sign out this session: its token stops working (401); the account\'s other sessions stay signed in',
        security: BEARER,
        response: { 200: successResponseSchema, ...errors(401, 429) },
      },
    },
    async (req) => auth.logout(req.userId, bearerToken(req.headers.authorization)),
  );

  app.post(
    '/logout-all',
    {
      config: limit(),
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary: 'Sign out of all devices: every token of the account stops working (401) and its live sockets close (4003)',
        security: BEARER,
        response: { 200: successResponseSchema, ...errors(401, 429) },
      },
    },
    async (req) => auth.logoutEverywhere(req.userId),
  );

  app.get(
    '/me',
    {
      config: limit(5),
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary: 'The signed-in user, subscription and credits',
        security: BEARER,
        response: { 200: meResponseSchema, ...errors(401, 429) },
      },
    },
    async (req) => auth.buildSessionPayload(req.userId),
  );

  app.patch(
    '/me',
    {
      config: limit(),
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary: 'Change the full name and the display name others see (Explore, share pages)',
        security: BEARER,
        body: updateProfileRequestSchema,
        response: { 200: meResponseSchema, ...errors(400, 401, 429) },
      },
    },
    async (req) => auth.updateProfile(req.userId, req.body),
  );

  app.delete(
    '/me',
    {
      config: limit(),
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary: 'Delete the account and all its data (password required when the account has one)',
        security: BEARER,
        body: deleteAccountRequestSchema,
        response: { 200: successResponseSchema, ...errors(400, 401, 409, 429) },
      },
    },
    async (req) => auth.deleteAccount(req.userId, req.body),
  );

  app.post(
    '/me/password',
    {
      config: limit(),
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary: 'Change (or, for a Google-only account, set) the password; ends every other session',
        description: 'Earlier tokens stop working; the reply carries a new token for this browser.',
        security: BEARER,
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema, ...errors(400, 401, 429) },
      },
    },
    async (req) => auth.changePassword(req.userId, req.body),
  );

  app.post(
    '/me/profile-picture',
    {
      config: limit(),
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary: 'Upload a profile picture (multipart field "file": JPEG, PNG or WEBP, at most 5 MB)',
        description: 'Stored as a 256×256 WEBP; user.profilePicture becomes its URL.',
        consumes: ['multipart/form-data'],
        security: BEARER,
        response: { 200: meResponseSchema, ...errors(400, 401, 413, 415, 429) },
      },
    },
    async (req) => {
      if (!req.isMultipart()) {
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the picture as multipart/form-data in a field named "file".');
      }
      const { files } = await readMultipartForm(req, {
        fileFields: ['file'],
        unexpectedFile: () => new AppError(400, 'FILE_REQUIRED', 'Choose an image to upload in the field "file".'),
        tooLarge: () => new AppError(413, 'PAYLOAD_TOO_LARGE', 'The profile picture must be 5 MB or smaller.'),
      });
      const upload = files.file?.bytes;
      if (!upload || upload.length === 0) {
        throw new AppError(400, 'FILE_REQUIRED', 'Choose an image to upload in the field "file".');
      }
      return auth.setProfilePicture(req.userId, upload);
    },
  );

  app.delete(
    '/me/profile-picture',
    {
      config: limit(),
      preHandler: app.requireUser,
      schema: {
        tags: TAGS,
        summary: 'Remove the profile picture',
        security: BEARER,
        response: { 200: meResponseSchema, ...errors(401, 429) },
      },
    },
    async (req) => auth.removeProfilePicture(req.userId),
  );

  app.get(
    '/avatars/:name',
    {
      config: limit(5),
      schema: {
        tags: TAGS,
        summary: 'A profile picture (public; the name is unguessable)',
        params: z.object({ name: z.string().max(100) }),
        produces: ['image/webp'],
        response: { 200: z.any().describe('The WEBP image bytes'), ...errors(404, 429) },
      },
    },
    async (req, reply) => {
      const picture = await readAvatar(ctx.storage, ctx.config.dataDir, req.params.name);
      if (!picture) throw new AppError(404, 'NOT_FOUND', 'Picture not found');
      return reply
        .type('image/webp')
        .header('content-length', picture.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(picture.body);
    },
  );

  app.get(
    '/verify-email',
    {
      config: limit(),
      schema: {
        tags: TAGS,
        summary: 'Verify the e-mail address with the token from the e-mail; signs in',
        querystring: verifyEmailQuerySchema,
        response: { 200: sessionResponseSchema, ...errors(400, 429) },
      },
    },
    async (req) => auth.verifyEmail(req.query.token),
  );

  app.post(
    '/resend-verification',
    {
      config: limit(),
      schema: {
        tags: TAGS,
        summary: 'Send a new verification e-mail (same answer whether or not the account exists)',
        body: emailOnlyRequestSchema,
        response: { 200: successResponseSchema, ...errors(400, 429) },
      },
    },
    async (req) => auth.resendVerification(req.body.email),
  );

  app.post(
    '/forgot-password',
    {
      config: limit(),
      schema: {
        tags: TAGS,
        summary: 'Send a password reset link valid for 1 hour (same answer whether or not the account exists)',
        body: emailOnlyRequestSchema,
        response: { 200: successResponseSchema, ...errors(400, 429) },
      },
    },
    async (req) => auth.forgotPassword(req.body.email),
  );

  app.post(
    '/reset-password',
    {
      config: limit(),
      schema: {
        tags: TAGS,
        summary: 'Set a new password with the token from the reset e-mail',
        body: resetPasswordRequestSchema,
        response: { 200: successResponseSchema, ...errors(400, 429) },
      },
    },
    async (req) => auth.resetPassword(req.body),
  );

  app.get(
    '/config',
    {
      config: limit(5),
      schema: {
        tags: TAGS,
        summary: 'Which sign-in methods this server offers, and its mode (demo or production)',
        response: { 200: authConfigResponseSchema, ...errors(429) },
      },
    },
    async () => ({ googleEnabled: ctx.identity.enabled, mode: ctx.config.ATELIER_MODE }),
  );

  app.post(
    '/google',
    {
      config: limit(),
      schema: {
        tags: TAGS,
        summary: 'Sign in with a Google ID token (the credential of the Google button)',
        body: googleTokenRequestSchema,
        response: { 200: sessionResponseSchema, ...errors(400, 401, 403, 409, 429, 503) },
      },
    },
    async (req) => auth.googleWithIdToken(req.body.token),
  );

  app.get(
    '/google',
    {
      config: limit(),
      schema: {
        tags: TAGS,
        summary: "Start a Google sign-in: redirects to the issuer's authorization page (PKCE S256, state, nonce)",
        response: { ...redirectResponse, ...errors(429) },
      },
    },
    async (req, reply) => {
      try {
        const { url, state } = await auth.googleStart(googleRedirectUri);
        return reply.header('set-cookie', stateCookie(state, OAUTH_STATE_TTL_MS / 1000)).redirect(url, 302);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return reply.redirect(callbackPage({ error: err.code.toLowerCase() }), 302);
      }
    },
  );

  app.get(
    '/google/callback',
    {
      config: limit(),
      schema: {
        tags: TAGS,
        summary: 'Where Google returns; redirects to /auth/callback?token=… or /auth/callback?error=…',
        querystring: z.object({
          code: z.string().optional(),
          state: z.string().optional(),
          error: z.string().optional(),
        }),
        response: { ...redirectResponse, ...errors(429) },
      },
    },
    async (req, reply) => {
      const query = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      reply.header('set-cookie', stateCookie('', 0));
      try {
        const session = await auth.googleCallback(new URL(`${googleRedirectUri}${query}`), readCookie(req.headers.cookie, GOOGLE_STATE_COOKIE));
        return reply.redirect(callbackPage({ token: session.token }), 302);
      } catch (err) {
        if (!(err instanceof AppError)) {
          req.log.error({ err }, 'Google sign-in callback failed');
          return reply.redirect(callbackPage({ error: 'google_auth_failed' }), 302);
        }
        return reply.redirect(callbackPage({ error: err.code.toLowerCase() }), 302);
      }
    },
  );
}
