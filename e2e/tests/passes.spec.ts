import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { makeFacadePng, signInWithToken, subscribe } from './support/create';
import { createVerifiedUser } from './support/users';

/** Screenshots kept as artifacts (artifacts/, ignored by git). */
const shot = (page: Page, name: string) => page.screenshot({ path: `artifacts/passes-${name}.png`, fullPage: true });

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
