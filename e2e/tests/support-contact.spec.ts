import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { signInWithToken } from './support/create';
import { createVerifiedUser } from './support/users';

/**
 * Issue 18 item 5: "contact support" leads somewhere. From the student plans dialog to /support,
 * where the contact form (student verification chosen) sends the request to support with the
 * user's e-mail and a receipt to the user.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'artifacts';

/** The outbox's messages (raw .eml text) that contain every one of `needles`. */
function outboxWith(...needles: string[]): string[] {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    // Undo quoted-printable soft breaks and folded header lines.
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/\r?\n[ \t]+/g, ' '))
    .filter((raw) => needles.every((n) => raw.includes(n)));
}

test('contact support from the student plans: the request reaches support with the e-mail, and the user gets a receipt', async ({ page, request }) => {
  const user = await createVerifiedUser(request, 'Denise Scott Brown');
  await signInWithToken(page, user.token);
  await page.goto('/subscription');
  await page.getByRole('button', { name: /View Plans for Students/ }).click();
  await page.getByRole('link', { name: 'contact support' }).click();
  await expect(page).toHaveURL(/\/support\?topic=student_verification/);

  const form = page.getByRole('form').or(page.locator('form')).first();
  await expect(page.getByLabel('Topic')).toHaveValue('student_verification');
  await page.getByLabel('Message').fill('I study architecture at the AA School, student number 20931.');
  const card = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#3355aa' } }).png().toBuffer();
  await page.getByLabel(/Attachment/).setInputFiles({ name: 'student-card.png', mimeType: 'image/png', buffer: card });
  await page.screenshot({ path: `${SHOTS}/support.png`, fullPage: true });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Thanks, your message is on its way' })).toBeVisible();

  await expect.poll(() => outboxWith(`Student verification request: ${user.email}`, 'support@atelier.local', 'student-card.png').length).toBe(1);
  expect(outboxWith(`Student verification request: ${user.email}`)[0]).toContain(`npm run admin -- student ${user.email}`);
  await expect.poll(() => outboxWith('We received your message', user.email).length).toBe(1);

  // A message too short is refused on the page, naming the rule.
  await page.getByRole('button', { name: 'Write another message' }).click();
  await page.getByLabel('Message').fill('help');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Please describe it in at least 10 characters')).toBeVisible();
});
