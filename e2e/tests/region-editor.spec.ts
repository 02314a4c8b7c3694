import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { GetMasksResponse, MaskRegion } from '@atelier/contract';
import { makeFacadePng, signInWithToken, subscribe } from './support/create';
import { createVerifiedUser } from './support/users';

/**
 * Regions from an ID pass, corrected by the user: a view uploaded with its material pass has
 * named regions at once; the pass left a strip of the wall out (it is "sky" there), so the user
 * paints it into the wall, merges the two glazing regions, and Create puts brick on the
 * corrected wall, strip included, while the paving stays as it was.
 */

const W = 960;
const H = 630;
const SHOTS = process.env.REGION_SHOTS_DIR ?? 'artifacts';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/region-editor-${name}.png` });

// The geometry of makeFacadePng.
const facade = { x0: W * 0.18, x1: W * 0.82, y0: H * 0.22, y1: H * 0.82 };
/** The pass's mistake: the wall's left strip is coloured as sky. */
const strip = { x0: facade.x0, x1: facade.x0 + (facade.x1 - facade.x0) * 0.15 };

const ID = { sky: [110, 160, 220], wall: [200, 85, 61], west: [40, 120, 200], east: [30, 200, 160], door: [90, 60, 30], ground: [100, 100, 100] } as const;

function idPassPng(): Promise<Buffer> {
  const raw = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let c: readonly number[] = ID.sky;
      if (y > facade.y1) c = ID.ground;
      else if (x >= facade.x0 && x <= facade.x1 && y >= facade.y0) {
        const u = (x - facade.x0) / (facade.x1 - facade.x0);
        const v = (y - facade.y0) / (facade.y1 - facade.y0);
        const inWindow = (u * 5) % 1 > 0.25 && (u * 5) % 1 < 0.75 && (v * 4) % 1 > 0.25 && (v * 4) % 1 < 0.7;
        const door = u > 0.44 && u < 0.56 && v > 0.72;
        c = door ? ID.door : inWindow ? (u < 0.5 ? ID.west : ID.east) : x < strip.x1 ? ID.sky : ID.wall;
      }
      raw.set(c, (y * W + x) * 3);
    }
  return sharp(raw, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer();
}

const hex = (c: readonly number[]) => `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

async function regions(request: APIRequestContext, token: string, inputId: number): Promise<MaskRegion[]> {
  const res = await request.get(`/api/masks/${inputId}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await res.json()) as GetMasksResponse).data.maskRegions;
}

async function raw(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes).resize(W, H, { fit: 'fill' }).removeAlpha().raw().toBuffer();
}

async function maskBits(request: APIRequestContext, url: string): Promise<Uint8Array> {
  const data = await sharp(Buffer.from(await (await request.get(url)).body())).resize(W, H, { fit: 'fill', kernel: 'nearest' }).greyscale().raw().toBuffer();
  return Uint8Array.from(data, (v) => (v > 127 ? 1 : 0));
}

/** Mean absolute change per channel between two images inside a box. */
function changeIn(a: Buffer, b: Buffer, box: { x0: number; x1: number; y0: number; y1: number }): number {
  let s = 0;
  let n = 0;
  for (let y = Math.round(box.y0); y < box.y1; y++)
    for (let x = Math.round(box.x0); x < box.x1; x++)
      for (let k = 0; k < 3; k++) {
        s += Math.abs(a[(y * W + x) * 3 + k] - b[(y * W + x) * 3 + k]);
        n++;
      }
  return s / n;
}

test('an ID pass gives named regions; paint a correction, merge two, undo, Create follows the corrected masks', async ({ page, request }) => {
  test.setTimeout(300_000);
  const user = await createVerifiedUser(request, 'Lina Bo');
  await subscribe(request, user.token, 'EXPLORER');
  const view = await makeFacadePng(W, H, { grain: 4 });
  const upload = await request.post('/api/images/upload-input', {
    headers: { Authorization: `Bearer ${user.token}` },
    multipart: {
      file: { name: 'casa.png', mimeType: 'image/png', buffer: view },
      idPass: { name: 'casa-id.png', mimeType: 'image/png', buffer: await idPassPng() },
      materials: JSON.stringify({ [hex(ID.wall)]: 'Brick wall', [hex(ID.west)]: 'Glazing west', [hex(ID.east)]: 'Glazing east' }),
      uploadSource: 'CREATE_MODULE',
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const inputId = ((await upload.json()) as { id: number }).id;

  await signInWithToken(page, user.token);
  await page.goto('/create');
  await page.getByRole('button', { name: 'Input image casa.png' }).click();
  const legend = page.getByRole('list', { name: 'Regions on the canvas' });
  await expect(legend).toBeVisible({ timeout: 30_000 });
  for (const name of ['Brick wall', 'Glazing west', 'Glazing east']) await expect(legend.getByRole('listitem').filter({ hasText: name })).toHaveCount(1);
  await expect(legend.getByRole('listitem')).toHaveCount(6);
  await expect(page.getByTestId('mask-overlay')).toHaveCSS('opacity', '1');
  await shot(page, '1-id-pass-regions');

  // Select the wall and paint the strip the pass missed.
  await page.getByRole('button', { name: 'Edit regions' }).click();
  const toolbar = page.getByRole('toolbar', { name: 'Region editor' });
  const img = (await page.getByRole('img', { name: 'casa.png' }).boundingBox())!;
  const at = (fx: number, fy: number) => ({ x: img.x + (fx / W) * img.width, y: img.y + (fy / H) * img.height });
  const wallPoint = at((facade.x0 + facade.x1) / 2 + 40, facade.y0 + 12);
  await page.mouse.move(wallPoint.x, wallPoint.y);
  await expect(page.getByRole('status').filter({ hasText: 'Brick wall' })).toBeVisible();
  await page.mouse.click(wallPoint.x, wallPoint.y);
  await expect(toolbar.getByRole('textbox', { name: 'Region name' })).toHaveValue('Brick wall');
  await toolbar.getByRole('button', { name: 'Paint' }).click();
  await toolbar.getByRole('slider', { name: 'Brush size' }).fill('80');
  const wallBefore = (await regions(request, user.token, inputId)).find((r) => r.label === 'Brick wall')!;
  const painted = page.waitForResponse((r) => r.url().endsWith(`/api/masks/${wallBefore.id}`) && r.request().method() === 'PUT');
  // Zig-zag down the strip (the wall's left 15 %) with a brush as wide as it.
  const cx = (strip.x0 + strip.x1) / 2;
  const start = at(cx, facade.y0 + 40);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  for (let y = facade.y0 + 40; y <= facade.y1 - 40; y += 20) {
    const p = at(cx, y);
    await page.mouse.move(p.x, p.y, { steps: 2 });
  }
  await page.mouse.up();
  expect((await painted).status()).toBe(200);
  await expect.poll(async () => (await regions(request, user.token, inputId)).find((r) => r.id === wallBefore.id)!.area).toBeGreaterThan(wallBefore.area + 0.02);
  await page.waitForTimeout(400);
  await shot(page, '2-corrected-wall');

  // Merge the two glazing regions (select one, Shift-click the other); undo; merge again.
  await toolbar.getByRole('button', { name: 'Select' }).click();
  const all = await regions(request, user.token, inputId);
  const west = all.find((r) => r.label === 'Glazing west')!;
  const westWindow = at(facade.x0 + (facade.x1 - facade.x0) * 0.3 + 10, facade.y0 + (facade.y1 - facade.y0) * 0.37);
  const eastWindow = at(facade.x0 + (facade.x1 - facade.x0) * 0.7 + 10, facade.y0 + (facade.y1 - facade.y0) * 0.37);
  /** Hover until the overlay names the region under the pointer (its masks may still be loading), then click. */
  const pickAt = async (p: { x: number; y: number }, name: string, shift = false) => {
    await page.mouse.move(p.x, p.y);
    await expect(page.getByRole('status').filter({ hasText: name })).toBeVisible();
    if (shift) await page.keyboard.down('Shift');
    await page.mouse.click(p.x, p.y);
    if (shift) await page.keyboard.up('Shift');
  };
  const pickBothGlazings = async () => {
    await pickAt(westWindow, 'Glazing west');
    await expect(toolbar.getByRole('textbox', { name: 'Region name' })).toHaveValue('Glazing west');
    await pickAt(eastWindow, 'Glazing east', true);
  };
  await pickBothGlazings();
  await toolbar.getByRole('button', { name: 'Merge 2 regions' }).click();
  await expect(legend.getByRole('listitem')).toHaveCount(5);
  await expect(legend.getByRole('listitem').filter({ hasText: 'Glazing east' })).toHaveCount(0);
  await expect(toolbar).toHaveAttribute('aria-busy', 'false');
  await page.keyboard.press('Control+z');
  await expect(legend.getByRole('listitem').filter({ hasText: 'Glazing east' })).toHaveCount(1);
  await expect(legend.getByRole('listitem')).toHaveCount(6);
  await expect(toolbar).toHaveAttribute('aria-busy', 'false');
  await pickBothGlazings();
  await toolbar.getByRole('button', { name: 'Merge 2 regions' }).click();
  await expect(legend.getByRole('listitem')).toHaveCount(5);
  const merged = (await regions(request, user.token, inputId)).find((r) => r.id === west.id)!;
  const westBits = await maskBits(request, merged.maskUrl);
  const eastPixel = Math.round(facade.y0 + (facade.y1 - facade.y0) * 0.37) * W + Math.round(facade.x0 + (facade.x1 - facade.x0) * 0.7 + 10);
  expect(westBits[eastPixel]).toBe(1);
  await toolbar.getByRole('button', { name: 'Done' }).click();

  // Brick on the wall in the prompt modal (its rows carry the pass's names), then Create: the
  // corrected wall (strip included) turns to brick; the paving stays.
  await page.getByRole('region', { name: 'Regions' }).getByRole('button', { name: 'Materials' }).click();
  const modal = page.getByRole('dialog', { name: 'Prompt' });
  const wallRow = modal.getByRole('listitem', { name: 'Region Brick wall' });
  await expect(wallRow).toBeVisible();
  await modal.getByRole('tab', { name: 'Walls' }).click();
  await modal.getByRole('button', { name: 'Brick', exact: true }).click();
  await modal.getByRole('button', { name: 'Red Brick, Running Bond' }).dragTo(wallRow);
  await expect(wallRow).toContainText('Red Brick, Running Bond');
  await modal.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(modal).toBeHidden();
  const generate = page.waitForRequest((r) => r.url().endsWith('/api/runpod/generate'));
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const body = (await generate).postDataJSON() as { maskMaterialMappings: Record<string, { materialOptionId?: string }> };
  expect(body.maskMaterialMappings[`mask_${wallBefore.id}`]?.materialOptionId).toBe('walls-brick-red-running-bond');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('button', { name: /^Render \d+, variation 1$/ })).toHaveCount(1, { timeout: 150_000 });
  const variations = (await (await request.get('/api/runpod/variations', { headers: { Authorization: `Bearer ${user.token}` } })).json()) as {
    variations: Array<{ status: string; imageUrl: string }>;
  };
  const done = variations.variations.find((v) => v.status === 'COMPLETED')!;
  const result = await raw(Buffer.from(await (await request.get(done.imageUrl)).body()));
  const input = await raw(view);
  const stripBox = { x0: strip.x0 + 12, x1: strip.x1 - 12, y0: facade.y0 + 10, y1: facade.y0 + (facade.y1 - facade.y0) * 0.2 };
  // The paving has no material: it stays close to the input. (The CPU engine's photoreal pass
  // redraws every sky, with or without regions, so the sky is no measure of the regions.)
  const groundBox = { x0: W * 0.1, x1: W * 0.9, y0: facade.y1 + 15, y1: H - 5 };
  const stripChange = changeIn(result, input, stripBox);
  const groundChange = changeIn(result, input, groundBox);
  test.info().annotations.push({ type: 'pixels', description: `strip change ${stripChange.toFixed(1)}, paving change ${groundChange.toFixed(1)}` });
  expect(stripChange).toBeGreaterThan(25);
  expect(groundChange).toBeLessThan(20);
  expect(stripChange).toBeGreaterThan(groundChange * 2);
  await shot(page, '3-rendered');
});
