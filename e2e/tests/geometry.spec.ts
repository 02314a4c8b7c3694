import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signInWithToken, subscribe } from './support/create';
import { createVerifiedUser } from './support/users';

const here = path.dirname(fileURLToPath(import.meta.url));
const SHOTS = process.env.GEOMETRY_SHOTS ?? 'artifacts';

test('Show geometry: a photo of a brick terrace gets its regions, then each façade, ground and roof plane drawn as a grid with the vanishing points listed', async ({ page, request }) => {
  test.setTimeout(300_000);
  const user = await createVerifiedUser(request, 'Vera Perspective');
  await subscribe(request, user.token, 'EXPLORER');
  await signInWithToken(page, user.token);
  await page.goto('/create');
  await expect(page.getByRole('heading', { name: 'Upload an image to create' })).toBeVisible();
  const photo = await sharp(fs.readFileSync(path.join(here, '../../apps/server/test/fixtures/segmentation-eval/scene-brick-terrace.jpg')))
    .resize({ width: 1024 })
    .jpeg({ quality: 92 })
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Browse files' }).click();
  await (await chooser).setFiles({ name: 'terrace.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByRole('button', { name: 'Input image terrace.jpg' })).toHaveAttribute('aria-pressed', 'true', { timeout: 60_000 });

  const regionsCard = page.getByRole('region', { name: 'Regions' });
  await regionsCard.getByRole('button', { name: 'Generate Regions', exact: true }).click();
  await expect(page.getByRole('list', { name: 'Regions on the canvas' })).toBeVisible({ timeout: 90_000 });

  const toggle = page.getByRole('button', { name: /Show geometry/ });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const vps = page.getByRole('list', { name: 'Vanishing points' });
  await expect(vps).toBeVisible({ timeout: 60_000 });
  await expect(vps.getByRole('listitem').first()).toContainText('Vertical');
  const overlay = page.getByTestId('geometry-overlay');
  await expect(overlay).toBeVisible();
  expect(await overlay.locator('polyline').count()).toBeGreaterThan(10);
  await page.screenshot({ path: path.join(SHOTS, 'geometry-create-overlay.png') });
});
