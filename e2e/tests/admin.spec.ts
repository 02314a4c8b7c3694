import { expect, test, type Page } from '@playwright/test';
import { signInWithToken } from './support/create';
import { E2E_OPERATOR } from './support/operator';
import { createVerifiedUser } from './support/users';

/** Screenshots kept as artifacts (artifacts/, ignored by git). */
const SHOTS = process.env.SHOTS_DIR ?? 'artifacts';
const shot = (page: Page, name: string) => page.screenshot({ path: `artifacts/admin-${name}.png`, fullPage: true });

test('operator console: an operator finds a user, adjusts their credits with a reason, suspends them, and sees it all in the audit log', async ({ page, request, browser }) => {
  test.setTimeout(150_000);
  const target = await createVerifiedUser(request, 'Bruno Client');

  // A person without the role is turned away by the console's guard (and its API).
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await signInWithToken(visitor, target.token);
  await visitor.goto('/admin');
  await expect(visitor.getByRole('heading', { name: 'This is for operators only' })).toBeVisible();
  await shot(visitor, 'refused');
  // Nothing in their account pages leads there.
  await visitor.goto('/overview');
  await expect(visitor.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Overview' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Operator console' })).toHaveCount(0);
  await visitor.screenshot({ path: `${SHOTS}/sidebar-non-operator.png` });
  // Their tab stays open on the dashboard while the operator works.
  await visitor.goto('/dashboard');
  await expect(visitor.getByText(target.email).first()).toBeVisible();

  const login = await request.post('/api/auth/login', { data: { email: E2E_OPERATOR.email, password: E2E_OPERATOR.password } });
  expect(login.ok()).toBe(true);
  await signInWithToken(page, (await login.json()).token);

  // The way in: the account sidebar's Operator console entry.
  await page.goto('/overview');
  const entry = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Operator console' });
  await expect(entry).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/sidebar-operator.png` });
  await entry.click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Operator console', level: 1 })).toBeVisible();
  await expect(page.getByText(`Signed in as ${E2E_OPERATOR.email}`)).toBeVisible();

  // Search by the start of the address (in capitals: the search ignores case).
  const prefix = target.email.split('@')[0];
  await page.getByLabel('Search by e-mail').fill(prefix.toUpperCase());
  await page.getByLabel('Search by e-mail').press('Enter');
  await expect(page).toHaveURL(/\/admin\?q=/);
  const row = page.getByRole('link', { name: target.email });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2); // the header and the one match
  await shot(page, 'users');
  await row.click();

  await expect(page.getByRole('heading', { name: target.email })).toBeVisible();
  await expect(page.getByTestId('admin-user-credits')).toHaveText('0');
  // A reason is required, checked with the server's own rule before anything is sent.
  const adjust = page.getByRole('form', { name: 'Adjust credits' });
  await adjust.getByLabel('Amount').fill('25');
  await adjust.getByRole('button', { name: 'Apply' }).click();
  await expect(adjust.getByText('Give a reason (it is kept in the ledger and the audit log)')).toBeVisible();
  await adjust.getByLabel('Reason').fill('Goodwill after the outage');
  await adjust.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('+25 credits: the balance is now 25')).toBeVisible();
  await expect(page.getByTestId('admin-user-credits')).toHaveText('25');
  const ledger = page.getByRole('table', { name: 'Credit ledger' });
  await expect(ledger.getByRole('row', { name: /Operator adjustment: Goodwill after the outage/ })).toContainText('+25');
  // The user sees the same balance.
  const me = await request.get('/api/auth/me', { headers: { authorization: `Bearer ${target.token}` } });
  expect((await me.json()).credits).toBe(25);
  await shot(page, 'user-adjusted');

  // Suspend, with a confirmation that asks for the reason.
  await page.getByRole('button', { name: 'Suspend account' }).click();
  const dialog = page.getByRole('dialog', { name: `Suspend ${target.email}?` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Reason').fill('Chargeback under review');
  await shot(page, 'suspend-confirm');
  await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Suspended since/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Restore account' })).toBeVisible();
  // Their session stops at once, and signing in is refused with a clear message.
  expect((await request.get('/api/auth/me', { headers: { authorization: `Bearer ${target.token}` } })).status()).toBe(401);
  const refused = await request.post('/api/auth/login', { data: { email: target.email, password: target.password } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe('This account is suspended. Contact support to have it restored.');
  await shot(page, 'user-suspended');
  // Their open tab is signed out at its next call, and the sign-in form says why it is refused.
  await visitor.reload();
  await expect(visitor).toHaveURL(/\/login/);
  await visitor.getByLabel('E-mail').fill(target.email);
  await visitor.getByLabel('Password', { exact: true }).fill(target.password);
  await visitor.getByRole('button', { name: /^sign in$/i }).click();
  await expect(visitor.getByRole('alert').getByText('This account is suspended. Contact support to have it restored.')).toBeVisible();
  await expect(visitor).toHaveURL(/\/login/);
  await shot(visitor, 'login-suspended');
  await visitorContext.close();

  const tabs = page.getByRole('navigation', { name: 'Console sections' });
  await tabs.getByRole('link', { name: 'Audit log' }).click();
  const audit = page.getByRole('table', { name: 'Audit log' });
  await expect(audit.getByRole('row').nth(1)).toContainText('Suspended');
  await expect(audit.getByRole('row').nth(1)).toContainText('Chargeback under review');
  await expect(audit.getByRole('row').nth(2)).toContainText('Adjusted credits');
  await expect(audit.getByRole('row').nth(2)).toContainText(target.email);
  await expect(audit.getByRole('row').nth(2)).toContainText(E2E_OPERATOR.email);
  await shot(page, 'audit');

  await tabs.getByRole('link', { name: 'Queues & engine' }).click();
  await expect(page.getByRole('table', { name: 'Job queues' }).getByRole('cell', { name: 'render', exact: true })).toBeVisible();
  await expect(page.getByText('CPU preview engine')).toBeVisible();
  await shot(page, 'system');

  await tabs.getByRole('link', { name: 'Renders' }).click();
  await expect(page.getByRole('radio', { name: 'Failed' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('No failed renders.').or(page.getByRole('list', { name: 'Failed renders' }))).toBeVisible();
  await shot(page, 'renders');
});
