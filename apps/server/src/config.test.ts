import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration', () => {
  it('runs on its embedded defaults with no variables set', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.ENGINE).toBe('local');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.publicUrl).toBe('http://localhost:3000');
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/atelier' }],
    ['JWT_SECRET', { JWT_SECRET: 'short' }],
    ['ENGINE', { ENGINE: 'dall-e' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'not a url' }],
  ])('stops on a bad %s with a message naming it', (name, env) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(name));
  });

  it('takes RENDER_USER_CONCURRENCY as a positive whole number, 2 by default', () => {
    expect(loadConfig({}).RENDER_USER_CONCURRENCY).toBe(2);
    expect(loadConfig({ RENDER_USER_CONCURRENCY: '3' }).RENDER_USER_CONCURRENCY).toBe(3);
    for (const bad of ['0', '-1', '1.5', 'two']) {
      expect(() => loadConfig({ RENDER_USER_CONCURRENCY: bad })).toThrow(/RENDER_USER_CONCURRENCY: must be a positive whole number/);
    }
  });

  it('needs the matching variables of a GPU engine and of Stripe', () => {
    expect(() => loadConfig({ ENGINE: 'comfyui' })).toThrow(/COMFYUI_URL/);
    expect(() => loadConfig({ ENGINE: 'runpod' })).toThrow(/RUNPOD_API_KEY/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('reads the S3 storage variables and names the one missing or wrong', () => {
    const c = loadConfig({ STORAGE: 's3', S3_BUCKET: 'renders', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: 'true', S3_PREFIX: 'atelier' });
    expect(c).toMatchObject({ STORAGE: 's3', S3_BUCKET: 'renders', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true, S3_PREFIX: 'atelier/', S3_PUBLIC_READS: 'proxy' });
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET: required when STORAGE=s3/);
    expect(() => loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID/);
    expect(() => loadConfig({ S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ S3_PREFIX: '/abs' })).toThrow(/S3_PREFIX/);
    expect(() => loadConfig({ S3_PUBLIC_READS: 'public' })).toThrow(/S3_PUBLIC_READS/);
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  describe('ATELIER_MODE=production', () => {
    const complete = {
      ATELIER_MODE: 'production',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      DATABASE_URL: 'postgres://atelier@db/atelier',
      PUBLIC_URL: 'https://atelier.example.com',
    };

    it('starts with every production setting and defaults to demo mode', () => {
      expect(loadConfig(complete).ATELIER_MODE).toBe('production');
      expect(loadConfig({}).ATELIER_MODE).toBe('demo');
    });

    it.each([
      ['STRIPE_SECRET_KEY', { STRIPE_SECRET_KEY: '', STRIPE_WEBHOOK_SECRET: '' }],
      ['STRIPE_WEBHOOK_SECRET', { STRIPE_WEBHOOK_SECRET: '' }],
      ['SMTP_URL', { SMTP_URL: '' }],
      ['JWT_SECRET', { JWT_SECRET: '' }],
      ['DATABASE_URL', { DATABASE_URL: '' }],
      ['PUBLIC_URL', { PUBLIC_URL: '' }],
      ['PUBLIC_URL: must be https', { PUBLIC_URL: 'http://atelier.example.com' }],
    ])('refuses to start without %s', (name, change) => {
      expect(() => loadConfig({ ...complete, ...change })).toThrow(ConfigError);
      expect(() => loadConfig({ ...complete, ...change })).toThrow(new RegExp(`production refuses to start:[\\s\\S]*${name}`));
    });

    it('accepts an http PUBLIC_URL only with ALLOW_HTTP=true', () => {
      expect(loadConfig({ ...complete, PUBLIC_URL: 'http://10.0.0.5:3000', ALLOW_HTTP: 'true' }).publicUrl).toBe('http://10.0.0.5:3000');
    });

    it('names every problem at once', () => {
      const message = (() => {
        try {
          loadConfig({ ATELIER_MODE: 'production' });
        } catch (err) {
          return (err as Error).message;
        }
        return '';
      })();
      for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SMTP_URL', 'JWT_SECRET', 'DATABASE_URL', 'PUBLIC_URL']) {
        expect(message).toContain(name);
      }
    });
  });
});
