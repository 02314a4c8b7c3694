import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults: argon2id, m=19456 KiB, t=2, p=1 (OWASP's recommended minimum).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends the time of a real check, so an unknown e-mail is not told apart by response time. */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hash('atelier-dummy-password');
  await verifyPassword(await dummyHash, password);
}
