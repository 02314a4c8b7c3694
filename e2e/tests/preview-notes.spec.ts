import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signInWithToken, subscribe, uploadInputThroughApi } from './support/create';
import { createVerifiedUser } from './support/users';

const here = path.dirname(fileURLToPath(import.meta.url));
const PHOTO = path.join(here, '../../apps/server/test/fixtures/segmentation-eval/aula-palatina.jpg');

/** The result's info panel (issue 30 part 7): a render on the preview engine says what it changed. */
test('a render lists what the preview changed in its info panel', async ({ page, request }) => {
  test.setTimeout(240_000);
  const user = await createVerifiedUser(request, 'Nora Architect');
  await subscribe(request, user.token, 'EXPLORER');
  const png = await sharp(PHOTO).png().toBuffer();
  const inputId = await uploadInputThroughApi(request, user.token, png, 'aula-palatina.png');
  await signInWithToken(page, user.token);

  await page.goto(`/create?imageId=${inputId}`);
  await expect(page.getByRole('button', { name: 'Input image aula-palatina.png' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('radio', { name: '1 variation' }).click();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const render = page.getByRole('region', { name: 'History' }).getByRole('button', { name: /^Render \d+, variation 1$/ });
  await expect(render).toHaveCount(1, { timeout: 150_000 });
  await render.click();
  await expect(page.getByRole('img', { name: /^Render \d+, variation 1$/ })).toBeVisible();

  const button = page.getByRole('button', { name: /What changed/ });
  await expect(button).toBeVisible();
  await button.click();
  const panel = page.getByRole('region', { name: 'What the preview changed' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('listitem').first()).toBeVisible();
  await expect(panel).toContainText(/Sky: replaced \(blue sky → .+\)|Light: /);
  await expect(panel).toContainText('does not paint what a prompt describes');
  await page.waitForTimeout(400);
  await page.screenshot({ path: process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/create-what-changed.png` : 'artifacts/create-what-changed.png' });
});

/** An interior keeps its ceiling and walls: the preview looks for no sky in a room and says so. */
test('an interior render keeps its ceiling and says the sky was not replaced', async ({ page, request }) => {
  test.setTimeout(240_000);
  const user = await createVerifiedUser(request, 'Ines Interior');
  await subscribe(request, user.token, 'EXPLORER');
  const room = path.join(here, '../../apps/server/test/fixtures/segmentation-eval/scene-interior-gallery.jpg');
  const inputId = await uploadInputThroughApi(request, user.token, await sharp(room).png().toBuffer(), 'gallery.png');
  await signInWithToken(page, user.token);

  await page.goto(`/create?imageId=${inputId}`);
  await expect(page.getByRole('button', { name: 'Input image gallery.png' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('radiogroup', { name: 'Render type' }).getByRole('radio', { name: 'Interior' }).click();
  await page.getByRole('radio', { name: '1 variation' }).click();
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const render = page.getByRole('region', { name: 'History' }).getByRole('button', { name: /^Render \d+, variation 1$/ });
  await expect(render).toHaveCount(1, { timeout: 150_000 });
  await render.click();
  await page.getByRole('button', { name: /What changed/ }).click();
  const panel = page.getByRole('region', { name: 'What the preview changed' });
  await expect(panel).toContainText('Sky: not replaced in an interior');
  await expect(panel).not.toContainText('Sky: replaced');
  await page.waitForTimeout(400);
  await page.screenshot({ path: process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/create-interior-what-changed.png` : 'artifacts/create-interior-what-changed.png' });
});
