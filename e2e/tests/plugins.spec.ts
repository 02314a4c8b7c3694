import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signInWithToken, subscribe } from './support/create';
import { createVerifiedUser } from './support/users';

/** Screenshots kept as artifacts (artifacts/, ignored by git). */
const shot = (page: Page, name: string) => page.screenshot({ path: `artifacts/plugins-${name}.png`, fullPage: true });

const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/.bin/atelier');
const W = 900;
const H = 600;
// Sky, a brick wall, a glazed band and paving, as a modelling tool's material ID pass would paint them.
const band = (y: number): [number, number, number] =>
  y < H * 0.3 ? [0xd9, 0xe7, 0xf2] : y < H * 0.45 ? [0x7f, 0xa7, 0xc9] : y < H * 0.82 ? [0xc8, 0x55, 0x3d] : [0x6b, 0x6b, 0x6b];
const MATERIALS = { '#d9e7f2': 'Evening sky', '#7fa7c9': 'Ribbon glazing', '#c8553d': 'Hand-made brick', '#6b6b6b': 'Granite paving' };

async function writeViewFiles(dir: string) {
  const view = Buffer.alloc(W * H * 3);
  const ids = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const c = band(y);
      ids.set(c, (y * W + x) * 3);
      const shade = ((x * 3 + y * 7) % 17) - 8;
      view.set(c.map((v) => Math.max(0, Math.min(255, v + shade))), (y * W + x) * 3);
    }
  fs.writeFileSync(path.join(dir, 'view.png'), await sharp(view, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer());
  fs.writeFileSync(path.join(dir, 'ids.png'), await sharp(ids, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer());
  fs.writeFileSync(path.join(dir, 'materials.json'), JSON.stringify(MATERIALS));
}

function atelier(args: string[], env: Record<string, string>, cwd: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(BIN, args, { cwd, env: { PATH: process.env.PATH ?? '', ...env } }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

test('plugins: create a key on /plugins, push a view with the CLI, and the printed link opens Create with the material names', async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  const user = await createVerifiedUser(request, 'Sverre Architect');
  await subscribe(request, user.token, 'EXPLORER');
  await signInWithToken(page, user.token);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-e2e-cli-'));
  await writeViewFiles(work);

  await page.goto('/plugins');
  await expect(page.getByRole('heading', { name: 'Plugins', level: 1 })).toBeVisible();
  await expect(page.getByText('No API keys yet.')).toBeVisible();
  // The curl example carries this Atelier's own address.
  await expect(page.getByText(`${baseURL}/api/plugins/views`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the Blender add-on' })).toHaveAttribute('href', '/api/plugins/blender-addon.zip');

  // Keyboard only: type the name, Enter submits.
  await page.getByLabel('Key name').fill('SketchUp on the studio PC');
  await page.getByLabel('Key name').press('Enter');
  const keyField = page.getByLabel('API key', { exact: true });
  await expect(keyField).toHaveValue(/^atl_[0-9A-Za-z]{43}$/);
  const key = await keyField.inputValue();
  const keys = page.getByRole('list', { name: 'API keys' });
  await expect(keys).toContainText('SketchUp on the studio PC');
  await expect(keys).toContainText(`${key.slice(0, 10)}…`);
  await expect(keys).toContainText('Never used');
  await shot(page, 'key-created');
  // Shown once: after Done, the key is gone from the page for good.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByLabel('API key', { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(keys).toContainText('SketchUp on the studio PC');
  expect(await page.content()).not.toContain(key);

  const pushed = await atelier(
    ['push', 'view.png', '--id-pass', 'ids.png', '--materials', 'materials.json', '--source', 'sketchup', '--name', 'Camera 01 – south'],
    { ATELIER_URL: baseURL!, ATELIER_KEY: key },
    work,
  );
  expect(pushed.code, pushed.stderr).toBe(0);
  const link = pushed.stdout.trim();
  expect(link).toMatch(new RegExp(`^${baseURL}/create\\?imageId=\\d+&source=sketchup&showMasks=true$`));

  await page.goto(link);
  const modal = page.getByRole('dialog', { name: 'Prompt' });
  await expect(modal).toBeVisible();
  for (const name of Object.values(MATERIALS)) await expect(modal.getByText(name, { exact: false }).first()).toBeVisible();
  await shot(page, 'deep-link-modal');

  // The key's use shows on /plugins.
  await page.goto('/plugins');
  await expect(keys).toContainText('Last used');
  fs.rmSync(work, { recursive: true, force: true });
});
