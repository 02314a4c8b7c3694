import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { balanceOf, signInWithToken, subscribe } from './support/create';
import { createVerifiedUser } from './support/users';

/**
 * View sets (issue 31 part 5) in Chromium against the real server (local CPU engine): three
 * cameras of one building pushed as a set, Create showing them side by side, Render set with its
 * total shown before starting, every view rendered, the gallery's row for that look.
 */

const SHOTS = process.env.VIEW_SETS_SHOTS ?? 'artifacts';
const shot = (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  return page.screenshot({ path: `${SHOTS}/view-sets-${name}.png` });
};

const W = 640;
const H = 420;
const COLOURS = { sky: '#d9e7f2', brick: '#c8553d', glazing: '#4073b3', ground: '#6b6b6b' };
const MATERIALS = JSON.stringify({ [COLOURS.sky]: 'Sky', [COLOURS.brick]: 'Brick', [COLOURS.glazing]: 'Glazing', [COLOURS.ground]: 'Paving' });

/**
 * A box seen across its corner from a camera whose corner edge is at `cx` (a fraction of the
 * width): a brick face on the left, a glazed face on the right, sky and paving. `flat` gives its ID
 * pass (exact colours, no antialiasing); otherwise the view, with window mullions and shading.
 */
function cornerView(cx: number, flat: boolean): Promise<Buffer> {
  const x = cx * W;
  const top = 90;
  const bottom = 330;
  const left = `${x - 250},${top + 40} ${x},${top} ${x},${bottom} ${x - 250},${bottom - 25}`;
  const right = `${x},${top} ${x + 260},${top + 45} ${x + 260},${bottom - 28} ${x},${bottom}`;
  const detail = flat
    ? ''
    : Array.from({ length: 9 }, (_, i) => {
        const t = (i + 1) / 10;
        return `<line x1="${x + 260 * t}" y1="${top + 45 * t}" x2="${x + 260 * t}" y2="${bottom - 28 * t}" stroke="#2b3e5a" stroke-width="3"/>`;
      }).join('') +
      Array.from({ length: 11 }, (_, i) => {
        const t = (i + 1) / 12;
        return `<line x1="${x - 250}" y1="${top + 40 + (bottom - 25 - top - 40) * t}" x2="${x}" y2="${top + (bottom - top) * t}" stroke="#a8442f" stroke-width="2"/>`;
      }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" shape-rendering="${flat ? 'crispEdges' : 'auto'}">
    <rect width="${W}" height="${H}" fill="${COLOURS.sky}"/>
    <rect y="300" width="${W}" height="${H - 300}" fill="${COLOURS.ground}"/>
    <polygon points="${left}" fill="${COLOURS.brick}"/>
    <polygon points="${right}" fill="${COLOURS.glazing}"/>
    ${detail}
  </svg>`;
  return sharp(Buffer.from(svg)).flatten().removeAlpha().png().toBuffer();
}

test('view sets: Create shows a set side by side, Render set shows the total first and renders every view, the gallery groups them', async ({ page, request }) => {
  test.setTimeout(360_000);
  const user = await createVerifiedUser(request, 'Vera Views');
  await subscribe(request, user.token, 'EXPLORER');
  const SET = 'Riverside – scheme B';
  const cameras = [
    ['Camera.North', 0.5],
    ['Camera.East', 0.62],
    ['Camera.South', 0.4],
  ] as const;
  const ids: number[] = [];
  for (const [name, cx] of cameras) {
    const res = await request.post('/api/plugins/views', {
      headers: { authorization: `Bearer ${user.token}` },
      multipart: {
        view: { name: `${name}.png`, mimeType: 'image/png', buffer: await cornerView(cx, false) },
        idPass: { name: 'ids.png', mimeType: 'image/png', buffer: await cornerView(cx, true) },
        materials: MATERIALS,
        source: 'blender',
        name,
        set: SET,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { inputImageId: number }).inputImageId);
  }
  const before = await balanceOf(request, user.token);

  await signInWithToken(page, user.token);
  await page.goto(`/create?imageId=${ids[0]}`);
  const panel = page.getByRole('region', { name: `View set ${SET}` });
  // The machine these run on may be busy: the first screen gets a minute.
  await expect(panel).toBeVisible({ timeout: 60_000 });
  const strip = panel.getByRole('list', { name: 'Views of the set' });
  await expect(strip.getByRole('img')).toHaveCount(3, { timeout: 60_000 });
  expect(await strip.getByRole('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).alt))).toEqual(['Camera.North', 'Camera.East', 'Camera.South']);
  await expect
    .poll(() => strip.getByRole('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  // Side by side: the three thumbnails share a row, left to right.
  const boxes = await Promise.all([0, 1, 2].map((i) => strip.getByRole('img').nth(i).boundingBox()));
  expect(boxes.every((b) => b && Math.abs(b.y - boxes[0]!.y) < 2)).toBe(true);
  expect(boxes[0]!.x).toBeLessThan(boxes[1]!.x);
  expect(boxes[1]!.x).toBeLessThan(boxes[2]!.x);
  await expect(panel.getByRole('button', { name: 'View Camera.North' })).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'create-side-by-side');

  // Selecting another view of the set shows it on the canvas.
  await panel.getByRole('button', { name: 'View Camera.East' }).click();
  await expect(page).toHaveURL(new RegExp(`imageId=${ids[1]}`));
  await expect(panel.getByRole('button', { name: 'View Camera.East' })).toHaveAttribute('aria-pressed', 'true');

  // Render set: the total first (1 variation × 3 views), nothing charged until confirmed.
  await panel.getByRole('button', { name: /Render set · 3 credits/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('set-quote')).toContainText('3 views × 1 variation = 3 credits');
  await expect(dialog.getByTestId('set-quote')).toContainText(`${before} credits available`);
  await shot(page, 'render-set-total');
  expect(await balanceOf(request, user.token)).toBe(before);
  await dialog.getByRole('button', { name: 'Render 3 views · 3 credits' }).click();
  await expect(dialog).toHaveCount(0);

  // Progress per view, then the whole set.
  await expect(panel.getByTestId(`view-progress-${ids[0]}`)).toBeVisible();
  await shot(page, 'render-set-progress');
  await expect(panel.getByTestId('set-progress')).toHaveText('· Set rendered', { timeout: 180_000 });
  for (const id of ids) await expect(panel.getByTestId(`view-progress-${id}`)).toContainText('Done');
  expect(await balanceOf(request, user.token)).toBe(before - 3);
  await shot(page, 'render-set-done');

  // The gallery: one row for this look, with the set's name and each view's render.
  await page.goto('/gallery');
  const rows = page.getByTestId('set-render-row');
  await expect(rows).toHaveCount(1, { timeout: 60_000 });
  await expect(rows.first()).toContainText(SET);
  await expect(rows.first()).toContainText('Photorealistic · exterior');
  await expect(rows.first()).toContainText('3 views · 1 variation each');
  const row = rows.first();
  await expect(row.getByTestId('set-render-view')).toHaveCount(3);
  await expect(row.getByTestId('set-render-view').locator('figcaption')).toHaveText(['Camera.North', 'Camera.East', 'Camera.South']);
  await expect
    .poll(() => row.locator('img').evaluateAll((imgs) => imgs.length === 3 && imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  await shot(page, 'gallery-set-row');
});
