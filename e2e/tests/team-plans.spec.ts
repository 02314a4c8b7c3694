import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInWithToken } from './support/create';
import { latestLink } from './support/mail';
import { createVerifiedUser, type TestUser } from './support/users';

// Studio plans (issue 32, billing) in Chromium against the real server in demo mode: the owner of
// a team picks seats on the studio plans, pays on the local test-mode checkout, and the team pool
// holds credits per seat × seats; a member sees no billing, only who manages it. Screenshots go
// to artifacts/ (and SHOTS_DIR).

const SHOTS = process.env.SHOTS_DIR ?? 'artifacts';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const inTeam = (token: string, teamId: number) => ({ ...bearer(token), 'X-Atelier-Workspace': `team:${teamId}` });

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/team-plans-${name}.png`, fullPage: true });
}

/** Opens the app signed in, in the team's workspace (what the header's switcher stores). */
async function openInTeam(page: Page, user: TestUser, teamId: number): Promise<void> {
  await signInWithToken(page, user.token);
  await page.addInitScript((id) => window.localStorage.setItem('atelier.workspace', String(id)), teamId);
}

/** The member joins through the e-mailed invitation (set-up through the API). */
async function join(request: APIRequestContext, owner: TestUser, member: TestUser, teamId: number): Promise<void> {
  const invited = await request.post(`/api/teams/${teamId}/invitations`, { headers: bearer(owner.token), data: { email: member.email, role: 'member' } });
  expect(invited.ok(), await invited.text()).toBe(true);
  const token = new URL(await latestLink(member.email, '/team/join')).searchParams.get('token');
  const joined = await request.post('/api/teams/join', { headers: bearer(member.token), data: { token } });
  expect(joined.ok(), await joined.text()).toBe(true);
}

test('the owner buys a studio plan for three seats in the test checkout; the pool holds 3 × 150 credits; a member sees no billing', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const owner = await createVerifiedUser(request, 'Lina Bo Bardi');
  const member = await createVerifiedUser(request, 'Carlo Scarpa');
  const created = await request.post('/api/teams', { headers: bearer(owner.token), data: { name: 'Studio Sud' } });
  expect(created.status()).toBe(201);
  const teamId = ((await created.json()) as { id: number }).id;
  await join(request, owner, member, teamId);

  // The owner, in the team's workspace: studio plans per seat, the seat picker starts at the two members.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await openInTeam(ownerPage, owner, teamId);
  await ownerPage.goto('/subscription');
  await expect(ownerPage.getByRole('heading', { name: 'Choose a studio plan' })).toBeVisible();
  await expect(ownerPage.getByRole('button', { name: /Workspace: Studio Sud/ })).toBeVisible();
  const seats = ownerPage.getByRole('spinbutton', { name: 'Seats' });
  await expect(seats).toHaveValue('3');
  await ownerPage.getByRole('button', { name: 'One seat fewer' }).click();
  await expect(seats).toHaveValue('2');
  await expect(ownerPage.getByRole('button', { name: 'One seat fewer' })).toBeDisabled();
  await ownerPage.getByRole('button', { name: 'One seat more' }).click();
  await ownerPage.getByRole('radio', { name: 'Monthly' }).click();
  const explorer = ownerPage.getByRole('region', { name: 'Studio Explorer' });
  await expect(explorer.getByTestId('team-plan-total')).toHaveText('3 seats: €147 a month');
  await expect(explorer.getByText('450 credits a month in the studio pool')).toBeVisible();
  // No personal plans here.
  await expect(ownerPage.getByRole('button', { name: 'View Plans for Students & Educators' })).toHaveCount(0);
  await shoot(ownerPage, 'owner-pricing-seat-picker');

  // Pay on the test-mode checkout page.
  await explorer.getByRole('button', { name: 'Choose for 3 seats' }).click();
  await expect(ownerPage).toHaveURL(/\/checkout\/test\?session=/);
  await expect(ownerPage.getByText('Subscribe to Studio Explorer')).toBeVisible();
  await expect(ownerPage.getByText(/3 seats × €49/)).toBeVisible();
  await shoot(ownerPage, 'owner-test-checkout');
  await ownerPage.getByRole('button', { name: 'Complete test payment' }).click();
  await expect(ownerPage).toHaveURL(/\/subscription/);
  await expect(ownerPage.getByText('Current Plan · 3 seats')).toBeVisible();

  // The pool holds credits per seat × seats; the seats are the team's seat limit.
  const credits = (await (await request.get('/api/credits', { headers: inTeam(owner.token, teamId) })).json()) as { credits: number; allowance: number };
  expect(credits).toMatchObject({ credits: 450, allowance: 450 });
  const events = (await (await request.get('/api/credits/transactions', { headers: inTeam(owner.token, teamId) })).json()) as { items: Array<{ description: string }> };
  expect(events.items.map((e) => e.description)).toContainEqual(expect.stringMatching(/^Studio Explorer \(3 seats\): 450 credits for /));
  await ownerPage.goto('/team');
  await expect(ownerPage.getByRole('link', { name: /450 team credits remaining|team credits remaining/ })).toBeVisible();
  const plan = ownerPage.getByRole('region', { name: 'Team plan' });
  await expect(plan.getByTestId('team-plan-name')).toHaveText('Studio Explorer');
  await expect(plan.getByTestId('team-seats')).toContainText('2 / 3');
  await expect(plan.getByRole('link', { name: 'Change plan or seats' })).toBeVisible();
  await plan.scrollIntoViewIfNeeded();
  await shoot(ownerPage, 'owner-team-plan-block');

  // The member: the plans page only says who manages billing; the API answers 403.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await openInTeam(memberPage, member, teamId);
  await memberPage.goto('/subscription');
  await expect(memberPage.getByRole('heading', { name: "Billing is managed by the studio's owner" })).toBeVisible();
  await expect(memberPage.getByRole('spinbutton', { name: 'Seats' })).toHaveCount(0);
  // The header's ring shows the member the team pool (not the owner's billing).
  await expect(memberPage.getByRole('link', { name: /450 team credits remaining/ })).toBeVisible();
  await shoot(memberPage, 'member-subscription');
  const refused = await request.post('/api/subscription/checkout', { headers: inTeam(member.token, teamId), data: { planType: 'PRO', billingCycle: 'MONTHLY', seats: 3 } });
  expect(refused.status()).toBe(403);
  await memberPage.goto('/team');
  const memberPlan = memberPage.getByRole('region', { name: 'Team plan' });
  await expect(memberPlan.getByTestId('team-seats')).toContainText('2 / 3');
  await expect(memberPlan.getByText("Billing is managed by the studio's owner")).toBeVisible();
  await expect(memberPlan.getByRole('link')).toHaveCount(0);
  await memberPlan.scrollIntoViewIfNeeded();
  await shoot(memberPage, 'member-team-plan-block');

  await ownerContext.close();
  await memberContext.close();
});
