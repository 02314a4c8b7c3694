import { expect, test, type Page } from '@playwright/test';
import {
  balanceOf,
  makeFacadePng,
  signInWithToken,
  spendCreditsDownTo,
  subscribe,
  uploadInputThroughApi,
  waitForRendersToFinish,
} from './support/create';
import { createVerifiedUser } from './support/users';

const SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
] as const;

/** Screenshots of the current state at both sizes (artifacts/, ignored by git). */
async function shoot(page: Page, name: string) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(350); // the canvas refits (300 ms glide)
    await page.screenshot({ path: `artifacts/create-${name}-${size.width}x${size.height}.png` });
  }
  await page.setViewportSize(SIZES[0]);
}

const history = (page: Page) => page.getByRole('region', { name: 'History' });
const creditsRing = (page: Page) => page.getByRole('link', { name: /credits remaining/ });

test('a subscriber uploads, picks light and walls, creates four variations that arrive live, and upscales one', async ({ page, request }) => {
  test.setTimeout(300_000);
  const user = await createVerifiedUser(request, 'Renzo Architect');
  await subscribe(request, user.token, 'EXPLORER');
  const startCredits = await balanceOf(request, user.token);
  await signInWithToken(page, user.token);

  await page.goto('/create');
  await expect(page.getByRole('heading', { name: 'Upload an image to create' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Preview engine \(CPU\)/ })).toBeVisible();
  await expect(creditsRing(page)).toContainText(String(startCredits));
  await shoot(page, '1-empty');

  // Upload over a slow uplink, so the progress shows; the image is one the test paints.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 250 * 1024 });
  const facade = await makeFacadePng(1600, 1040, { grain: 10 });
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Browse files' }).click();
  await (await chooser).setFiles({ name: 'villa-elevation.png', mimeType: 'image/png', buffer: facade });
  const progress = page.getByRole('progressbar', { name: 'Uploading villa-elevation.png' }).first();
  await expect(progress).toBeVisible();
  await shoot(page, '2-uploading');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(page.getByRole('button', { name: 'Input image villa-elevation.png' })).toHaveAttribute('aria-pressed', 'true', { timeout: 60_000 });
  await expect(page.getByRole('img', { name: 'villa-elevation.png' })).toBeVisible();

  // Photorealistic (the default), Sunset lighting, a brick wall, four variations.
  await expect(page.getByRole('radio', { name: 'Photorealistic' })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: /^Lighting/ }).click();
  await page.getByRole('button', { name: 'Sunset', exact: true }).click();
  await expect(page.getByRole('button', { name: /^Lighting/ })).toContainText('Sunset');
  await page.getByRole('button', { name: /^Walls/ }).click();
  await page.getByRole('button', { name: 'Brick', exact: true }).click();
  await page.getByRole('button', { name: 'Red Brick, Running Bond' }).click();
  await expect(page.getByRole('button', { name: /^Walls/ })).toContainText('Red Brick, Running Bond');
  await page.getByRole('radio', { name: '4 variations' }).click();

  // The page must not reload from here on: the images come through the socket.
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/runpod/generate') && r.request().method() === 'POST', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Create', exact: true }).click();

  // The four slots show at once (placeholders until the server answers); the balance follows the answer.
  await expect(history(page).getByRole('button', { name: /rendering/ })).toHaveCount(4, { timeout: 60_000 });
  await expect(page.getByRole('button', { name: /Rendering/ })).toBeDisabled();
  expect((await answered).status()).toBe(200);
  await expect(creditsRing(page)).toContainText(String(startCredits - 4));
  await shoot(page, '3-generating');

  const finished = history(page).getByRole('button', { name: /^Render \d+, variation \d$/ });
  await expect(finished).toHaveCount(4, { timeout: 150_000 });
  await expect(history(page).getByRole('button', { name: /rendering/ })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  await expect(page.getByRole('button', { name: 'Create', exact: true })).toBeEnabled();
  await page.waitForTimeout(400); // the newest render is auto-selected after 200 ms
  await shoot(page, '4-finished');

  // Pick variation 2 and upscale it.
  const second = history(page).getByRole('button', { name: /^Render \d+, variation 2$/ });
  await second.click();
  await expect(second).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('img', { name: /^Render \d+, variation 2$/ })).toBeVisible();
  const secondId = await page.evaluate(async (token) => {
    const res = await fetch('/api/runpod/variations', { headers: { Authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { variations: Array<{ id: number; variationNumber: number }> };
    return body.variations.find((v) => v.variationNumber === 2)!.id;
  }, user.token);

  // The /upscale page takes the navigation state and clears it (spec §2): record what was pushed.
  await page.evaluate(() => {
    const push = window.history.pushState.bind(window.history);
    window.history.pushState = (state: unknown, unused: string, url?: string | URL | null) => {
      (window as unknown as { __pushedState: unknown }).__pushedState = state;
      push(state, unused, url);
    };
  });
  await page.getByRole('button', { name: 'Upscale Image' }).click();
  await expect(page).toHaveURL(/\/upscale$/);
  const state = await page.evaluate(() => ((window as unknown as { __pushedState?: { usr?: Record<string, unknown> } }).__pushedState ?? null)?.usr);
  expect(state).toMatchObject({ imageId: secondId, imageType: 'generated' });
  expect(String(state?.imageUrl)).toContain('/api/files/');

  // Four credits were spent, once.
  expect(await balanceOf(request, user.token)).toBe(startCredits - 4);
  await expect(creditsRing(page)).toContainText(String(startCredits - 4));
});

test('a user with 2 credits asking for 4 variations sees the out-of-credits message and is not charged', async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = await createVerifiedUser(request, 'Lina Architect');
  await subscribe(request, user.token, 'STARTER');
  await spendCreditsDownTo(request, user.token, 2);
  await waitForRendersToFinish(request, user.token);
  const courtyard = await uploadInputThroughApi(request, user.token, await makeFacadePng(800, 520), 'courtyard.png');
  await signInWithToken(page, user.token);

  const generateCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/runpod/generate')) generateCalls.push(r.url());
  });

  // Named in the URL: the warm-up renders, finished under a minute ago, would otherwise be auto-selected (spec §2).
  await page.goto(`/create?imageId=${courtyard}`);
  await expect(page.getByRole('button', { name: 'Input image courtyard.png' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('radio', { name: '4 variations' }).click();
  await expect(page.getByText('Only 2 left')).toBeVisible();
  await page.getByRole('button', { name: 'Create', exact: true }).click();

  await expect(page.getByText("You've run out of credits! Upgrade your plan to continue generating amazing content.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upgrade Now' })).toBeVisible();
  await page.screenshot({ path: 'artifacts/create-insufficient-credits.png' });
  expect(generateCalls).toEqual([]);
  expect(await balanceOf(request, user.token)).toBe(2);
});

test('a FREE user opening /create lands on /subscription', async ({ page, request }) => {
  const user = await createVerifiedUser(request, 'Free Visitor');
  await signInWithToken(page, user.token);
  await page.goto('/create');
  await expect(page).toHaveURL(/\/subscription$/);
  // Replaced, not pushed: Back does not return to /create.
  expect(await page.evaluate(() => window.history.length)).toBeLessThanOrEqual(2);
});
