import * as oidc from 'openid-client';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import {
  IdentityError,
  type AuthorizationChecks,
  type GoogleProfile,
  type IdentityProvider,
} from './identity.js';

export interface GoogleOptions {
  clientId: string;
  clientSecret?: string;
  /** The issuer URL; its /.well-known/openid-configuration is discovered on first use. */
  issuer: string;
}

const GOOGLE_ISSUER_ALIASES: Record<string, string[]> = {
  // Google signs ID tokens with either spelling of its issuer.
  'https://accounts.google.com': ['https://accounts.google.com', 'accounts.google.com'],
};

/** Plain http is allowed only for an issuer on this machine (a test or development OIDC server). */
export function isLocalIssuer(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/** Google sign-in through openid-client (discovery, PKCE, code exchange) and jose (ID tokens). */
export function createGoogleIdentityProvider(opts: GoogleOptions): IdentityProvider {
  let configuration: Promise<oidc.Configuration> | null = null;
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;

  function discover(): Promise<oidc.Configuration> {
    if (!configuration) {
      const execute = [oidc.enableNonRepudiationChecks];
      if (isLocalIssuer(opts.issuer)) execute.push(oidc.allowInsecureRequests);
      configuration = oidc
        .discovery(
          new URL(opts.issuer),
          opts.clientId,
          undefined,
          opts.clientSecret ? oidc.ClientSecretPost(opts.clientSecret) : oidc.None(),
          { execute, timeout: 10 },
        )
        .catch((err: unknown) => {
          configuration = null; // try again on the next sign-in
          throw new IdentityError('unavailable', 'Google sign-in is temporarily unavailable.', { cause: err });
        });
    }
    return configuration;
  }

  return {
    enabled: true,

    async verifyIdToken(idToken) {
      const config = await discover();
      const meta = config.serverMetadata();
      if (!meta.jwks_uri) throw new IdentityError('unavailable', 'The identity provider publishes no signing keys.');
      jwks ??= createRemoteJWKSet(new URL(meta.jwks_uri));
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(idToken, jwks, {
          issuer: GOOGLE_ISSUER_ALIASES[meta.issuer] ?? meta.issuer,
          audience: opts.clientId,
          requiredClaims: ['sub', 'exp', 'iat'],
        }));
      } catch (err) {
        throw new IdentityError('invalid_token', 'The Google credential is invalid or has expired.', { cause: err });
      }
      return toProfile(payload);
    },

    async startAuthorization(redirectUri) {
      const config = await discover();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid email profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        prompt: 'select_account',
      });
      return { url: url.href, state, codeVerifier, nonce };
    },

    async finishAuthorization(callbackUrl: URL, checks: AuthorizationChecks) {
      const config = await discover();
      try {
        const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new Error('no ID token in the token response');
        return toProfile(claims as JWTPayload);
      } catch (err) {
        throw new IdentityError('exchange_failed', 'Google sign-in could not be completed.', { cause: err });
      }
    },
  };
}

/** Used when GOOGLE_CLIENT_ID is not set. */
export function createDisabledIdentityProvider(): IdentityProvider {
  const fail = async (): Promise<never> => {
    throw new IdentityError('not_configured', 'Google sign-in is not configured on this server.');
  };
  return { enabled: false, verifyIdToken: fail, startAuthorization: fail, finishAuthorization: fail };
}

function toProfile(payload: JWTPayload): GoogleProfile {
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  const sub = str(payload.sub);
  if (!sub) throw new IdentityError('invalid_token', 'The Google credential has no subject.');
  const picture = str(payload.picture);
  return {
    sub,
    email: str(payload.email),
    // Google sends a boolean; some issuers send the string "true".
    emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    name: str(payload.name),
    picture: picture && /^https:\/\//i.test(picture) ? picture : null,
  };
}
