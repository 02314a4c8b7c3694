// Its own module: the first JS reads it (the gallery's first-screen call) without the rest of days.ts.
/** The browser's IANA time zone (what the gallery sends as tz), UTC when it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
