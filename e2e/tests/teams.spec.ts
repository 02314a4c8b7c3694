import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { balanceOf, makeFacadePng, signInWithToken, subscribe, uploadInputThroughApi } from './support/create';
import { latestLink } from './support/mail';
import { createVerifiedUser } from './support/users';

// Studios (issue 32) in Chromium against the real server: the owner creates a team from the
// header's switcher and invites by e-mail; the member joins from the e-mailed link, renders in the
// team; both see the render in the team gallery (and not in their personal one); the owner
// removes the member, who loses the team at once. Screenshots go to artifacts/ (and SHOTS_DIR).

const SHOTS = process.env.SHOTS_DIR ?? 'artifacts';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const inTeam = (token: string, teamId: number) => ({ ...bearer(token), 'X-Atelier-Workspace': `team:${teamId}` });

async function shoot(page: Page, name: string): Promise<void> {
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/teams-${name}.png` });
}

/** The team's studio plan (3 seats) through the local test-mode checkout, in the team's workspace (set-up). */
async function subscribeTeam(request: APIRequestContext, token: string, teamId: number): Promise<void> {
  const checkout = await request.post('/api/subscription/checkout', { headers: inTeam(token, teamId), data: { planType: 'EXPLORER', billingCycle: 'MONTHLY', seats: 3 } });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const sessionId = new URL(((await checkout.json()) as { url: string }).url, 'http://x').searchParams.get('session')!;
  const done = await request.post(`/api/billing/local/sessions/${encodeURIComponent(sessionId)}/complete`, { headers: inTeam(token, teamId) });
  expect(done.ok(), await done.text()).toBe(true);
}

/** A Create render in the team's workspace, as the Create page sends it (upload, generate), waited for. */
async function renderInTeam(request: APIRequestContext, token: string, teamId: number): Promise<number[]> {
  const upload = await request.post('/api/images/upload-input', {
    headers: inTeam(token, teamId),
    multipart: { file: { name: 'team-facade.png', mimeType: 'image/png', buffer: await makeFacadePng(640, 420) }, uploadSource: 'CREATE_MODULE' },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const inputImageId = ((await upload.json()) as { id: number }).id;
  const res = await request.post('/api/runpod/generate', { headers: inTeam(token, teamId), data: { inputImageId, variations: 2, prompt: 'Courtyard housing in pale brick, evening light' } });
  expect(res.ok(), await res.text()).toBe(true);
  const { batchId } = (await res.json()) as { batchId: number };
  const status = async () => (await (await request.get(`/api/runpod/status/${batchId}`, { headers: inTeam(token, teamId) })).json()) as { status: string; images: Array<{ id: number }> };
  await expect.poll(async () => (await status()).status, { timeout: 120_000 }).toBe('COMPLETED');
  return (await status()).images.map((i) => i.id);
}

test('a studio: create a team, invite by e-mail, join from the link, share renders, remove the member', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const owner = await createVerifiedUser(request, 'Lina Bo Bardi');
  const member = await createVerifiedUser(request, 'Carlo Scarpa');

  // The owner creates the team from the header's switcher, with the keyboard.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await signInWithToken(ownerPage, owner.token);
  await ownerPage.goto('/team');
  await expect(ownerPage.getByRole('heading', { name: 'Work together as a studio' })).toBeVisible();
  const switcher = ownerPage.getByRole('button', { name: /Workspace: Personal/ });
  await switcher.focus();
  await ownerPage.keyboard.press('Enter');
  await ownerPage.getByRole('menuitem', { name: 'Create a team…' }).click();
  const dialog = ownerPage.getByRole('dialog', { name: 'Create a team' });
  await dialog.getByLabel('Team name').fill('S');
  await dialog.getByRole('button', { name: 'Create team' }).click();
  await expect(dialog.getByText('Team name must be at least 2 characters')).toBeVisible();
  await dialog.getByLabel('Team name').fill('Studio Nord');
  await dialog.getByRole('button', { name: 'Create team' }).click();
  await expect(dialog).toBeHidden();
  await expect(ownerPage.getByRole('button', { name: /Workspace: Studio Nord/ })).toBeVisible();
  await expect(ownerPage.getByRole('heading', { name: /Studio Nord/ })).toBeVisible();
  const teams = (await (await request.get('/api/teams', { headers: bearer(owner.token) })).json()) as Array<{ id: number; name: string }>;
  const teamId = teams.find((t) => t.name === 'Studio Nord')!.id;
  // The choice survives a refresh.
  await ownerPage.reload();
  await expect(ownerPage.getByRole('button', { name: /Workspace: Studio Nord/ })).toBeVisible();

  await subscribeTeam(request, owner.token, teamId);
  await ownerPage.reload();
  // The credits ring shows the team's pool.
  await expect(ownerPage.getByRole('link', { name: /team credits remaining/ })).toBeVisible();

  // Invite by e-mail: a bad address is refused by the contract's rule, a good one is pending.
  const invitations = ownerPage.getByRole('heading', { name: 'Invitations' }).locator('xpath=ancestor::div[contains(@class,"rounded-xl")][1]');
  await invitations.getByLabel('E-mail').fill('not-an-address');
  await invitations.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invitations.getByText(/valid e-mail|valid email/i)).toBeVisible();
  await invitations.getByLabel('E-mail').fill(member.email);
  await invitations.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invitations.getByText(member.email)).toBeVisible();

  // The member opens the e-mailed link while signed in: joins and works in the team.
  const link = await latestLink(member.email, '/team/join');
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInWithToken(memberPage, member.token);
  await memberPage.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(memberPage.getByText('You joined Studio Nord')).toBeVisible();
  await expect(memberPage.getByRole('button', { name: /Workspace: Studio Nord/ })).toBeVisible();
  // The link works once.
  const again = await request.post('/api/teams/join', { headers: bearer(member.token), data: { token: new URL(link).searchParams.get('token') } });
  expect(again.status()).toBeGreaterThanOrEqual(400);

  // The member renders in the team; both see the render in the team's gallery.
  const imageIds = [...(await renderInTeam(request, member.token, teamId)), ...(await renderInTeam(request, owner.token, teamId))];
  await memberPage.goto('/gallery');
  await expect(memberPage.locator('[data-gallery-tile]')).toHaveCount(imageIds.length);
  await ownerPage.goto('/gallery');
  await expect(ownerPage.locator('[data-gallery-tile]')).toHaveCount(imageIds.length);

  // The member's personal workspace does not show the team's work (lists never mix).
  await memberPage.getByRole('button', { name: /Workspace: Studio Nord/ }).click();
  await memberPage.getByRole('menuitemradio', { name: /Personal/ }).click();
  await expect(memberPage.getByRole('button', { name: /Workspace: Personal/ })).toBeVisible();
  await expect(memberPage.locator('[data-gallery-tile]')).toHaveCount(0);
  await memberPage.getByRole('button', { name: /Workspace: Personal/ }).click();
  await shoot(memberPage, 'switcher-open');
  await memberPage.getByRole('menuitemradio', { name: /Studio Nord/ }).click();
  await expect(memberPage.locator('[data-gallery-tile]')).toHaveCount(imageIds.length);

  // A member sees the members and their own usage, not the admin controls.
  await memberPage.goto('/team');
  await expect(memberPage.getByRole('heading', { name: 'Your usage' })).toBeVisible();
  await expect(memberPage.getByRole('heading', { name: 'Invitations' })).toHaveCount(0);
  await expect(memberPage.getByRole('button', { name: /Actions for/ })).toHaveCount(0);

  // The owner sees the member, sets a cap, and reads the usage report.
  await ownerPage.goto('/team');
  const membersTable = ownerPage.getByRole('table', { name: 'Team members' });
  const row = membersTable.getByRole('row', { name: /Carlo Scarpa/ });
  await expect(row).toBeVisible();
  await row.getByLabel('Monthly credit cap of Carlo Scarpa').fill('200');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(ownerPage.getByText("Carlo Scarpa's cap is 200 credits a month")).toBeVisible();
  await expect(row.getByText('/ 200')).toBeVisible();
  // A second invitation stays pending for the screenshot.
  await invitations.getByLabel('E-mail').fill('alvar.aalto@studio-example.com');
  await invitations.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invitations.getByText('alvar.aalto@studio-example.com')).toBeVisible();
  const report = ownerPage.getByRole('table', { name: 'Credits per member and module' });
  await expect(report.getByRole('row', { name: /Carlo Scarpa/ })).toBeVisible();
  await expect(ownerPage.getByText('Invitation sent to alvar.aalto@studio-example.com')).toBeHidden();
  await ownerPage.setViewportSize({ width: 1440, height: 1500 });
  await shoot(ownerPage, 'team-page');
  await ownerPage.setViewportSize({ width: 1440, height: 900 });
  await ownerPage.getByRole('heading', { name: 'Usage report' }).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shoot(ownerPage, 'usage-report');

  // The owner's switcher in the team: the team checked, and the way to manage it.
  await ownerPage.getByRole('button', { name: /Workspace: Studio Nord/ }).click();
  await expect(ownerPage.getByRole('menuitemradio', { name: /Studio Nord/ })).toHaveAttribute('aria-checked', 'true');
  await expect(ownerPage.getByRole('menuitem', { name: 'Manage team' })).toBeVisible();
  await shoot(ownerPage, 'switcher-open-in-team');
  await ownerPage.keyboard.press('Escape');

  // The owner removes the member.
  await row.getByRole('button', { name: 'Actions for Carlo Scarpa' }).click();
  await ownerPage.getByRole('menuitem', { name: 'Remove from team…' }).click();
  await ownerPage.getByRole('dialog', { name: 'Remove Carlo Scarpa?' }).getByRole('button', { name: 'Remove member' }).click();
  await expect(ownerPage.getByText('Carlo Scarpa was removed from the team')).toBeVisible();
  await expect(membersTable.getByRole('row', { name: /Carlo Scarpa/ })).toHaveCount(0);

  // The member loses the team at once: the API refuses, and the app falls back to personal.
  const probe = await request.get('/api/gallery/first-screen?mode=organize&tz=UTC', { headers: inTeam(member.token, teamId) });
  expect(probe.status()).toBe(403);
  await memberPage.goto('/gallery');
  await expect(memberPage.getByRole('button', { name: /Workspace: Personal/ })).toBeVisible();
  await expect(memberPage.getByText('You are no longer a member of that team')).toBeVisible();
  await expect(memberPage.locator('[data-gallery-tile]')).toHaveCount(0);

  await ownerContext.close();
  await memberContext.close();
});

test('an invitation opened signed out leads through sign-in and joins on the way back', async ({ page, request }) => {
  test.setTimeout(120_000);
  const owner = await createVerifiedUser(request, 'Eileen Gray');
  const member = await createVerifiedUser(request, 'Jean Prouvé');
  const created = await request.post('/api/teams', { headers: bearer(owner.token), data: { name: 'Atelier Rue' } });
  expect(created.status()).toBe(201);
  const { id: teamId } = (await created.json()) as { id: number };
  const invited = await request.post(`/api/teams/${teamId}/invitations`, { headers: bearer(owner.token), data: { email: member.email, role: 'admin' } });
  expect(invited.status()).toBe(201);
  const link = await latestLink(member.email, '/team/join');

  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('heading', { name: "You're invited to a team on Atelier" })).toBeVisible();
  await shoot(page, 'join-signed-out');
  await page.getByRole('link', { name: 'Sign in to join' }).click();
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await expect(page.getByText('You joined Atelier Rue')).toBeVisible();
  await expect(page.getByRole('button', { name: /Workspace: Atelier Rue/ })).toBeVisible();
  const teams = (await (await request.get('/api/teams', { headers: bearer(member.token) })).json()) as Array<{ id: number; role: string }>;
  expect(teams).toEqual([expect.objectContaining({ id: teamId, role: 'admin' })]);
});

test("a switch in one tab switches the other; Tweak drops the other workspace's image id; Create counts the team's pool", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const user = await createVerifiedUser(request, 'Lina Bo Bardi');
  await subscribe(request, user.token, 'STARTER');
  const inputId = await uploadInputThroughApi(request, user.token, await makeFacadePng(640, 420), 'casa-de-vidro.png');
  const created = await request.post('/api/teams', { headers: bearer(user.token), data: { name: 'Studio Vidro' } });
  expect(created.status()).toBe(201);
  const { id: teamId } = (await created.json()) as { id: number };
  await subscribeTeam(request, user.token, teamId);
  const personal = await balanceOf(request, user.token);
  const pool = ((await (await request.get('/api/credits', { headers: inTeam(user.token, teamId) })).json()) as { credits: number }).credits;
  expect(pool).not.toBe(personal);
  const available = (n: number) => `${n.toLocaleString('en-US')} available`;

  // Two tabs of one browser: Tweak on a personal input, Create beside it.
  const context = await browser.newContext();
  const tweak = await context.newPage();
  await signInWithToken(tweak, user.token);
  await tweak.goto(`/tweak?imageId=${inputId}&imageType=input`);
  await expect(tweak.getByRole('button', { name: /Workspace: Personal/ })).toBeVisible();
  await expect(tweak).toHaveURL(new RegExp(`/tweak\\?imageId=${inputId}&imageType=input$`));
  const create = await context.newPage();
  await signInWithToken(create, user.token);
  await create.goto('/create');
  await expect(create.getByText(available(personal))).toBeVisible();

  // Switching in the Create tab: its credits are the team's pool...
  await create.getByRole('button', { name: /Workspace: Personal/ }).click();
  await create.getByRole('menuitemradio', { name: /Studio Vidro/ }).click();
  await expect(create.getByRole('button', { name: /Workspace: Studio Vidro/ })).toBeVisible();
  await expect(create.getByText(available(pool))).toBeVisible();
  await shoot(create, 'tabs-create-switched');

  // ...and the Tweak tab follows: the team's workspace, no personal image id in its URL.
  await tweak.bringToFront();
  await expect(tweak.getByRole('button', { name: /Workspace: Studio Vidro/ })).toBeVisible();
  await expect(tweak).toHaveURL(/\/tweak$/);
  await shoot(tweak, 'tabs-tweak-followed');

  // Back to personal from the Tweak tab: the Create tab follows.
  await tweak.getByRole('button', { name: /Workspace: Studio Vidro/ }).click();
  await tweak.getByRole('menuitemradio', { name: /Personal/ }).click();
  await create.bringToFront();
  await expect(create.getByRole('button', { name: /Workspace: Personal/ })).toBeVisible();
  await expect(create.getByText(available(personal))).toBeVisible();
  await context.close();
});
