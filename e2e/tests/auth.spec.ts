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

test('the e-mail verified page tells a new FREE account it is going to the plans page, and goes there', async ({ page, request }) => {
  const email = uniqueEmail('verified');
  const reg = await request.post('/api/auth/register', { data: { fullName: 'Lina Bo Bardi', email, password: 'glass-house-51' } });
  expect(reg.ok()).toBe(true);
  const link = await latestLink(email, '/auth/verify-email');
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText('Taking you to the plans page to choose a plan in 3 seconds…')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose a plan' })).toBeVisible();
  await expect(page.getByText(/Taking you to Create/)).toHaveCount(0);
  await page.screenshot({ path: 'artifacts/auth-verified-free.png' });
  await expect(page).toHaveURL(/\/subscription$/, { timeout: 6_000 });
  await expect(page.getByText('CURRENT PLAN')).toHaveCount(0);
});

test('Log out ends this browser only; Sign out of all devices ends every browser', async ({ browser, request }) => {
  const user = await createVerifiedUser(request, 'Alvar Aalto');
  const signIn = async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await expect(page).not.toHaveURL(/\/login/);
    return page;
  };
  const laptop = await signIn();
  const phone = await signIn();

  await laptop.goto('/overview');
  await laptop.getByRole('button', { name: 'Log out' }).click();
  await expect(laptop).toHaveURL(/\/login/);

  // The phone is still signed in, after a reload that asks the server.
  await phone.goto('/overview');
  await phone.reload();
  await expect(phone).toHaveURL(/\/overview/);
  await expect(phone.getByText(user.email).first()).toBeVisible();

  // Sign in on the laptop again, then sign out of all devices from the phone.
  const laptopAgain = await signIn();
  await phone.goto('/account-settings');
  await phone.getByRole('button', { name: 'Sign out of all devices' }).click();
  const dialog = phone.getByRole('dialog', { name: 'Sign out of all devices?' });
  await expect(dialog).toBeVisible();
  await phone.screenshot({ path: 'artifacts/auth-sign-out-all-dialog.png' });
  await dialog.getByRole('button', { name: 'Sign out of all devices' }).click();
  await expect(phone).toHaveURL(/\/login/);
  await expect(phone.getByText('You have been signed out on every device')).toBeVisible();

  await laptopAgain.goto('/overview');
  await expect(laptopAgain).toHaveURL(/\/login/);
  for (const page of [laptop, phone, laptopAgain]) await page.context().close();
});
