import { expect, test } from '@playwright/test';
import { latestLink } from './support/mail';
import { createVerifiedUser, uniqueEmail } from './support/users';

test('register, verify by e-mail, sign out and back in, and see the overview', async ({ page }) => {
  const email = uniqueEmail();
  const password = 'drafting-table-7';

  await page.goto('/register');
  await page.getByLabel('Full name').fill('Zaha Architect');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: /create account/i }).click();

  // Back on /login with the "sign-in e-mail is on its way" dialog.
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('button', { name: 'RESEND EMAIL' })).toBeVisible();
  await page.screenshot({ path: 'artifacts/auth-email-dialog.png' });

  const link = await latestLink(email, '/auth/verify-email');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText(/verified/i).first()).toBeVisible();
  // Signed in: the verification page leads on to the product.
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page.getByText(email)).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login/);

  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/overview');
  await expect(page.getByText('Zaha Architect').first()).toBeVisible();
  await expect(page.getByText('Free', { exact: true }).first()).toBeVisible();
  await page.screenshot({ path: 'artifacts/overview.png', fullPage: true });
});

test('a signed-out visit to /gallery goes to /login and returns to /gallery after signing in', async ({ page, request }) => {
  const user = await createVerifiedUser(request, 'Le Corbusier');
  await page.goto('/gallery');
  await expect(page).toHaveURL(/\/login/);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page).toHaveURL(/\/gallery/);
});

test('a wrong password shows the server message and stays on /login', async ({ page, request }) => {
  const user = await createVerifiedUser(request, 'Mies van der Rohe');
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page.getByText('Invalid email or password').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});
