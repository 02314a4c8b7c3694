import { screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { createSubscription, createUser, json, mockFetch, renderWithRouter } from '../../../test/factories';
import { markGoogleSignIn } from '../googleSignIn';
import { AuthCallbackPage } from './AuthCallbackPage';

const routes = [
  { path: '/auth/callback', element: <AuthCallbackPage /> },
  { path: '/login', element: <p>login page</p> },
  { path: '/create', element: <p>create page</p> },
];

describe('AuthCallbackPage', () => {
  it('stores the token, loads the user and goes to /create', async () => {
    const fetch = mockFetch(json({ user: createUser(), subscription: createSubscription(), credits: 9 }));
    const success = vi.spyOn(toast, 'success');
    const { router, store } = renderWithRouter(routes, { path: '/auth/callback?token=abc', auth: { isInitialized: true } });
    expect(screen.getByText('Processing authentication...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/create'));
    expect(localStorage.getItem('token')).toBe('abc');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(success).toHaveBeenCalledWith('Successfully signed in!', expect.anything());
  });

  it("says 'Authentication failed' for an error and goes to /login", async () => {
    const fetch = mockFetch(json({}));
    const error = vi.spyOn(toast, 'error');
    const { router } = renderWithRouter(routes, { path: '/auth/callback?error=access_denied', auth: { isInitialized: true } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(error).toHaveBeenCalledWith('Authentication failed', expect.anything());
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says 'No authentication token received' without a token", async () => {
    mockFetch(json({}));
    const error = vi.spyOn(toast, 'error');
    const { router } = renderWithRouter(routes, { path: '/auth/callback', auth: { isInitialized: true } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(error).toHaveBeenCalledWith('No authentication token received', expect.anything());
  });

  it('ends a sign-in started with the Google button with the Google texts', async () => {
    mockFetch(json({ user: createUser(), subscription: createSubscription(), credits: 9 }));
    const success = vi.spyOn(toast, 'success');
    markGoogleSignIn();
    const { router } = renderWithRouter(routes, { path: '/auth/callback?token=abc', auth: { isInitialized: true } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/create'));
    expect(success).toHaveBeenCalledWith('Successfully signed in with Google!', expect.anything());
  });

  it("says 'Google login failed' when Google sends back an error", async () => {
    mockFetch(json({}));
    const error = vi.spyOn(toast, 'error');
    markGoogleSignIn();
    const { router } = renderWithRouter(routes, { path: '/auth/callback?error=access_denied', auth: { isInitialized: true } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(error).toHaveBeenCalledWith('Google login failed', expect.anything());
  });
});
