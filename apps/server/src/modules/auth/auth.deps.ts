import type { AppContext } from '../../context.js';

/** What the auth service needs from the app context (the subscription is read at call time). */
export type AuthDeps = Pick<
  AppContext,
  'db' | 'config' | 'log' | 'tokens' | 'tokenVersions' | 'mailer' | 'identity' | 'subscriptionOf' | 'events' | 'storage' | 'payments'
>;
