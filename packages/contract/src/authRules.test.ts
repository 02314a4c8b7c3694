import { describe, expect, it } from 'vitest';
import { loginRequestSchema } from './auth.js';
import { checkLoginForm } from './authRules.js';

/** What loginRequestSchema says: the parsed values, or each field's first message. */
function schemaVerdict(input: { email: string; password: string }) {
  const parsed = loginRequestSchema.safeParse(input);
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { values: null, errors };
}

const EMAILS = [
  'ada@example.com',
  '  ada@example.com  ',
  'ADA.Lovelace+tag@studio.co.uk',
  "o'brien@example.ie",
  'a@b.c',
  'no-at-sign.example.com',
  '.dot@example.com',
  'two..dots@example.com',
  'ada@localhost',
  'ada@-bad.com',
  'ada@example.c0m',
  '',
  ' ',
  `${'a'.repeat(64)}@${'b'.repeat(180)}.com`,
  `${'a'.repeat(64)}@${'b'.repeat(190)}.com`,
  'ünï@example.com',
];
const PASSWORDS = ['', ' ', 'x', 'secret1', 'p'.repeat(1024), 'p'.repeat(1025)];

describe('checkLoginForm (the sign-in form, without zod)', () => {
  it('agrees with loginRequestSchema on values and messages', () => {
    for (const email of EMAILS)
      for (const password of PASSWORDS) {
        const light = checkLoginForm({ email, password });
        const schema = schemaVerdict({ email, password });
        expect(light.errors, `${JSON.stringify(email)} / ${password.length} chars`).toEqual(schema.errors);
        if (schema.values) expect(light.values).toEqual(schema.values);
      }
  });

  it('names the problem of each field', () => {
    expect(checkLoginForm({ email: 'nope', password: '' }).errors).toEqual({ email: 'Invalid email address', password: 'Password is required' });
    expect(checkLoginForm({ email: ' ada@example.com ', password: 'p'.repeat(1025) })).toEqual({
      values: { email: 'ada@example.com', password: 'p'.repeat(1025) },
      errors: { password: 'Password must be at most 1024 characters' },
    });
  });
});
