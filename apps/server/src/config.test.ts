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

  it('needs the matching variables of a GPU engine and of Stripe', () => {
    expect(() => loadConfig({ ENGINE: 'comfyui' })).toThrow(/COMFYUI_URL/);
    expect(() => loadConfig({ ENGINE: 'runpod' })).toThrow(/RUNPOD_API_KEY/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', SMTP_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
