import { z } from 'zod';
import path from 'node:path';

/**
 * Every environment variable the server reads, parsed once. The README's configuration
 * table mirrors this file. A bad value stops start-up with a message naming the variable.
 */
const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyAsUndefined, z.string().url().optional());

export const configSchema = z.object({
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
  /** RunPod: first /status poll delay while waiting for a job's webhook (then backing off to 30 s). */
  RUNPOD_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(5000),
  /** RunPod: hosts s3_url outputs may be fetched from (comma list); unset = any https host. */
  RUNPOD_OUTPUT_HOSTS: optionalString,
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: z.string().default('gpt-4o-mini'),
  STORAGE: z.enum(['disk']).default('disk'),
  SIGNED_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(3600),
  WORKERS_IN_PROCESS: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Time limit of one render variation; a job still running after it is retried (2×), then FAILED and refunded. */
  RENDER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /** Render variations one process works on at a time. */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** How often timed-out jobs are expired and lost work is recovered. */
  JOBS_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
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
  if (c.ENGINE === 'comfyui' && !c.COMFYUI_URL) throw new ConfigError('Invalid configuration:\n  COMFYUI_URL: required when ENGINE=comfyui');
  if (c.ENGINE === 'runpod' && (!c.RUNPOD_API_KEY || !c.RUNPOD_ENDPOINT_ID))
    throw new ConfigError('Invalid configuration:\n  RUNPOD_API_KEY, RUNPOD_ENDPOINT_ID: required when ENGINE=runpod');
  if (c.STRIPE_SECRET_KEY && !c.STRIPE_WEBHOOK_SECRET)
    throw new ConfigError('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set');
  return {
    ...c,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    dataDir: path.resolve(c.DATA_DIR),
  };
}
