import { expect, test } from '@playwright/test';
import { makeFacadePng, signInWithToken, subscribe, uploadInputThroughApi } from './support/create';
import { createVerifiedUser } from './support/users';

test('a cleared and saved prompt stays cleared after a reload, and Create sends the default prompt it shows', async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = await createVerifiedUser(request, 'Clara Clear');
  await subscribe(request, user.token, 'EXPLORER');
  const input = await uploadInputThroughApi(request, user.token, await makeFacadePng(900, 600), 'lobby.png');
  const saved = await request.post(`/api/ai-prompt/prompt/${input}`, { headers: { Authorization: `Bearer ${user.token}` }, data: { prompt: 'A hotel interior at night' } });
  expect(saved.ok()).toBe(true);
  await signInWithToken(page, user.token);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goto(`/create?imageId=${input}`);
  const promptText = page.getByTestId('prompt-text');
  await expect(promptText).toHaveText(/a hotel interior at night/i);

  await page.getByRole('button', { name: 'Edit prompt' }).click();
  const modal = page.getByRole('dialog', { name: 'Prompt' });
  const box = modal.getByRole('textbox', { name: 'Prompt' });
  await expect(box).toHaveValue('A hotel interior at night');
  await box.fill('');
  await modal.getByRole('button', { name: /^Save/ }).click();
  await expect(modal).toBeHidden();
  await expect(promptText).not.toHaveText(/hotel/i);

  // After a reload nothing brings the old prompt back.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Input image lobby.png' })).toHaveAttribute('aria-pressed', 'true');
  await page.waitForTimeout(1500); // the saved prompt's restore has had its chance
  await expect(promptText).toHaveText(/create an architectural visualization/i);
  await page.screenshot({ path: '/work/shots/render-type/create-prompt-cleared-after-reload.png' });

  const answered = page.waitForResponse((r) => r.url().endsWith('/api/runpod/generate') && r.request().method() === 'POST', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const sent = (await answered).request().postDataJSON() as { prompt: string };
  expect(sent.prompt).toBe('CREATE AN ARCHITECTURAL VISUALIZATION');
});
