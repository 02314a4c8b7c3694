import type { APIRequestContext } from '@playwright/test';
import { latestLink } from './mail';

let counter = 0;
export function uniqueEmail(prefix = 'architect'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}${counter}@studio-example.com`;
}

export interface TestUser {
  fullName: string;
  email: string;
  password: string;
  token: string;
}

/** Registers through the API and verifies through the e-mailed link, as a user would. */
export async function createVerifiedUser(request: APIRequestContext, fullName = 'Ada Lovelace'): Promise<TestUser> {
  const email = uniqueEmail();
  const password = 'correct-horse-9';
  const reg = await request.post('/api/auth/register', { data: { fullName, email, password } });
  if (!reg.ok()) throw new Error(`register failed: ${reg.status()} ${await reg.text()}`);
  const link = await latestLink(email, '/auth/verify-email');
  const token = new URL(link).searchParams.get('token')!;
  const res = await request.get(`/api/auth/verify-email?token=${token}`);
  if (!res.ok()) throw new Error(`verify failed: ${res.status()} ${await res.text()}`);
  const body = await res.json();
  return { fullName, email, password, token: body.token };
}
