import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { findUserById } from '../auth/index.js';

/**
 * Who may buy educational plans: an account whose verified e-mail domain is academic
 * (academic-domains.json), or one an operator marked with `npm run admin -- student EMAIL`.
 */

const academicFileSchema = z.object({
  suffixes: z.array(z.string().regex(/^\.[a-z0-9.-]+[a-z0-9]$/, 'a suffix starts with a dot')),
  domains: z.array(z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'a domain is lower-case, e.g. ethz.ch')),
});
export type AcademicDomains = z.infer<typeof academicFileSchema>;

const DATA_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'academic-domains.json');
let cached: AcademicDomains | undefined;

export function academicDomains(): AcademicDomains {
  if (!cached) cached = academicFileSchema.parse(JSON.parse(fs.readFileSync(DATA_FILE, 'utf8')));
  return cached;
}

/** The part after the last '@', lower-cased, without a trailing dot; null when there is none. */
function domainOf(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1) return null;
  const domain = email.slice(at + 1).trim().toLowerCase().replace(/\.$/, '');
  return /^[a-z0-9.-]+$/.test(domain) && !domain.startsWith('.') && !domain.includes('..') ? domain : null;
}

/** True for an address at an academic domain (whole labels only: 'notedu.com' is not '.edu'). */
export function isAcademicEmail(email: string, rules: AcademicDomains = academicDomains()): boolean {
  const domain = domainOf(email);
  if (!domain) return false;
  if (rules.suffixes.some((s) => domain.endsWith(s) && domain.length > s.length)) return true;
  return rules.domains.some((d) => domain === d || domain.endsWith(`.${d}`));
}

/** isStudent of the pricing response: the operator's flag, or a verified academic address. */
export async function isStudent(ex: Db | Tx, userId: number): Promise<boolean> {
  const u = await findUserById(ex, userId);
  if (!u) return false;
  return u.isStudent || (u.emailVerifiedAt !== null && isAcademicEmail(u.email));
}

/**
 * The operator's switch (admin CLI). Returns false when no account has that e-mail. The one
 * write billing makes to the accounts table: the flag means "verified student" and nothing else.
 */
export async function setStudentFlag(ex: Db | Tx, email: string, value: boolean): Promise<boolean> {
  const rows = await ex
    .update(users)
    .set({ isStudent: value, updatedAt: new Date() })
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .returning({ id: users.id });
  return rows.length > 0;
}
