import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { makeFacadePng, signInWithToken, subscribe } from './support/create';
import { createVerifiedUser } from './support/users';

/** Screenshots kept as artifacts (artifacts/, ignored by git; PASSES_SHOTS to keep them elsewhere). */
const SHOTS = process.env.PASSES_SHOTS ?? 'artifacts';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/passes-${name}.png`, fullPage: true });

const W = 640;
const H = 420;

/**
 * A box seen across its corner, as a modelling tool would send it: depth (16-bit, nearest at the
 * corner edge in the middle, sky far) and camera-space normals (left face turned left, right face
 * turned right, sky none).
 */
async function passes(): Promise<{ depth: Buffer; normal: Buffer }> {
  const depth = new Uint16Array(W * H);
  const normal = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const sky = y < H * 0.22;
      depth[y * W + x] = sky ? 65535 : Math.round(8000 + (Math.abs(x - W / 2) / (W / 2)) * 40000 + (y / H) * 4000);
      const n = sky ? [0, 0, 0] : x < W / 2 ? [-0.707, 0, 0.707] : [0.707, 0, 0.707];
      normal.set(n.map((c) => Math.round(((c + 1) / 2) * 255)), (y * W + x) * 3);
    }
  return {
    depth: await sharp(depth, { raw: { width: W, height: H, channels: 1 } }).toColourspace('grey16').png().toBuffer(),
    normal: await sharp(normal, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer(),
  };
}

test('passes: a view pushed with depth and normals shows them in the inspector and over the canvas', async ({ page, request }) => {
  const user = await createVerifiedUser(request, 'Pia Passes');
  await subscribe(request, user.token, 'EXPLORER');
  const { depth, normal } = await passes();
  const res = await request.post('/api/plugins/views', {
    headers: { authorization: `Bearer ${user.token}` },
    multipart: {
      view: { name: 'corner.png', mimeType: 'image/png', buffer: await makeFacadePng(W, H) },
      depth: { name: 'depth.png', mimeType: 'image/png', buffer: depth },
      normal: { name: 'normal.png', mimeType: 'image/png', buffer: normal },
      depthNear: '4.5',
      depthFar: '60',
      source: 'blender',
      name: 'Camera corner',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { inputImageId } = (await res.json()) as { inputImageId: number };

  await signInWithToken(page, user.token);
  await page.goto(`/create?imageId=${inputImageId}`);
  const card = page.getByRole('region', { name: 'Passes' });
  await expect(card.getByRole('img', { name: 'Depth pass' })).toBeVisible();
  await expect(card.getByRole('img', { name: 'Normals pass' })).toBeVisible();
  await expect(card).toContainText('Depth · 4.5–60 m');
  await expect(card).toContainText('Normals · 8-bit');
  // Structure fidelity (0–10, default 5) sits with the passes.
  await expect(card.getByText('Structure fidelity')).toBeVisible();
  await shot(page, 'inspector');

  await card.getByRole('button', { name: 'Show depth' }).click();
  await expect(page.getByTestId('pass-overlay-depth')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Hide depth' })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'depth-overlay');

  await card.getByRole('button', { name: 'Show normals' }).click();
  await expect(page.getByTestId('pass-overlay-normal')).toBeVisible();
  await expect(page.getByTestId('pass-overlay-depth')).toHaveCount(0);
  await shot(page, 'normal-overlay');

  await card.getByRole('button', { name: 'Hide normals' }).click();
  await expect(page.getByTestId('pass-overlay-normal')).toHaveCount(0);
});

/** The view of the same box: its faces lit differently, the sky light blue; and its ID pass (the box one colour, Brick). */
async function boxView(): Promise<{ view: Buffer; idPass: Buffer }> {
  const view = Buffer.alloc(W * H * 3);
  const id = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const sky = y < H * 0.22;
      const c = sky ? [170, 200, 230] : x < W / 2 ? [150, 120, 100] : [190, 160, 135];
      view.set(c, (y * W + x) * 3);
      id.set(sky ? [0, 0, 255] : [200, 60, 40], (y * W + x) * 3);
    }
  const png = (b: Buffer) => sharp(b, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer();
  return { view: await png(view), idPass: await png(id) };
}

test('passes: one material on two faces becomes two regions split by the normals, each with its plane from the passes', async ({ page, request }) => {
  test.setTimeout(300_000);
  const user = await createVerifiedUser(request, 'Nora Normals');
  await subscribe(request, user.token, 'EXPLORER');
  const { depth, normal } = await passes();
  const { view, idPass } = await boxView();
  const res = await request.post('/api/plugins/views', {
    headers: { authorization: `Bearer ${user.token}` },
    multipart: {
      view: { name: 'corner.png', mimeType: 'image/png', buffer: view },
      idPass: { name: 'ids.png', mimeType: 'image/png', buffer: idPass },
      materials: JSON.stringify({ '#c83c28': 'Brick', '#0000ff': 'Sky' }),
      depth: { name: 'depth.png', mimeType: 'image/png', buffer: depth },
      normal: { name: 'normal.png', mimeType: 'image/png', buffer: normal },
      depthNear: '4.5',
      depthFar: '60',
      fieldOfView: '60',
      source: 'blender',
      name: 'Camera corner',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { inputImageId } = (await res.json()) as { inputImageId: number };

  await signInWithToken(page, user.token);
  await page.goto(`/create?imageId=${inputImageId}&showMasks=true`);
  // The deep link opens the prompt with the regions: the box's one material is two regions, one per face.
  const prompt = page.getByRole('dialog', { name: 'Prompt' });
  await expect(prompt).toBeVisible({ timeout: 120_000 });
  await expect(prompt).toContainText('Brick (2)');
  await expect(prompt).toContainText('Sky');
  await shot(page, 'regions-split-by-normals');
  await prompt.getByRole('button', { name: 'Cancel' }).click();
  const legend = page.getByRole('list', { name: 'Regions on the canvas' });
  await expect(legend).toBeVisible({ timeout: 60_000 });
  await expect(legend).toContainText('Brick (2)');

  const toggle = page.getByRole('button', { name: /Show geometry/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const overlay = page.getByTestId('geometry-overlay');
  await expect(overlay).toBeVisible({ timeout: 60_000 });
  expect(await overlay.locator('polyline').count()).toBeGreaterThan(4);
  await shot(page, 'geometry-from-passes');
});
