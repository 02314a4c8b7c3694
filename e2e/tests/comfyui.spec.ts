import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { balanceOf, makeFacadePng, signInWithToken, subscribe, uploadInputThroughApi } from './support/create';
import { createVerifiedUser } from './support/users';

// The app with ENGINE=comfyui against the ComfyUI contract fake (apps/server/test/fakes): a
// second server of its own, so the renders travel the GPU engine's whole path — /upload/image,
// /prompt, progress over /ws, /history and /view — and arrive in the browser.
let APP_URL = '';
const repoRoot = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-comfy-'));
const children: ChildProcess[] = [];
let mainDataDir: string | undefined;

/** A port nobody listens on now, so a leftover process can never answer in our place. */
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

/** Node with tsx's loader directly (not through npx), so killing the child stops the server itself. */
function start(args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: repoRoot, env: { ...process.env, ...env }, stdio: 'ignore' });
  children.push(child);
  return child;
}

async function waitFor(url: string, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not come up`);
}

const FAKE_PORT = await freePort();
const APP_PORT = await freePort();
APP_URL = `http://localhost:${APP_PORT}`;
test.use({ baseURL: APP_URL });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  start(['apps/server/test/fakes/comfyui-cli.ts', '--port', String(FAKE_PORT), '--step-delay', '20', '--quiet'], {});
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
  // The e-mail helpers read this server's outbox.
  mainDataDir = process.env.E2E_DATA_DIR;
  process.env.E2E_DATA_DIR = dataDir;
});

test.afterAll(async () => {
  if (mainDataDir) process.env.E2E_DATA_DIR = mainDataDir;
  for (const child of children) child.kill('SIGTERM');
  children.length = 0;
});

test('with ENGINE=comfyui, four variations render through ComfyUI and arrive in the browser', async ({ page, request }) => {
  test.setTimeout(240_000);
  const user = await createVerifiedUser(request, 'Tadao Ando');
  await subscribe(request, user.token, 'EXPLORER');
  const before = await balanceOf(request, user.token);
  await uploadInputThroughApi(request, user.token, await makeFacadePng(640, 420), 'concrete-house.png');
  await signInWithToken(page, user.token);

  await page.goto('/create');
  await expect(page.getByRole('button', { name: 'Input image concrete-house.png' })).toHaveAttribute('aria-pressed', 'true');
  // A GPU engine is not the preview engine: no CPU badge.
  await expect(page.getByRole('button', { name: /Preview engine \(CPU\)/ })).toHaveCount(0);
  await page.getByRole('radio', { name: '4 variations' }).click();
  await page.getByRole('button', { name: 'Create', exact: true }).click();

  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('button', { name: /^Render \d+, variation \d$/ })).toHaveCount(4, { timeout: 180_000 });
  await expect(history.getByRole('button', { name: /rendering/ })).toHaveCount(0);
  await page.screenshot({ path: 'artifacts/comfyui-create-finished.png' });
  expect(await balanceOf(request, user.token)).toBe(before - 4);

  const status = await request.get('/api/runpod/variations', { headers: { Authorization: `Bearer ${user.token}` } });
  const { variations } = (await status.json()) as { variations: Array<{ status: string; settingsSnapshot?: { engine?: unknown } }> };
  expect(variations.filter((v) => v.status === 'COMPLETED')).toHaveLength(4);
});
