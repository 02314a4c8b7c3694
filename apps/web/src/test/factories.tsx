import { FREE_SUBSCRIPTION, type SessionResponse, type Subscription, type User } from '@atelier/contract';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { makeStore, type RootState } from '../app/store';
import { workReducers } from '../app/workSlices';
import { initialAuthState, type AuthState } from '../features/auth/store/authSlice';

export function createUser(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    fullName: 'Ada Lovelace',
    displayName: null,
    email: 'ada@example.com',
    profilePicture: null,
    emailVerified: true,
    isStudent: false,
    hasPassword: true,
    createdAt: '2026-01-15T10:00:00.000Z',
    isOperator: false,
    ...overrides,
  };
}

export function createSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    planType: 'EXPLORER',
    billingCycle: 'MONTHLY',
    status: 'ACTIVE',
    currentPeriodEnd: '2026-11-21T12:00:00.000Z',
    cancelAtPeriodEnd: false,
    isEducational: false,
    credits: 150,
    ...overrides,
  };
}

export function createSession(overrides: Partial<SessionResponse> = {}): SessionResponse {
  return { token: 'jwt-token', user: createUser(), subscription: createSubscription(), credits: 120, ...overrides };
}

export const freeSubscription = (): Subscription => ({ ...FREE_SUBSCRIPTION });

/** Auth state of a signed-in, initialised user. */
export function signedInAuth(overrides: Partial<AuthState> = {}): AuthState {
  return {
    ...initialAuthState,
    user: createUser(),
    subscription: createSubscription(),
    credits: 120,
    isAuthenticated: true,
    isInitialized: true,
    ...overrides,
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces globalThis.fetch with a mock answering each call with the next reply. */
export function mockFetch(...replies: Array<Response | (() => Response | Promise<Response>)>) {
  return mockFetchBy(() => {
    const next = replies.length > 1 ? replies.shift()! : replies[0];
    return typeof next === 'function' ? next() : next.clone();
  });
}

/** Replaces globalThis.fetch with a mock answering by URL. */
export function mockFetchBy(answer: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    return answer(url, init);
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** The URL and init of the n-th fetch call. */
export function fetchCall(fn: ReturnType<typeof mockFetch>, n = 0): { url: string; init: RequestInit } {
  const [url, init] = fn.mock.calls[n] as unknown as [string, RequestInit];
  return { url: String(url), init: init ?? {} };
}

export function renderWithRouter(
  routes: RouteObject[],
  { path = '/', auth, state }: { path?: string; auth?: Partial<AuthState>; state?: unknown } = {},
) {
  const preloaded: Partial<RootState> | undefined = auth ? { auth: { ...initialAuthState, ...auth } } : undefined;
  const store = makeStore(preloaded, workReducers);
  const router = createMemoryRouter(routes, { initialEntries: [{ pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }] });
  const utils = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...utils, store, router };
}

export function withStore(ui: ReactElement, auth?: Partial<AuthState>) {
  const store = makeStore(auth ? { auth: { ...initialAuthState, ...auth } } : undefined, workReducers);
  return { store, ui: <Provider store={store}>{ui}</Provider> };
}
