// The auth feature's public face: import from 'features/auth' in other features.
export {
  AUTH_ERROR_DEFAULTS,
  clearAuthError,
  clearRegistrationSuccess,
  fetchCurrentUser,
  googleLogin,
  initializeAuth,
  login,
  logout,
  register,
  resendVerification,
  resetAuthFlags,
  setInitialized,
  subscriptionUpdated,
  updateCredits,
  userUpdated,
  verifyEmail,
  type AuthError,
  type AuthState,
} from './store/authSlice';
export * from './store/selectors';
export { STORAGE_KEYS, readStoredToken } from './store/storedSession';
export { RequireAuth } from './components/RequireAuth';
export { RequireActivePlan } from './components/RequireActivePlan';
export { useSignOut } from './hooks/useSignOut';
export { redirectAfterSignIn, DEFAULT_AFTER_SIGN_IN } from './redirect';
