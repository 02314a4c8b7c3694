import { expect, test } from '@playwright/test';
import { createVerifiedUser } from './support/users';

test('a FREE user upgrades to EXPLORER yearly through the test checkout', async ({ page, request }) => {
  const user = await createVerifiedUser(request, 'Renzo Piano');
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/overview');
  await page.getByRole('link', { name: /upgrade now/i }).first().click();
  await expect(page).toHaveURL(/\/subscription/);

  // The plans page opens on the yearly cycle.
  await expect(page.getByRole('radio', { name: 'Yearly' }).first()).toHaveAttribute('aria-checked', 'true');
  await page.screenshot({ path: 'artifacts/subscription-yearly.png', fullPage: true });
  const explorer = page.locator('section[data-plan="EXPLORER"]');
  await explorer.getByRole('button', { name: 'Upgrade Plan' }).click();

  // The local test-mode checkout, clearly marked, showing plan, cycle and price.
  await expect(page.getByText(/test mode/i).first()).toBeVisible();
  await expect(page.getByText(/explorer/i).first()).toBeVisible();
  await page.screenshot({ path: 'artifacts/test-checkout.png', fullPage: true });
  await page.getByRole('button', { name: 'Complete test payment' }).click();

  await expect(page).toHaveURL(/\/subscription/);
  await expect(explorer.getByText(/current plan/i)).toBeVisible();
  await expect(explorer.getByText(/next billing/i)).toBeVisible();
  await expect(page.getByRole('link', { name: /^150 credits remaining/ })).toBeVisible();

  await page.goto('/overview');
  await expect(page.getByText("You're saving 20% with annual billing!")).toBeVisible();
  await expect(page.getByRole('link', { name: /upgrade now/i })).toHaveCount(0);
});
