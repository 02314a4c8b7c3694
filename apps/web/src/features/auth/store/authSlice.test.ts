import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedNavigator } from '../../../app/api/unauthorized';
import { makeStore } from '../../../app/store';
import { createSession, createSubscription, createUser, fetchCall, json, mockFetch, signedInAuth } from '../../../test/factories';
import {
  AUTH_ERROR_DEFAULTS,
  authReducer,
  clearRegistrationSuccess,
  fetchCurrentUser,
  googleLogin,
  initialAuthState,
  initializeAuth,
  login,
  logout,
  register,
  resendVerification,
  resetAuthFlags,
  setInitialized,
  updateCredits,
  userUpdated,
  verifyEmail,
  type AuthError,
  type AuthState,
} from './authSlice';
import { STORAGE_KEYS } from './storedSession';

const storeWith = (auth: Partial<AuthState> = {}) => makeStore({ auth: { ...initialAuthState, ...auth } });

function seedStorage() {
  const session = createSession();
  localStorage.setItem('token', session.token);
  localStorage.setItem('user', JSON.stringify(session.user));
  localStorage.setItem('subscription', JSON.stringify(session.subscription));
  localStorage.setItem('credits', String(session.credits));
  return session;
}

const networkDown = () => {
  throw new TypeError('Failed to fetch');
};

beforeEach(() => {
  setUnauthorizedNavigator(vi.fn());
});

describe('auth slice: pending states', () => {
  const cases = [
    ['register', register.pending.type],
    ['login', login.pending.type],
    ['googleLogin', googleLogin.pending.type],
    ['fetchCurrentUser', fetchCurrentUser.pending.type],
    ['verifyEmail', verifyEmail.pending.type],
  ] as const;
  it.each(cases)('%s pending turns loading on and clears the error', (_name, type) => {
    const state = authReducer({ ...initialAuthState, error: 'old' }, { type });
    expect(state.isLoading).toBe(true);
    expect(state.error).toBeNull();
  });

  it('resend verification pending only turns loading on', () => {
    const before = { ...initialAuthState, error: 'old' };
    expect(authReducer(before, { type: resendVerification.pending.type })).toEqual({ ...before, isLoading: true });
  });
});

describe('register', () => {
  it('sends fullName, e-mail and password and remembers the e-mail on success', async () => {
    const fetch = mockFetch(json({ success: true, emailSent: true, message: 'Check your inbox' }, 201));
    const store = storeWith();
    await store.dispatch(register({ fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1' }));

    const { url, init } = fetchCall(fetch);
    expect(url).toBe('/api/auth/register');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ fullName: 'Ada Lovelace', email: 'ada@example.com', password: 'secret1' });
    const auth = store.getState().auth;
    expect(auth).toMatchObject({ isLoading: false, registrationSuccess: true, registrationEmail: 'ada@example.com', isAuthenticated: false });
  });

  it('keeps the server message on failure and clears the account', async () => {
    mockFetch(json({ message: 'An account with this e-mail already exists', code: 'EMAIL_TAKEN' }, 409));
    const store = storeWith(signedInAuth());
    const result = await store.dispatch(register({ fullName: 'Ada', email: 'ada@example.com', password: 'secret1' }));
    expect(result.payload).toMatchObject({ message: 'An account with this e-mail already exists', code: 'EMAIL_TAKEN', status: 409 });
    expect(store.getState().auth).toMatchObject({
      isLoading: false,
      error: 'An account with this e-mail already exists',
      user: null,
      subscription: null,
      credits: 0,
      isAuthenticated: false,
      registrationSuccess: false,
    });
  });

  it("says 'Registration failed' when the server gives no message or cannot be reached (never 'Failed to fetch')", async () => {
    mockFetch(networkDown);
    const store = storeWith();
    await store.dispatch(register({ fullName: 'Ada', email: 'a@b.co', password: 'secret1' }));
    expect(store.getState().auth.error).toBe('Registration failed');

    mockFetch(new Response('', { status: 500, statusText: '' }));
    await store.dispatch(register({ fullName: 'Ada', email: 'a@b.co', password: 'secret1' }));
    expect(store.getState().auth.error).toBe('Registration failed');
  });
});

describe('login', () => {
  it('stores the session in state and in the four storage keys', async () => {
    const session = createSession();
    const fetch = mockFetch(json(session));
    const store = storeWith({ error: 'old' });
    await store.dispatch(login({ email: 'ada@example.com', password: 'secret1' }));

    expect(fetchCall(fetch).url).toBe('/api/auth/login');
    expect(store.getState().auth).toMatchObject({
      isAuthenticated: true,
      isLoading: false,
      error: null,
      user: session.user,
      subscription: session.subscription,
      credits: 120,
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('jwt-token');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user)!)).toEqual(session.user);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.subscription)!)).toEqual(session.subscription);
    expect(localStorage.getItem(STORAGE_KEYS.credits)).toBe('120');
  });

  it('passes on emailVerificationRequired with the server message and e-mail', async () => {
    mockFetch(
      json({ message: 'Please verify your e-mail first', code: 'EMAIL_NOT_VERIFIED', emailVerificationRequired: true, email: 'ada@example.com' }, 403),
    );
    const store = storeWith();
    const result = await store.dispatch(login({ email: 'ADA@example.com', password: 'secret1' }));
    expect(login.rejected.match(result)).toBe(true);
    expect(result.payload).toMatchObject({ message: 'Please verify your e-mail first', emailVerificationRequired: true, email: 'ada@example.com' });
    expect(store.getState().auth).toMatchObject({ error: 'Please verify your e-mail first', isAuthenticated: false, user: null });
  });

  it("uses 'Login failed' when there is no message, and clears the account", async () => {
    mockFetch(new Response('', { status: 500 }));
    const store = storeWith(signedInAuth());
    await store.dispatch(login({ email: 'ada@example.com', password: 'x' }));
    expect(store.getState().auth).toMatchObject({ error: 'Login failed', user: null, subscription: null, credits: 0, isAuthenticated: false, isLoading: false });
  });

  it('keeps the login error after the 401 rule has logged out', async () => {
    mockFetch(json({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }, 401));
    const store = storeWith();
    await store.dispatch(login({ email: 'ada@example.com', password: 'wrong' }));
    expect(store.getState().auth.error).toBe('Invalid email or password');
  });
});

describe('googleLogin', () => {
  it('posts the credential and stores the session', async () => {
    const fetch = mockFetch(json(createSession({ token: 'google-jwt' })));
    const store = storeWith();
    await store.dispatch(googleLogin('credential-123'));
    const { url, init } = fetchCall(fetch);
    expect(url).toBe('/api/auth/google');
    expect(JSON.parse(String(init.body))).toEqual({ token: 'credential-123' });
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(localStorage.getItem('token')).toBe('google-jwt');
  });

  it("defaults to 'Google login failed'", async () => {
    mockFetch(new Response('', { status: 502 }));
    const store = storeWith();
    await store.dispatch(googleLogin('c'));
    expect(store.getState().auth.error).toBe(AUTH_ERROR_DEFAULTS.googleLogin);
  });
});

describe('fetchCurrentUser', () => {
  it('sends the bearer token, stores the result and marks initialised', async () => {
    seedStorage();
    const me = { user: createUser({ fullName: 'Ada King' }), subscription: createSubscription({ planType: 'PRO', credits: 1000 }), credits: 900 };
    const fetch = mockFetch(json(me));
    const store = storeWith();
    await store.dispatch(fetchCurrentUser());
    const { url, init } = fetchCall(fetch);
    expect(url).toBe('/api/auth/me');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer jwt-token');
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, isInitialized: true, credits: 900, user: me.user });
    expect(localStorage.getItem('credits')).toBe('900');
  });

  it("marks initialised on failure too, with 'Failed to fetch user' by default", async () => {
    mockFetch(new Response('', { status: 500 }));
    const store = storeWith(signedInAuth({ isInitialized: false }));
    await store.dispatch(fetchCurrentUser());
    expect(store.getState().auth).toMatchObject({ isInitialized: true, isAuthenticated: false, user: null, error: 'Failed to fetch user' });
  });
});

describe('verifyEmail', () => {
  it('sends the token as a query parameter and stores the session', async () => {
    const fetch = mockFetch(json(createSession({ token: 'fresh' })));
    const store = storeWith();
    await store.dispatch(verifyEmail('abc/def'));
    expect(fetchCall(fetch).url).toBe('/api/auth/verify-email?token=abc%2Fdef');
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(localStorage.getItem('token')).toBe('fresh');
  });

  it("defaults to 'Email verification failed' and remembers the server's own message separately", async () => {
    mockFetch(new Response('', { status: 500 }));
    const store = storeWith();
    const result = await store.dispatch(verifyEmail('t'));
    expect(store.getState().auth.error).toBe('Email verification failed');
    expect((result.payload as AuthError).serverMessage).toBeUndefined();

    mockFetch(json({ message: 'This link has expired', code: 'TOKEN_EXPIRED' }, 400));
    const again = await store.dispatch(verifyEmail('t'));
    expect((again.payload as AuthError).serverMessage).toBe('This link has expired');
  });
});

describe('resendVerification', () => {
  it('posts the e-mail and only toggles loading', async () => {
    const fetch = mockFetch(json({ success: true, message: 'Sent' }));
    const store = storeWith({ registrationSuccess: true, registrationEmail: 'ada@example.com' });
    const result = await store.dispatch(resendVerification('ada@example.com'));
    expect(JSON.parse(String(fetchCall(fetch).init.body))).toEqual({ email: 'ada@example.com' });
    expect(result.payload).toEqual({ success: true, message: 'Sent' });
    expect(store.getState().auth).toMatchObject({ isLoading: false, error: null, registrationSuccess: true, registrationEmail: 'ada@example.com' });
  });

  it("rejects with 'Failed to resend verification email' by default without touching the error", async () => {
    mockFetch(new Response('', { status: 500 }));
    const store = storeWith();
    const result = await store.dispatch(resendVerification('ada@example.com'));
    expect(result.payload?.message).toBe(AUTH_ERROR_DEFAULTS.resendVerification);
    expect(store.getState().auth).toMatchObject({ isLoading: false, error: null });
  });
});

describe('logout', () => {
  it('clears the account, the flags and the four stored keys', async () => {
    seedStorage();
    localStorage.setItem('unrelated', 'kept');
    const store = storeWith(signedInAuth({ error: 'x', registrationSuccess: true, registrationEmail: 'a@b.co' }));
    await store.dispatch(logout());
    expect(store.getState().auth).toEqual({ ...initialAuthState, isInitialized: true });
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });
});

describe('other reducers', () => {
  it('updateCredits changes the balance and saves it', () => {
    const state = authReducer(signedInAuth(), updateCredits(7));
    expect(state.credits).toBe(7);
    expect(localStorage.getItem('credits')).toBe('7');
  });

  it('resetAuthFlags clears loading and error', () => {
    expect(authReducer({ ...initialAuthState, isLoading: true, error: 'e' }, resetAuthFlags())).toMatchObject({ isLoading: false, error: null });
  });

  it('setInitialized marks initialisation done', () => {
    expect(authReducer(initialAuthState, setInitialized()).isInitialized).toBe(true);
  });

  it('clearRegistrationSuccess forgets the flag and the e-mail', () => {
    const state = authReducer({ ...initialAuthState, registrationSuccess: true, registrationEmail: 'a@b.co' }, clearRegistrationSuccess());
    expect(state).toMatchObject({ registrationSuccess: false, registrationEmail: null });
  });

  it('userUpdated replaces the user and saves it', () => {
    const user = createUser({ fullName: 'Grace Hopper' });
    expect(authReducer(signedInAuth(), userUpdated(user)).user).toEqual(user);
    expect(JSON.parse(localStorage.getItem('user')!).fullName).toBe('Grace Hopper');
  });
});

describe('start-up', () => {
  it('shows what is stored but is not authenticated until /auth/me answers', () => {
    const session = seedStorage();
    const store = makeStore();
    expect(store.getState().auth).toMatchObject({ user: session.user, credits: 120, isAuthenticated: false, isInitialized: false });
  });

  it('marks initialised at once without a token, making no call', async () => {
    const fetch = mockFetch(json({}));
    const store = makeStore();
    await store.dispatch(initializeAuth());
    expect(fetch).not.toHaveBeenCalled();
    expect(store.getState().auth.isInitialized).toBe(true);
  });

  it('fetches the current user with a stored token', async () => {
    seedStorage();
    mockFetch(json({ user: createUser(), subscription: createSubscription(), credits: 5 }));
    const store = makeStore();
    await store.dispatch(initializeAuth());
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, isInitialized: true, credits: 5 });
  });

  it('clears the stored session when the current user cannot be fetched', async () => {
    seedStorage();
    mockFetch(networkDown);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = makeStore();
    await store.dispatch(initializeAuth());
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, isInitialized: true, user: null });
    for (const key of Object.values(STORAGE_KEYS)) expect(localStorage.getItem(key)).toBeNull();
    expect(error).toHaveBeenCalled();
  });
});
