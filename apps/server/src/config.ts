import { z } from 'zod';
import { siteCredentialsSchema } from '@atelier/contract';
import path from 'node:path';
import { cronProblem } from './operations/cron.js';

/**
 * Every environment variable the server reads, parsed once. The README's configuration
 * table mirrors this file. A bad value stops start-up with a message naming the variable.
 */
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.string().url().optional());

export const configSchema = z.object({
  /** demo (the default): outbox mail, local test checkout, generated secrets. production: refuses to start without real settings. */
  ATELIER_MODE: z.enum(['demo', 'production']).default('demo'),
  /** production only: accept an http:// PUBLIC_URL (e.g. TLS ends at a proxy on the same host). */
  ALLOW_HTTP: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL').optional(),
  ),
  JWT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: optionalString,
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Trust X-Forwarded-* from a reverse proxy (true, or a comma list of proxy addresses). */
  TRUST_PROXY: z.string().default('false'),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional()),
  MAIL_FROM: z.string().default('Atelier <no-reply@atelier.local>'),
  /**
   * Credentials under the sign-in card, as JSON: [{"label":"Finalist, Example Design Award 2025","url":"https://…"}].
   * Nothing is shown when unset.
   */
  CREDENTIALS: z.preprocess((v) => {
    if (v === undefined || v === null || (typeof v === 'string' && v.trim() === '')) return [];
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return 'not JSON';
    }
  }, siteCredentialsSchema),
  /** Where the /support contact form writes (without SMTP_URL it lands in the outbox like all mail). */
  SUPPORT_EMAIL: z.string().email().default('support@atelier.local'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.string().url().default('https://accounts.google.com'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  ENGINE: z.enum(['local', 'comfyui', 'runpod']).default('local'),
  COMFYUI_URL: optionalUrl,
  RUNPOD_API_KEY: optionalString,
  RUNPOD_ENDPOINT_ID: optionalString,
  RUNPOD_BASE_URL: z.string().url().default('https://api.runpod.ai/v2'),
  /** GPU engines (comfyui, runpod): model file names as installed in ComfyUI's models/ folders. The checkpoint defaults to the model of each image's settings (realvisxlLightning.safetensors). */
  COMFYUI_CHECKPOINT: optionalString,
  COMFYUI_CONTROLNET: z.string().min(1).default('controlnet-canny-sdxl-1.0.safetensors'),
  COMFYUI_LORA: z.string().min(1).default('add-detail-xl.safetensors'),
  COMFYUI_UPSCALE_MODEL: z.string().min(1).default('RealESRGAN_x4plus.pth'),
  /** GPU engines: a dedicated inpainting checkpoint for inpaint and outpaint (unset: the render checkpoint). */
  COMFYUI_INPAINT_CHECKPOINT: optionalString,
  /** The depth ControlNet of renders of views sent with a depth pass (issue 31); unset, such renders are refused before any charge. */
  COMFYUI_CONTROLNET_DEPTH: optionalString,
  /** GPU engines: steps, cfg, sampler and scheduler (lightning, turbo, standard); unset = chosen from the checkpoint's name. */
  COMFYUI_SAMPLER_PRESET: z.preprocess(emptyAsUndefined, z.enum(['lightning', 'turbo', 'standard']).optional()),
  /** RunPod: the worker uploads results to S3 (worker-comfyui with BUCKET_ENDPOINT_URL); needed for results over 15 MB as base64. */
  RUNPOD_S3_OUTPUT: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** RunPod: first /status poll delay while waiting for a job's webhook (then backing off to 30 s). */
  RUNPOD_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
  /** RunPod: hosts s3_url outputs may be fetched from (comma list); unset = any https host. */
  RUNPOD_OUTPUT_HOSTS: optionalString,
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  /** Where files live: disk (DATA_DIR/files) or s3 (one bucket of any S3-compatible service). */
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: optionalString,
  S3_REGION: z.preprocess(emptyAsUndefined, z.string().min(1).default('us-east-1')),
  /** Any S3-compatible service (MinIO, Ceph RGW, R2, Scaleway…); unset = AWS. */
  S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.string().regex(/^https?:\/\/[^/\s]+/, 'must be an http:// or https:// URL').optional()),
  S3_FORCE_PATH_STYLE: z
    .preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false'))
    .transform((v) => v === 'true'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Prepended to every object key (a folder in a shared bucket), e.g. atelier/. */
  S3_PREFIX: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'must be a relative path such as atelier/')
      .transform((v) => (v.endsWith('/') ? v : `${v}/`))
      .optional(),
  ),
  /** proxy: files are streamed by the API (signed /api/files URLs); presigned: those URLs redirect to short-lived S3 URLs. */
  S3_PUBLIC_READS: z.preprocess(emptyAsUndefined, z.enum(['proxy', 'presigned']).default('proxy')),
  SIGNED_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(3600),
  WORKERS_IN_PROCESS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Time limit of one render variation; a job still running after it is retried (2×), then FAILED and refunded. */
  RENDER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** Render variations one process works on at a time. */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Render, tweak and refine jobs one user may have running at once, across every worker process. */
  RENDER_USER_CONCURRENCY: z.coerce
    .number({ error: 'must be a positive whole number (jobs one user may run at once)' })
    .int('must be a positive whole number (jobs one user may run at once)')
    .min(1, 'must be a positive whole number (jobs one user may run at once)')
    .default(2),
  /** Calls per user and minute to POST /api/ai-prompt/generate and to the upload routes. */
  USER_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** How often timed-out jobs are expired and lost work is recovered. */
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** Calls per API key and minute to the public API (then 429). */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** `true` lets webhooks reach private, loopback and link-local addresses (tests, a LAN install). */
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Base delay of the webhook retries, doubled each try (5 tries over about an hour by default). */
  WEBHOOK_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(160),
  /** GET /metrics (Prometheus text format) for `Authorization: Bearer <METRICS_TOKEN>`; unset: not served by the app. */
  METRICS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(16, 'must be at least 16 characters').optional()),
  /** GET /metrics on this port of 127.0.0.1 only, without a token (0: any free port); unset: no such listener. */
  METRICS_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  /** Scheduled backups (UTC, 5-field cron, e.g. `0 3 * * *`), taken by the server process; unset: none. */
  BACKUP_CRON: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .optional()
      .superRefine((v, ctx) => {
        const problem = v === undefined ? null : cronProblem(v);
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      }),
  ),
  /** Where scheduled backups go, one folder per backup named by its UTC time; unset: DATA_DIR/backups. */
  BACKUP_DIR: optionalString,
  /** How many scheduled backups to keep (the newest); older ones are deleted after each backup. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
});

export type RawConfig = z.infer<typeof configSchema>;
export type Config = RawConfig & { publicUrl: string; dataDir: string };

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.ATELIER_MODE === 'production') {
    const problems = productionProblems(c);
    if (problems.length > 0) {
      throw new ConfigError(`ATELIER_MODE=production refuses to start:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    }
  }
  if (c.ENGINE === 'comfyui' && !c.COMFYUI_URL) throw new ConfigError('Invalid configuration:\n  COMFYUI_URL: required when ENGINE=comfyui');
  if (c.ENGINE === 'runpod' && (!c.RUNPOD_API_KEY || !c.RUNPOD_ENDPOINT_ID))
    throw new ConfigError('Invalid configuration:\n  RUNPOD_API_KEY, RUNPOD_ENDPOINT_ID: required when ENGINE=runpod');
  if (c.STORAGE === 's3' && !c.S3_BUCKET) throw new ConfigError('Invalid configuration:\n  S3_BUCKET: required when STORAGE=s3');
  if (!!c.S3_ACCESS_KEY_ID !== !!c.S3_SECRET_ACCESS_KEY)
    throw new ConfigError(
      `Invalid configuration:\n  ${c.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: required with ${c.S3_ACCESS_KEY_ID ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'} (or set neither to use the default AWS credentials)`,
    );
  if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET)
    throw new ConfigError('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
  return {
    ...c,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(c.DATA_DIR),
  };
}

/** What a production deployment must set: every problem, so one start-up names them all. */
function productionProblems(c: RawConfig): string[] {
  const problems: string[] = [];
  if (!c.STRIPE_SECRET_KEY) problems.push('STRIPE_SECRET_KEY: required in production (without it the local test checkout would give plans away)');
  if (!c.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: required in production');
  if (!c.SMTP_URL) problems.push('SMTP_URL: required in production (the outbox is for demo mode)');
  if (!c.JWT_SECRET) problems.push('JWT_SECRET: required in production (a generated secret is not accepted)');
  if (!c.DATABASE_URL) problems.push('DATABASE_URL: required in production (PGlite is for demo mode)');
  if (!c.PUBLIC_URL) problems.push('PUBLIC_URL: required in production (the https address users open)');
  else if (!c.PUBLIC_URL.startsWith('https://') && !c.ALLOW_HTTP) {
    problems.push('PUBLIC_URL: must be https:// in production (set ALLOW_HTTP=true to accept http)');
  }
  return problems;
}

/** The entry points' start: the config, or its problems on stderr and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
