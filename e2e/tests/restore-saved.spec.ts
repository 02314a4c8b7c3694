import { expect, test } from '@playwright/test';
import { DEFAULT_PROMPT, type GetMasksResponse } from '@atelier/contract';
import { makeFacadePng, signInWithToken, subscribe, uploadInputThroughApi } from './support/create';
import { createVerifiedUser } from './support/users';

/**
 * Issue 18 item 1: what the server saved for an input image (its prompt, a region's material)
 * comes back after a reload, and Create sends it: what the cards show is what the render gets.
 */
test('after a reload, the saved prompt and the region material are shown and sent by Create', async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = await createVerifiedUser(request, 'Eileen Gray');
  await subscribe(request, user.token, 'EXPLORER');
  const auth = { Authorization: `Bearer ${user.token}` };
  const inputId = await uploadInputThroughApi(request, user.token, await makeFacadePng(600, 400), 'e1027.png');

  // Regions, then the façade's Red Brick and the prompt, saved as the prompt modal's Save does.
  const started = await request.post('/api/masks/generate', { headers: auth, data: { inputImageId: inputId } });
  expect(started.ok(), await started.text()).toBe(true);
  let regions: GetMasksResponse['data']['maskRegions'] = [];
  await expect
    .poll(
      async () => {
        const masks = ((await (await request.get(`/api/masks/${inputId}`, { headers: auth })).json()) as GetMasksResponse).data;
        regions = masks.maskRegions;
        return masks.maskStatus;
      },
      { timeout: 90_000 },
    )
    .toBe('completed');
  const wall = regions.find((r) => r.label === 'facade')!;
  const style = await request.put(`/api/masks/${wall.id}/style`, {
    headers: auth,
    data: { materialOptionId: 'walls-brick-red-running-bond', subCategoryId: 'walls-brick', customizationOptionId: null, customText: null },
  });
  expect(style.ok(), await style.text()).toBe(true);
  const prompt = await request.post(`/api/ai-prompt/prompt/${inputId}`, { headers: auth, data: { prompt: 'A brick villa in low winter sun' } });
  expect(prompt.ok(), await prompt.text()).toBe(true);

  await signInWithToken(page, user.token);
  await page.goto(`/create?imageId=${inputId}`);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Input image e1027.png' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('prompt-text')).toHaveText(/A brick villa in low winter sun/i);
  await expect(page.getByRole('region', { name: 'Regions' })).toContainText('1 with material');

  const generate = page.waitForRequest((r) => r.url().endsWith('/api/runpod/generate'));
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  const body = (await generate).postDataJSON() as { prompt: string; maskMaterialMappings: Record<string, { materialOptionId?: string; materialOptionName?: string }> };
  expect(body.prompt).toBe('A brick villa in low winter sun');
  expect(body.maskMaterialMappings[`mask_${wall.id}`]).toMatchObject({ materialOptionId: 'walls-brick-red-running-bond', materialOptionName: 'Red Brick, Running Bond' });
  expect(Object.keys(body.maskMaterialMappings)).toEqual([`mask_${wall.id}`]);
});

/**
 * Issue 28 item 11: clearing the prompt and saving clears it for good — after Save and after a
 * reload the card shows the default prompt, and Create sends the default, not the old words.
 */
test('a cleared and saved prompt stays cleared after a reload, and Create sends the default prompt', async ({ page, request }) => {
  test.setTimeout(180_000);
  const user = await createVerifiedUser(request, 'Lina Bo Bardi');
  await subscribe(request, user.token, 'EXPLORER');
  const auth = { Authorization: `Bearer ${user.token}` };
  const inputId = await uploadInputThroughApi(request, user.token, await makeFacadePng(600, 400), 'masp.png');
  const saved = await request.post(`/api/ai-prompt/prompt/${inputId}`, { headers: auth, data: { prompt: 'Interior of a hotel lobby' } });
  expect(saved.ok(), await saved.text()).toBe(true);

  await signInWithToken(page, user.token);
  await page.goto(`/create?imageId=${inputId}`);
  await expect(page.getByTestId('prompt-text')).toHaveText(/Interior of a hotel lobby/i);

  await page.getByRole('button', { name: 'Edit prompt' }).click();
  const modal = page.getByRole('dialog', { name: 'Prompt' });
  await modal.getByRole('textbox', { name: 'Prompt' }).fill('');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByTestId('prompt-text')).toHaveText(DEFAULT_PROMPT);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Input image masp.png' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('prompt-text')).toHaveText(DEFAULT_PROMPT);
  const kept = await (await request.get(`/api/ai-prompt/prompt/${inputId}`, { headers: auth })).json();
  expect(kept.data.generatedPrompt).toBeNull();

  const generate = page.waitForRequest((r) => r.url().endsWith('/api/runpod/generate'));
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  expect(((await generate).postDataJSON() as { prompt: string }).prompt).toBe(DEFAULT_PROMPT);
});
