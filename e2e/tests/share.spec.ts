import { expect, test } from '@playwright/test';
import { makeFacadePng, signInWithToken, subscribe, uploadInputThroughApi } from './support/create';
import { createVerifiedUser } from './support/users';

/**
 * Issue 18 item 3: Share gives a stable page, never an expiring file URL. Sharing a private image
 * first asks to publish it; the link opens /explore/{id} for anyone: the image, its prompt, the
 * author's first name and Open in Atelier.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'artifacts';

test('Share asks to publish a private image, then copies its /explore/{id} page, which a visitor can open', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  const user = await createVerifiedUser(request, 'Marie Short');
  await subscribe(request, user.token, 'EXPLORER');
  const auth = { Authorization: `Bearer ${user.token}` };
  const inputImageId = await uploadInputThroughApi(request, user.token, await makeFacadePng(640, 420), 'house.png');
  const res = await request.post('/api/runpod/generate', { headers: auth, data: { inputImageId, variations: 1, prompt: 'Timber house on a granite shore, soft morning light' } });
  expect(res.ok(), await res.text()).toBe(true);
  const { batchId } = (await res.json()) as { batchId: number };
  await expect
    .poll(async () => ((await (await request.get(`/api/runpod/status/${batchId}`, { headers: auth })).json()) as { status: string }).status, { timeout: 120_000 })
    .toBe('COMPLETED');
  const { images } = (await (await request.get(`/api/runpod/status/${batchId}`, { headers: auth })).json()) as { images: Array<{ id: number }> };
  const imageId = images[0].id;

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInWithToken(page, user.token);
  await page.goto('/gallery');
  const tile = page.locator(`[data-image-id="${imageId}"]`);
  await tile.hover();
  await tile.getByRole('button', { name: 'Share' }).click();
  const ask = page.getByRole('dialog', { name: 'Publish this image to share it?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Publish and share' }).click();
  await expect(page.getByText('Link copied to the clipboard').first()).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(link).pathname).toBe(`/explore/${imageId}`);
  expect(link).not.toContain('sig=');

  // Anyone with the link: the page, without signing in.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Timber house on a granite shore, soft morning light' })).toBeVisible();
  await expect(visitor.getByText('Made in Atelier by')).toContainText('Marie');
  await expect(visitor.getByText('Made in Atelier by')).not.toContainText('Short');
  const picture = visitor.getByRole('img', { name: /Timber house/ });
  await expect.poll(() => picture.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await visitor.screenshot({ path: `${SHOTS}/explore-shared.png` });
  await visitor.getByRole('button', { name: 'Open in Atelier' }).click();
  await expect(visitor).toHaveURL(/\/register$/);

  // Made private again: the page says so.
  const privateAgain = await request.put(`/api/gallery/images/${imageId}/visibility`, { headers: auth, data: { isPublic: false } });
  expect(privateAgain.ok()).toBe(true);
  await visitor.goto(link);
  await expect(visitor.getByText('This render is no longer shared')).toBeVisible();
});
