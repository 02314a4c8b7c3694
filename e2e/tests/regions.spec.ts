import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { GetMasksResponse } from '@atelier/contract';
import { makeFacadePng, signInWithToken, subscribe } from './support/create';
import { createVerifiedUser } from './support/users';

/** Screenshots kept as artifacts (artifacts/, ignored by git). */
const shot = (page: Page, name: string) => page.screenshot({ path: `artifacts/regions-${name}.png` });

const W = 1200;
const H = 780;

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

async function rawRgb(bytes: Buffer, width = W, height = H): Promise<Raw> {
  const { data, info } = await sharp(bytes).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function fetchBytes(request: APIRequestContext, url: string): Promise<Buffer> {
  const res = await request.get(url);
  expect(res.ok(), `GET ${url}`).toBe(true);
  return Buffer.from(await res.body());
}

/** Pixels of a mask (1 = region), eroded by `inset` px so edges (antialiasing, resampling) do not count. */
async function maskOf(bytes: Buffer, inset = 3): Promise<Uint8Array> {
  const { data } = await sharp(bytes).resize(W, H, { fit: 'fill', kernel: 'nearest' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const m = new Uint8Array(W * H);
  for (let y = inset; y < H - inset; y++)
    for (let x = inset; x < W - inset; x++) {
      let all = true;
      for (let d = -inset; d <= inset && all; d += inset) all = data[(y + d) * W + x] >= 128 && data[y * W + x + d] >= 128;
      m[y * W + x] = all ? 1 : 0;
    }
  return m;
}

const lum = (d: Buffer, i: number) => 0.299 * d[i * 3] + 0.587 * d[i * 3 + 1] + 0.114 * d[i * 3 + 2];

/** Mean colour, and the mean absolute Laplacian of luminance (local variation: texture), over a mask. */
function stats(img: Raw, where: Uint8Array) {
  let n = 0;
  const mean = [0, 0, 0];
  let texture = 0;
  const w = img.width;
  for (let y = 1; y < img.height - 1; y++)
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      if (!where[i]) continue;
      n++;
      for (let k = 0; k < 3; k++) mean[k] += img.data[i * 3 + k];
      texture += Math.abs(4 * lum(img.data, i) - lum(img.data, i - 1) - lum(img.data, i + 1) - lum(img.data, i - w) - lum(img.data, i + w));
    }
  return { n, mean: mean.map((v) => v / n), texture: texture / n };
}

/** Mean absolute difference per channel between two images over a mask. */
function change(a: Raw, b: Raw, where: Uint8Array): number {
  let s = 0;
  let n = 0;
  for (let i = 0; i < where.length; i++) {
    if (!where[i]) continue;
    for (let k = 0; k < 3; k++) s += Math.abs(a.data[i * 3 + k] - b.data[i * 3 + k]);
    n += 3;
  }
  return s / n;
}

test('regions: generate them on the canvas, give the wall brick in the prompt modal, and the render carries the brick there only', async ({ page, request }) => {
  test.setTimeout(300_000);
  const user = await createVerifiedUser(request, 'Alvar Architect');
  await subscribe(request, user.token, 'EXPLORER');
  await signInWithToken(page, user.token);
  const auth = { Authorization: `Bearer ${user.token}` };

  await page.goto('/create');
  await expect(page.getByRole('heading', { name: 'Upload an image to create' })).toBeVisible();
  const facade = await makeFacadePng(W, H, { grain: 4 });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Browse files' }).click();
  await (await chooser).setFiles({ name: 'town-house.png', mimeType: 'image/png', buffer: facade });
  await expect(page.getByRole('button', { name: 'Input image town-house.png' })).toHaveAttribute('aria-pressed', 'true', { timeout: 60_000 });
  await expect(page.getByRole('img', { name: 'town-house.png' })).toBeVisible();

  // Generate Regions: the regions arrive live and are drawn over the image.
  const regionsCard = page.getByRole('region', { name: 'Regions' });
  await expect(regionsCard).toContainText('Split the image into regions');
  await regionsCard.getByRole('button', { name: 'Generate Regions', exact: true }).click();
  const legend = page.getByRole('list', { name: 'Regions on the canvas' });
  await expect(legend).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(/\d+ regions found/)).toBeVisible();
  await expect(regionsCard).toContainText(/\d+ regions/);
  const overlay = page.getByTestId('mask-overlay');
  await expect(overlay).toBeVisible();
  await expect(overlay).toHaveCSS('opacity', '1');
  expect(await legend.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
  await expect(legend.getByRole('listitem').filter({ hasText: 'Façade' })).toHaveCount(1);
  await expect(legend.getByRole('listitem').filter({ hasText: 'Sky' })).toHaveCount(1);
  await expect(legend.getByRole('listitem').filter({ hasText: 'Ground' })).toHaveCount(1);

  // Hovering the wall on the canvas names it.
  const box = (await page.getByRole('img', { name: 'town-house.png' }).boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.3);
  await expect(page.getByRole('status').filter({ hasText: 'Façade' })).toBeVisible();
  await shot(page, '1-canvas-overlay');

  // A region hidden on the canvas comes back with Generate Regions (no new generation).
  await legend.getByRole('button', { name: 'Hide Sky' }).click();
  await expect(legend.getByRole('button', { name: 'Show Sky' })).toBeVisible();
  const generateCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/masks/generate')) generateCalls.push(r.url());
  });
  await regionsCard.getByRole('button', { name: 'Generate Regions', exact: true }).click();
  await expect(legend.getByRole('button', { name: 'Hide Sky' })).toBeVisible();
  expect(generateCalls).toEqual([]);

  // The prompt modal: drag Red Brick onto the façade, describe the ground, write an AI prompt.
  await regionsCard.getByRole('button', { name: 'Materials' }).click();
  const modal = page.getByRole('dialog', { name: 'Prompt' });
  await expect(modal).toBeVisible();
  const wallRow = modal.getByRole('listitem', { name: 'Region Façade' });
  await expect(wallRow).toBeVisible();
  await modal.getByRole('tab', { name: 'Walls' }).click();
  await modal.getByRole('button', { name: 'Brick', exact: true }).click();
  const brick = modal.getByRole('button', { name: 'Red Brick, Running Bond' });
  await brick.dragTo(wallRow);
  await expect(wallRow).toContainText('Red Brick, Running Bond');
  await expect(modal.getByRole('list', { name: 'Materials in the AI prompt' })).toContainText('Red Brick, Running Bond');
  await modal.getByRole('textbox', { name: 'Name for Ground' }).fill('  paved forecourt  ');
  const promptBox = modal.getByRole('textbox', { name: 'Prompt' });
  await promptBox.fill('Late afternoon light');
  await promptBox.press('Control+Enter');
  await expect(promptBox).toHaveValue(/Red Brick, Running Bond/, { timeout: 30_000 });
  await expect(promptBox).toHaveValue(/Late afternoon light/);
  await modal.getByRole('listitem', { name: 'Region Façade' }).hover();
  await shot(page, '2-prompt-modal');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(300);
  await shot(page, '2-prompt-modal-1280x800');
  await page.setViewportSize({ width: 1440, height: 900 });

  const saved = page.waitForResponse((r) => r.url().includes('/api/ai-prompt/prompt/') && r.request().method() === 'POST');
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  await saved;
  await expect(modal).toBeHidden();

  // What Save stored: the façade's brick, the ground's typed name, the prompt material, the prompt.
  const inputs = (await (await request.get('/api/images/input-images', { headers: auth })).json()) as { inputImages: Array<{ id: number }> };
  const inputId = inputs.inputImages[0].id;
  const masks = ((await (await request.get(`/api/masks/${inputId}`, { headers: auth })).json()) as GetMasksResponse).data.maskRegions;
  const wall = masks.find((m) => m.label === 'facade')!;
  const ground = masks.find((m) => m.label === 'ground')!;
  expect(wall.materialOption?.id).toBe('walls-brick-red-running-bond');
  expect(ground.customText).toBe('paved forecourt');
  expect(masks.filter((m) => m.materialOption || m.customText)).toHaveLength(2);
  const materials = await (await request.get(`/api/ai-prompt/materials/${inputId}`, { headers: auth })).json();
  expect(materials.data.materials.map((m: { displayName: string }) => m.displayName)).toEqual(['Red Brick, Running Bond']);
  const savedPrompt = await (await request.get(`/api/ai-prompt/prompt/${inputId}`, { headers: auth })).json();
  expect(savedPrompt.data.generatedPrompt).toContain('Red Brick, Running Bond');

  // Create: the request carries the façade's mapping; the render puts brick in the façade only.
  const generate = page.waitForRequest((r) => r.url().endsWith('/api/runpod/generate'));
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const body = (await generate).postDataJSON() as { maskMaterialMappings: Record<string, { materialOptionId?: string }> };
  expect(body.maskMaterialMappings[`mask_${wall.id}`]?.materialOptionId).toBe('walls-brick-red-running-bond');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('button', { name: /^Render \d+, variation 1$/ })).toHaveCount(1, { timeout: 150_000 });
  await page.waitForTimeout(400);
  await shot(page, '3-rendered');

  const variations = (await (await request.get('/api/runpod/variations', { headers: auth })).json()) as { variations: Array<{ status: string; imageUrl: string }> };
  const done = variations.variations.find((v) => v.status === 'COMPLETED')!;
  const result = await rawRgb(await fetchBytes(request, done.imageUrl));
  const input = await rawRgb(facade);
  const wallMask = await maskOf(await fetchBytes(request, wall.maskUrl));
  const rest = new Uint8Array(W * H);
  for (const m of masks.filter((r) => r.id !== wall.id && r.area > 0.05)) {
    const k = await maskOf(await fetchBytes(request, m.maskUrl));
    for (let i = 0; i < k.length; i++) if (k[i]) rest[i] = 1;
  }

  const before = stats(input, wallMask);
  const after = stats(result, wallMask);
  expect(before.n).toBeGreaterThan(W * H * 0.15);
  // Brick: courses and joints (far more local variation) in a red-brown (the wall was a pale stone).
  expect(after.texture).toBeGreaterThan(before.texture * 1.8);
  expect(after.mean[0] - after.mean[2]).toBeGreaterThan(before.mean[0] - before.mean[2] + 25);
  expect(change(result, input, wallMask)).toBeGreaterThan(30);
  // The rest (sky, ground, windows) stays close to the original.
  const restChange = change(result, input, rest);
  expect(restChange).toBeLessThan(30);
  expect(change(result, input, wallMask)).toBeGreaterThan(restChange * 2);
  test.info().annotations.push({
    type: 'pixels',
    description: JSON.stringify({ wallBefore: before, wallAfter: after, wallChange: change(result, input, wallMask), restChange }),
  });
});

test('a failed Generate Regions request shows Failed to generate masks, and the prompt modal says to try again from the Edit Inspector', async ({ page, request }) => {
  const user = await createVerifiedUser(request, 'Lina Architect');
  await subscribe(request, user.token, 'STARTER');
  await signInWithToken(page, user.token);
  await page.route('**/api/masks/generate', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await page.goto('/create');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Browse files' }).click();
  await (await chooser).setFiles({ name: 'plan.png', mimeType: 'image/png', buffer: await makeFacadePng(320, 200) });
  await expect(page.getByRole('button', { name: 'Input image plan.png' })).toHaveAttribute('aria-pressed', 'true', { timeout: 60_000 });
  const regionsCard = page.getByRole('region', { name: 'Regions' });
  await regionsCard.getByRole('button', { name: 'Generate Regions', exact: true }).click();
  await expect(page.getByText('Failed to generate masks').first()).toBeVisible();
  await expect(regionsCard).toContainText('Failed to generate masks');
  // The prompt modal says what to do.
  await page.getByRole('button', { name: 'Edit prompt' }).click();
  await expect(page.getByRole('dialog', { name: 'Prompt' })).toContainText('Failed to generate regions. Please try generating regions again from the Edit Inspector.');
});
