import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  LoginRequest,
  MeResponse,
  RegisterRequest,
  RegisterResponse,
  SessionResponse,
  Subscription,
  SuccessResponse,
  User,
} from '@atelier/contract';
import { ApiError, apiRequest, errorMessage, type ApiRequestOptions } from '../../../app/api/http';
import { handleUnauthorized } from '../../../app/api/unauthorized';
import {
  clearStoredSession,
  readStoredSession,
  readStoredToken,
  storeCredits,
  storeSession,
  storeSubscription,
  storeUser,
} from './storedSession';

/** The auth state of spec §3. */
export interface AuthState {
  user: User | null;
  subscription: Subscription | null;
  credits: number;
  isAuthenticated: boolean;
  isLoading: boolean;
  error: string | null;
  isInitialized: boolean;
  registrationSuccess: boolean;
  /** The e-mail the user registered with (shown in the sign-in e-mail dialog). */
  registrationEmail: string | null;
}

/** What a rejected auth thunk carries. Login adds the verification fields (spec §3, §8). */
export interface AuthError {
  message: string;
  status?: number;
  code?: string;
  /** The server's own message, when it sent one. */
  serverMessage?: string;
  emailVerificationRequired?: boolean;
  email?: string;
}

/** Default texts of spec §8. */
export const AUTH_ERROR_DEFAULTS = {
  register: 'Registration failed',
  login: 'Login failed',
  googleLogin: 'Google login failed',
  fetchCurrentUser: 'Failed to fetch user',
  verifyEmail: 'Email verification failed',
  resendVerification: 'Failed to resend verification email',
} as const;

export const initialAuthState: AuthState = {
  user: null,
  subscription: null,
  credits: 0,
  isAuthenticated: false,
  isLoading: false,
  error: null,
  isInitialized: false,
  registrationSuccess: false,
  registrationEmail: null,
};

/** The start-up state: what is stored is shown at once; authentication waits for /auth/me. */
export function loadInitialAuthState(): AuthState {
  const stored = readStoredSession();
  return { ...initialAuthState, user: stored.user, subscription: stored.subscription, credits: stored.credits };
}

const createAuthThunk = createAsyncThunk.withTypes<{ rejectValue: AuthError }>();

type Dispatch = (action: unknown) => unknown;

/** apiRequest with the 401 rule wired to this slice's logout. */
function request<T>(dispatch: Dispatch, path: string, options: ApiRequestOptions = {}): Promise<T> {
  return apiRequest<T>(path, {
    ...options,
    onUnauthorized: () => handleUnauthorized({ logout: () => dispatch(logout()) }),
  });
}

function toAuthError(error: unknown, fallback: string): AuthError {
  const result: AuthError = { message: errorMessage(error, fallback) };
  if (error instanceof ApiError) {
    result.status = error.status;
    if (error.code) result.code = error.code;
    const data = error.data as { message?: unknown } | undefined;
    if (data && typeof data.message === 'string' && data.message) result.serverMessage = data.message;
  }
  return result;
}

export const register = createAuthThunk(
  'auth/register',
  async (body: RegisterRequest, { dispatch, rejectWithValue }) => {
    try {
      const response = await request<RegisterResponse>(dispatch, '/auth/register', { method: 'POST', body });
      return { ...response, email: body.email };
    } catch (error) {
      return rejectWithValue(toAuthError(error, AUTH_ERROR_DEFAULTS.register));
    }
  },
);

export const login = createAuthThunk('auth/login', async (body: LoginRequest, { dispatch, rejectWithValue }) => {
  try {
    const session = await request<SessionResponse>(dispatch, '/auth/login', { method: 'POST', body });
    storeSession(session);
    return session;
  } catch (error) {
    const authError = toAuthError(error, AUTH_ERROR_DEFAULTS.login);
    if (error instanceof ApiError && typeof error.data === 'object' && error.data !== null) {
      const data = error.data as { emailVerificationRequired?: unknown; email?: unknown };
      if (data.emailVerificationRequired === true) {
        authError.emailVerificationRequired = true;
        if (typeof data.email === 'string') authError.email = data.email;
      }
    }
    return rejectWithValue(authError);
  }
});

/** Exchanges a Google credential (POST /auth/google). The redirect flow uses /auth/callback instead. */
export const googleLogin = createAuthThunk('auth/googleLogin', async (credential: string, { dispatch, rejectWithValue }) => {
  try {
    const session = await request<SessionResponse>(dispatch, '/auth/google', { method: 'POST', body: { token: credential } });
    storeSession(session);
    return session;
  } catch (error) {
    return rejectWithValue(toAuthError(error, AUTH_ERROR_DEFAULTS.googleLogin));
  }
});

export const fetchCurrentUser = createAuthThunk('auth/fetchCurrentUser', async (_: void, { dispatch, rejectWithValue }) => {
  try {
    const me = await request<MeResponse>(dispatch, '/auth/me');
    storeSession(me);
    return me;
  } catch (error) {
    return rejectWithValue(toAuthError(error, AUTH_ERROR_DEFAULTS.fetchCurrentUser));
  }
});

export const verifyEmail = createAuthThunk('auth/verifyEmail', async (token: string, { dispatch, rejectWithValue }) => {
  try {
    const session = await request<SessionResponse>(dispatch, `/auth/verify-email?token=${encodeURIComponent(token)}`);
    storeSession(session);
    return session;
  } catch (error) {
    return rejectWithValue(toAuthError(error, AUTH_ERROR_DEFAULTS.verifyEmail));
  }
});

export const resendVerification = createAuthThunk(
  'auth/resendVerification',
  async (email: string, { dispatch, rejectWithValue }) => {
    try {
      return await request<SuccessResponse>(dispatch, '/auth/resend-verification', { method: 'POST', body: { email } });
    } catch (error) {
      return rejectWithValue(toAuthError(error, AUTH_ERROR_DEFAULTS.resendVerification));
    }
  },
);

/** Ends the session locally (useSignOut first asks the server to end it: POST /auth/logout). */
export const logout = createAuthThunk('auth/logout', async () => {
  clearStoredSession();
});

/**
 * Start-up (spec §4): with a stored token the current user is fetched; on failure the
 * session is cleared. Either way initialisation is marked done.
 */
export const initializeAuth = createAuthThunk('auth/initialize', async (_: void, { dispatch }) => {
  if (!readStoredToken()) {
    dispatch(setInitialized());
    return;
  }
  const result = await dispatch(fetchCurrentUser());
  if (fetchCurrentUser.rejected.match(result)) {
    console.error('Failed to fetch the current user at start-up:', result.payload?.message);
    clearStoredSession();
  }
});

function applySession(state: AuthState, session: MeResponse) {
  state.isLoading = false;
  state.isAuthenticated = true;
  state.user = session.user;
  state.subscription = session.subscription;
  state.credits = session.credits;
  state.error = null;
}

function clearAccount(state: AuthState) {
  state.user = null;
  state.subscription = null;
  state.credits = 0;
  state.isAuthenticated = false;
}

function startLoading(state: AuthState) {
  state.isLoading = true;
  state.error = null;
}

const authSlice = createSlice({
  name: 'auth',
  initialState: loadInitialAuthState,
  reducers: {
    /** Resets the loading and error flags. */
    resetAuthFlags(state) {
      state.isLoading = false;
      state.error = null;
    },
    clearAuthError(state) {
      state.error = null;
    },
    setInitialized(state) {
      state.isInitialized = true;
    },
    /** A new balance (from a generation, a purchase or a live event); also saved to storage. */
    updateCredits(state, action: PayloadAction<number>) {
      state.credits = action.payload;
      storeCredits(action.payload);
    },
    /** Closing the sign-in e-mail dialog forgets the registration. */
    clearRegistrationSuccess(state) {
      state.registrationSuccess = false;
      state.registrationEmail = null;
    },
    /** A fresh user from the profile endpoints; also saved to storage. */
    userUpdated(state, action: PayloadAction<User>) {
      state.user = action.payload;
      storeUser(action.payload);
    },
    /** A fresh subscription (billing pages); also saved to storage. */
    subscriptionUpdated(state, action: PayloadAction<Subscription>) {
      state.subscription = action.payload;
      storeSubscription(action.payload);
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(register.pending, startLoading)
      .addCase(register.fulfilled, (state, action) => {
        state.isLoading = false;
        state.registrationSuccess = true;
        state.registrationEmail = action.payload.email;
      })
      .addCase(register.rejected, (state, action) => {
        state.isLoading = false;
        state.error = action.payload?.message ?? AUTH_ERROR_DEFAULTS.register;
        clearAccount(state);
      })

      .addCase(login.pending, startLoading)
      .addCase(login.fulfilled, (state, action) => applySession(state, action.payload))
      .addCase(login.rejected, (state, action) => {
        state.isLoading = false;
        state.error = action.payload?.message ?? AUTH_ERROR_DEFAULTS.login;
        clearAccount(state);
      })

      .addCase(googleLogin.pending, startLoading)
      .addCase(googleLogin.fulfilled, (state, action) => applySession(state, action.payload))
      .addCase(googleLogin.rejected, (state, action) => {
        state.isLoading = false;
        state.error = action.payload?.message ?? AUTH_ERROR_DEFAULTS.googleLogin;
        clearAccount(state);
      })

      .addCase(fetchCurrentUser.pending, startLoading)
      .addCase(fetchCurrentUser.fulfilled, (state, action) => {
        applySession(state, action.payload);
        state.isInitialized = true;
      })
      .addCase(fetchCurrentUser.rejected, (state, action) => {
        state.isLoading = false;
        state.error = action.payload?.message ?? AUTH_ERROR_DEFAULTS.fetchCurrentUser;
        clearAccount(state);
        state.isInitialized = true;
      })

      .addCase(verifyEmail.pending, startLoading)
      .addCase(verifyEmail.fulfilled, (state, action) => applySession(state, action.payload))
      .addCase(verifyEmail.rejected, (state, action) => {
        state.isLoading = false;
        state.error = action.payload?.message ?? AUTH_ERROR_DEFAULTS.verifyEmail;
        clearAccount(state);
      })

      .addCase(resendVerification.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(resendVerification.fulfilled, (state) => {
        state.isLoading = false;
      })
      .addCase(resendVerification.rejected, (state) => {
        state.isLoading = false;
      })

      .addCase(logout.fulfilled, (state) => {
        clearAccount(state);
        state.isLoading = false;
        state.error = null;
        state.registrationSuccess = false;
        state.registrationEmail = null;
      })
      .addCase(logout.rejected, (state) => {
        clearAccount(state);
        state.isLoading = false;
      });
  },
});

export const {
  resetAuthFlags,
  clearAuthError,
  setInitialized,
  updateCredits,
  clearRegistrationSuccess,
  userUpdated,
  subscriptionUpdated,
} = authSlice.actions;

export const authReducer = authSlice.reducer;
