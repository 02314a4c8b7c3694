import type { Config } from '../../config.js';
import { createDisabledIdentityProvider, createGoogleIdentityProvider } from './google.js';
import type { IdentityProvider } from './identity.js';

export * from './identity.js';

/** Google sign-in when GOOGLE_CLIENT_ID is set (issuer GOOGLE_ISSUER), else a provider that says it is off. */
export function createIdentityProvider(
  config: Pick<Config, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_ISSUER'>,
): IdentityProvider {
  if (!config.GOOGLE_CLIENT_ID) return createDisabledIdentityProvider();
  return createGoogleIdentityProvider({
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    issuer: config.GOOGLE_ISSUER,
  });
}
