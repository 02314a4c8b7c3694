import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../../src/types.js';
import { users } from '../../src/db/schema/index.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';

export interface TestUser {
  id: number;
  email: string;
  fullName: string;
  /** null for a Google-only account. */
  password: string | null;
}

let counter = 0;
/** An address no other test uses. */
export function uniqueEmail(prefix = 'architect'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}${crypto.randomBytes(2).toString('hex')}@studio-example.com`;
}

export interface UserOptions {
  email?: string;
  fullName?: string;
  /** null makes a Google-only account (no password). */
  password?: string | null;
  verified?: boolean;
  googleSub?: string | null;
  credits?: number;
  isStudent?: boolean;
}

/**
 * Argon2 costs real CPU on purpose; hashing each test password once (per test file) keeps a
 * loaded machine from spending a test's time budget on it. The hash stays a real argon2 hash.
 */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
}

/** An account straight in the database (unverified unless told), as registration would leave it. */
export async function createUser(app: App, opts: UserOptions = {}): Promise<TestUser> {
  const email = opts.email ?? uniqueEmail();
  const fullName = opts.fullName ?? 'Ada Lovelace';
  const password = opts.password === undefined ? 'drafting-table-7' : opts.password;
  const [row] = await app.ctx.db
    .insert(users)
    .values({
      email,
      fullName,
      passwordHash: password === null ? null : await hashOnce(password),
      emailVerifiedAt: opts.verified ? new Date() : null,
      googleSub: opts.googleSub ?? null,
      isStudent: opts.isStudent ?? false,
    })
    .returning({ id: users.id });
  if (opts.credits) {
    await app.ctx.db.update(users).set({ creditBalance: opts.credits }).where(eq(users.id, row.id));
  }
  return { id: row.id, email, fullName, password };
}

export function createVerifiedUser(app: App, opts: UserOptions = {}): Promise<TestUser> {
  return createUser(app, { ...opts, verified: true });
}

/** A bearer token for the user, as login would give. */
export async function tokenFor(app: App, user: { id: number }): Promise<string> {
  return app.ctx.tokens.sign(user.id);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
