import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { makeFacadePng, signInWithToken, subscribe, waitForRendersToFinish } from './support/create';
import { createVerifiedUser } from './support/users';

const INPUTS = 56; // with the two Upscale uploads, more than a page of 50
const REFINE_UPLOADS = 2;
const name = (i: number) => `strip-${String(i).padStart(2, '0')}.png`;

async function upload(request: APIRequestContext, token: string, png: Buffer, fileName: string, uploadSource: string): Promise<number> {
  const res = await request.post('/api/images/upload-input', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name: fileName, mimeType: 'image/png', buffer: png }, uploadSource },
  });
  if (!res.ok()) throw new Error(`upload failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

/** The same façade in another hue, so the thumbnails tell the images apart. */
async function tinted(base: Buffer, i: number): Promise<Buffer> {
  return sharp(base).modulate({ hue: (i * 23) % 360 }).png().toBuffer();
}

const thumbs = (strip: Locator, label: RegExp) => strip.getByRole('button', { name: label });

async function scrollToEnd(page: Page, strip: Locator, last: Locator) {
  await strip.getByRole('list').hover();
  await expect(async () => {
    await page.mouse.wheel(0, 1500);
    await expect(last).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}

test('the image strip keeps a window of a long list in the DOM, loads the next page near its end, and serves Create, Tweak and Upscale', async ({ page, request }) => {
  test.setTimeout(300_000);
  const user = await createVerifiedUser(request, 'Strip Architect');
  await subscribe(request, user.token, 'EXPLORER');
  const base = await makeFacadePng(360, 240, { grain: 6 });
  let newest = 0;
  for (let i = 1; i <= INPUTS; i++) newest = await upload(request, user.token, await tinted(base, i), name(i), 'CREATE_MODULE');
  for (let i = 1; i <= REFINE_UPLOADS; i++) await upload(request, user.token, await tinted(base, 40 + i), `site-photo-${i}.png`, 'REFINE_MODULE');
  const generate = await request.post('/api/runpod/generate', {
    headers: { Authorization: `Bearer ${user.token}` },
    data: { inputImageId: newest, variations: 1, prompt: 'warm evening light' },
  });
  expect(generate.ok()).toBe(true);
  await waitForRendersToFinish(request, user.token);
  await signInWithToken(page, user.token);

  // Create: the first page of 50 is loaded, only the thumbnails near the viewport are in the DOM.
  await page.goto('/create');
  const inputs = page.getByRole('navigation', { name: 'Input images' });
  // The server is still making the uploads' processed copies: the first list can take a while.
  await expect(thumbs(inputs, /^Input image /).first()).toBeVisible({ timeout: 60_000 });
  await expect(inputs.getByRole('listitem').first()).toHaveAttribute('aria-setsize', '50');
  expect(await thumbs(inputs, /^Input image /).count()).toBeLessThan(30);
  await page.screenshot({ path: 'artifacts/strip-create-top.png' });

  // Scrolled to its end with the wheel: the next page loads and the oldest input shows, still in a window.
  await scrollToEnd(page, inputs, inputs.getByRole('button', { name: `Input image ${name(1)}` }));
  // Create lists every input image, the ones uploaded on Upscale too.
  await expect(inputs.getByRole('listitem').first()).toHaveAttribute('aria-setsize', String(INPUTS + REFINE_UPLOADS));
  expect(await thumbs(inputs, /^Input image /).count()).toBeLessThan(30);
  await expect(inputs.getByRole('button', { name: `Input image ${name(INPUTS)}` })).toHaveCount(0);
  await expect(inputs.getByRole('button', { name: 'Load more images' })).toHaveCount(0);
  await page.screenshot({ path: 'artifacts/strip-create-end.png' });

  // The oldest input selected, then the render: the render's input is marked and scrolled back into view.
  await inputs.getByRole('button', { name: `Input image ${name(1)}` }).click();
  await expect(inputs.getByRole('button', { name: `Input image ${name(1)}` })).toHaveAttribute('aria-pressed', 'true');
  const render = page.getByRole('region', { name: 'History' }).getByRole('button', { name: /^Render \d+, variation 1$/ });
  await render.click();
  await expect(render).toHaveAttribute('aria-pressed', 'true');
  await expect(inputs.getByRole('button', { name: `Input image ${name(INPUTS)}` })).toBeVisible();
  await page.screenshot({ path: 'artifacts/strip-create.png' });

  // Upscale: the render brought from Create, with its badge, above the images uploaded there.
  await page.getByRole('button', { name: 'Upscale Image' }).click();
  const refine = page.getByRole('navigation', { name: 'Images to refine' });
  await expect(refine.getByRole('button', { name: /^Render \d+ from Create$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(refine.getByText('Render', { exact: true })).toBeVisible();
  await expect(refine.getByRole('button', { name: 'site-photo-1.png' })).toBeVisible();
  await expect(page.getByTestId('refine-caption')).toBeVisible();
  await page.screenshot({ path: 'artifacts/strip-refine.png' });

  // Tweak: the renders and the inputs, each under its heading.
  await page.goto('/edit');
  const tweak = page.getByRole('navigation', { name: 'Images to tweak' });
  await expect(tweak.getByText(/^renders$/i)).toBeVisible();
  await expect(tweak.getByText(/^inputs$/i)).toBeVisible();
  await expect(tweak.getByRole('button', { name: /^Render \d+, variation 1$/ })).toBeVisible();
  expect(await thumbs(tweak, /^(Input image|Render) /).count()).toBeLessThan(30);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: 'artifacts/strip-edit.png' });
});
