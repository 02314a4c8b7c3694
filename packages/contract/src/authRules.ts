// No zod here on purpose: the sign-in screen checks its form with these, so /login's first JS
// carries no zod (issue #19). auth.ts builds the request schemas from the same texts and rules.

// Texts from the spec (accounts §5). Server and web validate with these same rules.
export const AUTH_MESSAGES = {
  invalidEmail: 'Invalid email address',
  passwordRequired: 'Password is required',
  nameMin: 'Name must be at least 2 characters',
  passwordMin: 'Password must be at least 6 characters',
  passwordsDontMatch: "Passwords don't match",
  nameMax: 'Name must be at most 100 characters',
  passwordMax: 'Password must be at most 1024 characters',
  nameInvalid: 'Name contains invalid characters',
  displayNameMin: 'Display name must be at least 2 characters',
  displayNameMax: 'Display name must be at most 40 characters',
} as const;

/** The longest display name (profile settings). */
export const DISPLAY_NAME_MAX_LENGTH = 40;

/**
 * The one name other people see (Explore, share pages): the display name the user chose in
 * profile settings, else the first word of the full name, else 'An architect'.
 */
export function publicNameOf(user: { fullName?: string | null; displayName?: string | null } | null | undefined): string {
  return user?.displayName?.trim() || user?.fullName?.trim().split(/\s+/)[0] || 'An architect';
}

/** Control characters and line/paragraph separators: a name is one line of text (it goes into e-mails). */
export const NAME_CONTROL_CHARACTERS = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/** zod's e-mail pattern; the schemas pass it explicitly, so both checks accept the same addresses. */
export const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MAX_LENGTH = 1024;

export interface LoginFormCheck {
  /** The values to send: the e-mail trimmed, as loginRequestSchema parses it. */
  values: { email: string; password: string };
  /** The first problem of each field, with loginRequestSchema's message. */
  errors: { email?: string; password?: string };
}

/** loginRequestSchema's rules without zod (the sign-in form). */
export function checkLoginForm(input: { email: string; password: string }): LoginFormCheck {
  const email = input.email.trim();
  const { password } = input;
  const errors: LoginFormCheck['errors'] = {};
  if (!EMAIL_PATTERN.test(email) || email.length > EMAIL_MAX_LENGTH) errors.email = AUTH_MESSAGES.invalidEmail;
  if (password.length < 1) errors.password = AUTH_MESSAGES.passwordRequired;
  else if (password.length > PASSWORD_MAX_LENGTH) errors.password = AUTH_MESSAGES.passwordMax;
  return { values: { email, password }, errors };
}
