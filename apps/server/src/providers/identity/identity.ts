/** What a verified Google sign-in tells us about the person. */
export interface GoogleProfile {
  sub: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

/** The values a redirect sign-in must remember (by state) until its callback arrives. */
export interface AuthorizationRequest {
  url: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

export interface AuthorizationChecks {
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** Google sign-in (OpenID Connect). `enabled` is false when GOOGLE_CLIENT_ID is not set. */
export interface IdentityProvider {
  readonly enabled: boolean;
  /** Verifies a Google ID token (the credential of the Google button): signature, issuer, audience, expiry. */
  verifyIdToken(idToken: string): Promise<GoogleProfile>;
  /** The issuer's authorization URL for a redirect sign-in, with PKCE (S256), state and nonce. */
  startAuthorization(redirectUri: string): Promise<AuthorizationRequest>;
  /** Exchanges the code of the callback URL and verifies the ID token against the remembered checks. */
  finishAuthorization(callbackUrl: URL, checks: AuthorizationChecks): Promise<GoogleProfile>;
}

export type IdentityFailure = 'not_configured' | 'unavailable' | 'invalid_token' | 'exchange_failed';

export class IdentityError extends Error {
  constructor(
    public readonly reason: IdentityFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'IdentityError';
  }
}
