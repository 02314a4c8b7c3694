import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineInfoResponseSchema } from '@atelier/contract';
import { createTestApp, type TestApp } from '../../../test/helpers/app.js';
import type { Engine } from '../../engines/index.js';
import { LocalEngine } from '../../engines/local/local-engine.js';

describe('GET /api/engine', () => {
  describe('with the default engine', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => {
      await t?.close();
    });

    it('names the CPU engine and marks it as the preview engine', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/engine' });
      expect(res.statusCode).toBe(200);
      expect(engineInfoResponseSchema.parse(res.json())).toEqual({ name: 'local', isPreview: true, status: 'ready', missing: [] });
    });
  });

  describe('with a GPU engine', () => {
    let t: TestApp;
    beforeAll(async () => {
      // The GPU engines are not built yet: the local engine's work under a GPU engine's name.
      const gpu: Engine = Object.assign(Object.create(new LocalEngine()) as Engine, { name: 'comfyui' as const, isPreview: false });
      t = await createTestApp({ overrides: { engine: gpu } });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('reports a GPU engine as not a preview', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/engine' });
      expect(res.json()).toEqual({ name: 'comfyui', isPreview: false, status: 'ready', missing: [] });
    });
  });
});
