import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { makeFacadePng, signInWithToken, subscribe, uploadInputThroughApi } from './support/create';
import { createVerifiedUser } from './support/users';

// The gallery in Chromium against the real server (local CPU engine): the modal over Create in
// organize mode, the work rail switching its mode without navigating, Escape; the /gallery page
// in square and full layouts; sharing on Explore; /explore for a visitor who is not signed in,
// and the image leaving Explore the moment it is made private. Screenshots go to artifacts/.

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Renders a Create batch through the API and waits for it (set-up, not the flow under test). */
async function renderBatch(request: APIRequestContext, token: string, inputImageId: number, variations: number, prompt: string): Promise<number[]> {
  const res = await request.post('/api/runpod/generate', { headers: auth(token), data: { inputImageId, variations, prompt } });
  expect(res.ok(), await res.text()).toBe(true);
  const { batchId } = (await res.json()) as { batchId: number };
  await expect
    .poll(async () => ((await (await request.get(`/api/runpod/status/${batchId}`, { headers: auth(token) })).json()) as { status: string }).status, {
      timeout: 120_000,
    })
    .toBe('COMPLETED');
  const status = (await (await request.get(`/api/runpod/status/${batchId}`, { headers: auth(token) })).json()) as { images: Array<{ id: number }> };
  return status.images.map((i) => i.id);
}

async function shoot(page: Page, name: string): Promise<void> {
  // Thumbnails fade in (300 ms).
  await page.waitForTimeout(500);
  await page.screenshot({ path: `artifacts/gallery-${name}.png` });
}

const thumbnailsLoaded = (page: Page, scope = page.locator('body')) =>
  expect
    .poll(async () =>
      scope.locator('[data-gallery-tile] img').evaluateAll((imgs) => imgs.length > 0 && imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)),
    )
    .toBe(true);

test('the gallery: modal over Create, rail switches modes, layouts, sharing on Explore, /explore signed out', async ({ page, browser, request }) => {
  test.setTimeout(240_000);
  const user = await createVerifiedUser(request, 'Alvar Aalto');
  await subscribe(request, user.token, 'EXPLORER');
  const inputImageId = await uploadInputThroughApi(request, user.token, await makeFacadePng(640, 420), 'studio-facade.png');
  const first = await renderBatch(request, user.token, inputImageId, 2, 'Brick library with deep window reveals, autumn light');
  const second = await renderBatch(request, user.token, inputImageId, 3, 'Timber pavilion by a lake, morning mist');
  const imageIds = [...second, ...first];

  await signInWithToken(page, user.token);
  await page.goto('/create');

  // The header's Gallery button opens the modal, in organize mode.
  await page.getByRole('banner').getByRole('button', { name: 'Gallery' }).click();
  const modal = page.getByRole('dialog', { name: 'Gallery' });
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('region', { name: 'Gallery: Organize' })).toBeVisible();
  await expect(modal.getByText(`${imageIds.length} images`).first()).toBeVisible();
  await expect(modal.getByRole('heading', { name: /Today/ })).toBeVisible();
  await expect(modal.locator('[data-gallery-tile]')).toHaveCount(imageIds.length);
  await thumbnailsLoaded(page, modal);
  // Hover shows the actions, each explained by a tooltip.
  await modal.locator('[data-gallery-tile]').first().hover();
  await modal.locator('[data-gallery-tile]').first().getByRole('button', { name: 'Send to Tweak' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Send to Tweak' })).toBeVisible();
  await shoot(page, 'modal-organize');

  // The rail's Create entry switches the gallery to create mode without leaving /create.
  const rail = modal.getByRole('navigation', { name: 'Workspace' });
  await rail.getByRole('button', { name: 'Create' }).click();
  await expect(modal.getByRole('region', { name: 'Gallery: Create batches' })).toBeVisible();
  await expect(page).toHaveURL(/\/create/);
  await expect(modal.locator('[data-batch-id]')).toHaveCount(2);
  await modal.locator('[data-batch-id]').first().click();
  const details = modal.getByRole('complementary', { name: 'Batch details' });
  await expect(details.getByText('Timber pavilion by a lake, morning mist')).toBeVisible();
  await thumbnailsLoaded(page, details);
  await shoot(page, 'modal-create-mode');

  // Escape closes it; Create is still there underneath.
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(page).toHaveURL(/\/create/);

  // The /gallery page, square (the default) then full layout.
  await page.goto('/gallery');
  const view = page.getByRole('region', { name: 'Gallery: Organize' });
  await expect(view.locator('[data-gallery-tile]')).toHaveCount(imageIds.length);
  await thumbnailsLoaded(page);
  await expect(page.getByRole('radio', { name: 'Square' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByRole('radio', { name: 'Large' })).toHaveAttribute('aria-checked', 'true');
  await shoot(page, 'page-square');
  await page.getByRole('radio', { name: 'Full' }).click();
  await expect(page.getByText('Timber pavilion by a lake, morning mist').first()).toBeVisible();
  await thumbnailsLoaded(page);
  await shoot(page, 'page-full');
  await page.getByRole('radio', { name: 'Square' }).click();

  // Share the newest image on Explore from its menu.
  const tile = view.locator(`[data-image-id="${imageIds[0]}"]`);
  await tile.hover();
  await tile.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Share on Explore' }).click();
  await expect(page.getByText('Shared on Explore').first()).toBeVisible();
  await expect(tile.getByLabel('Shared on Explore')).toBeVisible();

  // A visitor, signed out, sees it on /explore with a sign-in invitation and no account bits.
  const visitorContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/explore');
  await expect(visitor).toHaveURL(/\/explore$/);
  await expect(visitor.getByRole('heading', { name: 'Explore' })).toBeVisible();
  await expect(visitor.getByText('Start your own render from any of these')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Account overview' })).toHaveCount(0);
  const shared = visitor.locator(`[data-image-id="${imageIds[0]}"]`);
  await expect(shared).toBeVisible();
  // The owner's display name: the first name until one is chosen in profile settings.
  await expect(shared.getByText('Alvar', { exact: true })).toBeVisible();
  await thumbnailsLoaded(visitor);
  await visitor.screenshot({ path: 'artifacts/gallery-explore-visitor.png' });
  // Its public file route serves it to anyone; the private ones are 404.
  expect((await visitor.request.get(`/api/explore/images/${imageIds[0]}/full`)).status()).toBe(200);
  expect((await visitor.request.get(`/api/explore/images/${imageIds[1]}/full`)).status()).toBe(404);

  // Made private again: gone from Explore at once.
  await tile.hover();
  await tile.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Remove from Explore' }).click();
  await expect(page.getByText('Removed from Explore').first()).toBeVisible();
  expect((await visitor.request.get(`/api/explore/images/${imageIds[0]}/full`)).status()).toBe(404);
  // Other specs share images on the same server, so Explore need not be empty: this one is gone.
  await visitor.reload();
  await expect(visitor.getByText('Nothing has been shared yet').or(visitor.locator('[data-image-id]').first())).toBeVisible();
  await expect(visitor.locator(`[data-image-id="${imageIds[0]}"]`)).toHaveCount(0);
  await visitorContext.close();

  // Delete asks first, then the image leaves the gallery.
  await tile.hover();
  await tile.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: /Delete/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this image?' });
  await expect(confirm).toBeVisible();
  await shoot(page, 'delete-confirm');
  await confirm.getByRole('button', { name: 'Delete image' }).click();
  await expect(view.locator('[data-gallery-tile]')).toHaveCount(imageIds.length - 1);
  await expect(page.getByText(`${imageIds.length - 1} images`).first()).toBeVisible();
});

test('gallery filters: the panel filters by sharing and render type, a refresh keeps them, no match says so, Clear filters shows all', async ({ page, request }) => {
  test.setTimeout(240_000);
  const user = await createVerifiedUser(request, 'Lina Bo Bardi');
  await subscribe(request, user.token, 'EXPLORER');
  const inputImageId = await uploadInputThroughApi(request, user.token, await makeFacadePng(640, 420), 'casa-de-vidro.png');
  const ids = await renderBatch(request, user.token, inputImageId, 3, 'Glass house on slender columns in a tropical garden');
  const shared = ids[1];
  const share = await request.put(`/api/gallery/images/${shared}/visibility`, { headers: auth(user.token), data: { isPublic: true } });
  expect(share.ok(), await share.text()).toBe(true);

  await signInWithToken(page, user.token);
  await page.goto('/gallery');
  await expect(page.locator('[data-gallery-tile]')).toHaveCount(3);

  // Open the panel and choose "Shared on Explore" with the keyboard.
  await page.getByRole('button', { name: 'Filters' }).click();
  const panel = page.getByRole('region', { name: 'Filters' });
  await panel.getByRole('radio', { name: 'Shared on Explore' }).focus();
  await page.keyboard.press('Space');
  await expect(page).toHaveURL(/\/gallery\?visibility=shared$/);
  await expect(page.locator('[data-gallery-tile]')).toHaveCount(1);
  await expect(page.locator(`[data-gallery-tile][data-image-id="${shared}"]`)).toBeVisible();
  const chips = page.getByRole('group', { name: 'Active filters' });
  await expect(chips.getByText('Shared on Explore')).toBeVisible();
  // Renders made without a render type count as exterior.
  await panel.locator('label', { hasText: 'Exterior' }).click();
  await expect(page).toHaveURL(/renderType=exterior/);
  await expect(page.locator('[data-gallery-tile]')).toHaveCount(1);
  await thumbnailsLoaded(page);
  await shoot(page, 'filters-active');

  // A refresh keeps the filters (they live in the URL).
  await page.reload();
  await expect(page.getByRole('group', { name: 'Active filters' }).getByText('Exterior')).toBeVisible();
  await expect(page.locator('[data-gallery-tile]')).toHaveCount(1);

  // Interior matches nothing: the empty state says so and offers the way out.
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByRole('region', { name: 'Filters' }).locator('label', { hasText: 'Interior' }).click();
  await expect(page.getByText('No images match these filters')).toBeVisible();
  await shoot(page, 'filters-empty');
  await page.getByRole('main').getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.locator('[data-gallery-tile]')).toHaveCount(3);
  await expect(page.getByRole('group', { name: 'Active filters' })).toHaveCount(0);
});
