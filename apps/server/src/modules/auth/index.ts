// The auth module's public face: other modules use these, never the users table directly.
export { registerAuthRoutes } from './auth.routes.js';
export { findUserByEmail, findUserById } from './users.js';
export { teamInvitationEmail } from './auth.emails.js';
export { cancelPaidSubscription, deleteAccountData } from './account-deletion.js';
