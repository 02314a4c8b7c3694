import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import { loadConfig } from '../../config.js';

// The sign-in page's credentials come from CREDENTIALS (JSON); none are shown when it is unset.

describe('GET /api/site', () => {
  describe('without CREDENTIALS', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('shows no credentials by default', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/site' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ credentials: [] });
    });
  });

  describe('with CREDENTIALS', () => {
    const credentials = [{ label: 'Finalist, Example Design Award 2025', url: 'https://awards.example/2025' }, { label: 'Member, Example Institute of Architects' }];
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { CREDENTIALS: JSON.stringify(credentials) } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('shows the configured credentials', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/site' })).json()).toEqual({ credentials });
    });
  });

  it('refuses CREDENTIALS that are not a JSON list of labels, naming the variable', () => {
    expect(() => loadConfig({ CREDENTIALS: 'Award finalist' })).toThrow(/CREDENTIALS/);
    expect(() => loadConfig({ CREDENTIALS: '[{"name":"x"}]' })).toThrow(/CREDENTIALS/);
  });
});
