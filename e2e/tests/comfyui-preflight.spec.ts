import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { balanceOf, makeFacadePng, signInWithToken, subscribe, uploadInputThroughApi } from './support/create';
import { createVerifiedUser } from './support/users';

// The app with ENGINE=comfyui against the ComfyUI contract fake missing the upscale model: the
// server's preflight reads the fake's (real) /object_info, the badge says what is missing, and
// an upscale is refused before any charge.
const repoRoot = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-preflight-'));
const children: ChildProcess[] = [];
let mainDataDir: string | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function start(args: string[], env: Record<string, string>): void {
  children.push(spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: 'ignore' }));
}

async function waitFor(url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not come up`);
}

const FAKE_PORT = await freePort();
const APP_PORT = await freePort();
const APP_URL = `http://localhost:${APP_PORT}`;
test.use({ baseURL: APP_URL });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  start(['apps/server/test/fakes/comfyui-cli.ts', '--port', String(FAKE_PORT), '--quiet', '--without', 'RealESRGAN_x4plus.pth'], {});
  await waitFor(`http://127.0.0.1:${FAKE_PORT}/system_stats`);
  start(['apps/server/src/main.ts'], {
    PORT: String(APP_PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: APP_URL,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ENGINE: 'comfyui',
    COMFYUI_URL: `http://127.0.0.1:${FAKE_PORT}`,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000',
  });
  await waitFor(`${APP_URL}/api/health`);
  mainDataDir = process.env.E2E_DATA_DIR;
  process.env.E2E_DATA_DIR = dataDir;
});

test.afterAll(() => {
  if (mainDataDir) process.env.E2E_DATA_DIR = mainDataDir;
  for (const child of children) child.kill('SIGTERM');
  children.length = 0;
});

test('a GPU engine missing its upscale model says so in the badge and refuses the upscale before any charge', async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = await createVerifiedUser(request, 'Lina Bo Bardi');
  await subscribe(request, user.token, 'EXPLORER');
  const before = await balanceOf(request, user.token);
  const imageId = await uploadInputThroughApi(request, user.token, await makeFacadePng(640, 420), 'casa-de-vidro.png');
  await signInWithToken(page, user.token);

  await page.goto('/create');
  const badge = page.getByRole('button', { name: 'GPU engine: missing RealESRGAN_x4plus.pth' });
  await expect(badge).toBeVisible();
  await badge.hover();
  await expect(page.getByRole('tooltip')).toContainText('RealESRGAN_x4plus.pth (models/upscale_models/): upscale refused, nothing is charged');
  await page.screenshot({ path: process.env.E2E_SHOTS_DIR ? path.join(process.env.E2E_SHOTS_DIR, 'degraded-engine-badge.png') : 'artifacts/degraded-engine-badge.png' });

  const refused = await request.post('/api/refine/generate', { headers: { Authorization: `Bearer ${user.token}` }, data: { imageId, scaleFactor: 2 } });
  expect(refused.status()).toBe(503);
  expect((await refused.json()).message).toMatch(/^GPU engine: missing RealESRGAN_x4plus\.pth\./);
  expect(await balanceOf(request, user.token)).toBe(before);
});
