import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store';
import { createSession, freeSubscription, json, mockFetch } from '../../../test/factories';
import { VERIFY_TEXTS, VerifyEmailPage } from './VerifyEmailPage';

/** Fake setTimeout; Testing Library's polling drives the fake clock (it looks for `jest`). */
function useFakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}

function renderPage(path: string, dashboard: RouteObject = { element: <p>dashboard page</p> }) {
  const store = makeStore();
  const router = createMemoryRouter(
    [
      { path: '/auth/verify-email', element: <VerifyEmailPage /> },
      { path: '/create', element: <p>create page</p> },
      { path: '/subscription', element: <p>plans page</p> },
      { path: '/dashboard', ...dashboard },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <StrictMode>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </StrictMode>,
  );
  return { store, router };
}

describe('VerifyEmailPage', () => {
  it('makes exactly one verification call per page view under StrictMode', async () => {
    const fetch = mockFetch(json(createSession()));
    const { store } = renderPage('/auth/verify-email?token=tok-1');
    expect(await screen.findByText('Your e-mail is verified')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String(fetch.mock.calls[0][0])).toBe('/api/auth/verify-email?token=tok-1');
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(screen.getByRole('button', { name: 'Go to Dashboard' })).toBeInTheDocument();
  });

  it('shows the loading state first', () => {
    mockFetch(() => new Promise<Response>(() => {}));
    renderPage('/auth/verify-email?token=tok-1');
    expect(screen.getByText('Verifying your e-mail…')).toBeInTheDocument();
  });

  it('redirects to /create 3 seconds after success', async () => {
    useFakeClock();
    mockFetch(json(createSession()));
    const { router } = renderPage('/auth/verify-email?token=tok-1');
    await screen.findByText('Your e-mail is verified');
    await act(async () => vi.advanceTimersByTime(2900));
    expect(router.state.location.pathname).toBe('/auth/verify-email');
    await act(async () => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/create'));
  });

  it('tells a FREE account it is going to the plans page, and takes it there after 3 seconds', async () => {
    useFakeClock();
    mockFetch(json(createSession({ subscription: freeSubscription() })));
    const { router } = renderPage('/auth/verify-email?token=tok-1');
    expect(await screen.findByText('You are signed in. Taking you to the plans page to choose a plan in 3 seconds…')).toBeInTheDocument();
    expect(screen.queryByText(/Create/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose a plan' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(3100));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscription'));
  });

  it('tells a subscriber it is going to Create, and its button goes there at once', async () => {
    mockFetch(json(createSession()));
    const { router } = renderPage('/auth/verify-email?token=tok-1');
    expect(await screen.findByText('You are signed in. Taking you to Create in 3 seconds…')).toBeInTheDocument();
    await act(async () => (await screen.findByRole('button', { name: 'Go to Create' })).click());
    await waitFor(() => expect(router.state.location.pathname).toBe('/create'));
  });

  it('goes to the dashboard when asked, even when its code loads past the redirect time', async () => {
    useFakeClock();
    mockFetch(json(createSession()));
    let loadDashboard!: () => void;
    const dashboardLoaded = new Promise<void>((resolve) => (loadDashboard = resolve));
    const { router } = renderPage('/auth/verify-email?token=tok-1', {
      lazy: async () => {
        await dashboardLoaded;
        return { element: <p>dashboard page</p> };
      },
    });
    const goToDashboard = await screen.findByRole('button', { name: 'Go to Dashboard' });
    await act(async () => goToDashboard.click());
    // The promise of a redirect is withdrawn with it.
    expect(screen.getByText('You are signed in.')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(3500));
    expect(router.state.location.pathname).toBe('/auth/verify-email');
    await act(async () => loadDashboard());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await act(async () => vi.advanceTimersByTime(3500));
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('redirects 2 seconds after a successful retry', async () => {
    useFakeClock();
    mockFetch(new Response('', { status: 500 }), json(createSession()));
    const { router } = renderPage('/auth/verify-email?token=same');
    (await screen.findByRole('button', { name: 'Try Again' })).click();
    await screen.findByText('Your e-mail is verified');
    await act(async () => vi.advanceTimersByTime(1900));
    expect(router.state.location.pathname).toBe('/auth/verify-email');
    await act(async () => vi.advanceTimersByTime(200));
    await waitFor(() => expect(router.state.location.pathname).toBe('/create'));
  });

  it('reports a missing token without calling the server; Try Again ends with the retry error', async () => {
    const fetch = mockFetch(json({}));
    renderPage('/auth/verify-email');
    expect(screen.getByText(VERIFY_TEXTS.noToken)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Login' })).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Try Again' }).click());
    expect(await screen.findByText(VERIFY_TEXTS.retryFailed)).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the server's message on failure, and the default without one", async () => {
    mockFetch(json({ message: 'This verification link has expired', code: 'TOKEN_EXPIRED' }, 400));
    renderPage('/auth/verify-email?token=old');
    expect(await screen.findByText('This verification link has expired')).toBeInTheDocument();
  });

  it('falls back to the page default when the server gives no message', async () => {
    mockFetch(new Response('', { status: 500 }));
    renderPage('/auth/verify-email?token=old');
    expect(await screen.findByText(VERIFY_TEXTS.failed)).toBeInTheDocument();
  });

  it('retries with the same token from Try Again', async () => {
    const fetch = mockFetch(new Response('', { status: 500 }), json(createSession()));
    renderPage('/auth/verify-email?token=same');
    (await screen.findByRole('button', { name: 'Try Again' })).click();
    expect(await screen.findByText('Your e-mail is verified')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(String(fetch.mock.calls[1][0])).toBe('/api/auth/verify-email?token=same');
  });

  it('says the retry failed when it does', async () => {
    mockFetch(new Response('', { status: 500 }));
    renderPage('/auth/verify-email?token=same');
    (await screen.findByRole('button', { name: 'Try Again' })).click();
    expect(await screen.findByText(VERIFY_TEXTS.retryFailed)).toBeInTheDocument();
  });
});
