import { expect, test } from '@playwright/test';
import { makeFacadePng, signInWithToken, subscribe, uploadInputThroughApi } from './support/create';
import { createVerifiedUser } from './support/users';

const SHOTS = '/work/shots/render-type';

test('a subscriber chooses Aerial, renders, reloads: Create still says Aerial and the render was made as aerial', async ({ page, request }) => {
  test.setTimeout(240_000);
  const user = await createVerifiedUser(request, 'Aria Aerial');
  await subscribe(request, user.token, 'EXPLORER');
  const input = await uploadInputThroughApi(request, user.token, await makeFacadePng(1200, 800), 'campus.png');
  await signInWithToken(page, user.token);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto(`/create?imageId=${input}`);
  await expect(page.getByRole('button', { name: 'Input image campus.png' })).toHaveAttribute('aria-pressed', 'true');
  const renderType = page.getByRole('radiogroup', { name: 'Render type' });
  await expect(renderType.getByRole('radio', { name: 'Exterior' })).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: `${SHOTS}/create-render-type-exterior.png` });

  // Keyboard: Tab reaches the chosen one, the arrows move the choice.
  await renderType.getByRole('radio', { name: 'Exterior' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(renderType.getByRole('radio', { name: 'Aerial' })).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: `${SHOTS}/create-render-type-aerial.png` });

  const answered = page.waitForResponse((r) => r.url().endsWith('/api/runpod/generate') && r.request().method() === 'POST', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const sent = (await answered).request().postDataJSON() as { settings: { renderType?: string } };
  expect(sent.settings.renderType).toBe('aerial');
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByRole('button', { name: /^Render \d+, variation 1$/ })).toHaveCount(1, { timeout: 150_000 });

  // The render keeps it in its settings snapshot.
  const res = await request.get('/api/runpod/variations', { headers: { Authorization: `Bearer ${user.token}` } });
  const { variations } = (await res.json()) as { variations: Array<{ settingsSnapshot: { renderType?: string } | null }> };
  expect(variations[0].settingsSnapshot?.renderType).toBe('aerial');

  // Reload: the newest render is selected again and its settings bring Aerial back.
  await page.reload();
  await expect(page.getByRole('radiogroup', { name: 'Render type' }).getByRole('radio', { name: 'Aerial' })).toHaveAttribute('aria-checked', 'true', { timeout: 30_000 });
  await page.screenshot({ path: `${SHOTS}/create-render-type-after-reload.png` });
});
