/** The auth messages people read (a contract: see the spec). */
export const AUTH_TEXT = {
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  emailNotVerified: 'Please verify your email address before signing in.',
  useGoogle:
    'This account uses Google sign-in. Please continue with Google, or use "Forgot password" to set a password.',
  registered: 'Account created! Please check your email to verify your account.',
  registeredMailFailed:
    'Your account was created, but we could not send the verification email. Please request a new one.',
  resendSent: 'If an account with this email exists and is not yet verified, we have sent a new verification link.',
  forgotSent: 'If an account exists for this email, we have sent a link to reset your password.',
  passwordReset: 'Your password has been reset. You can now sign in.',
  passwordChanged: 'Your password has been changed.',
  signedOut: 'You have been logged out successfully',
  signedOutEverywhere: 'You have been signed out on every device.',
  accountDeleted: 'Your account has been deleted.',
  pictureRemoved: 'Your profile picture has been removed.',
  wrongCurrentPassword: 'Current password is incorrect',
  currentPasswordRequired: 'Current password is required',
  wrongPassword: 'Password is incorrect',
  passwordRequired: 'Please enter your password to delete your account.',
  googleNotConfigured: 'Google sign-in is not configured on this server.',
  googleEmailNotVerified: 'Your Google account has no verified email address, so it cannot be used to sign in.',
  googleLinkedElsewhere: 'This email address is already linked to a different Google account.',
} as const;
