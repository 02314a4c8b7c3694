import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedNavigator } from '../../../app/api/unauthorized';
import { createSession, json, mockFetchBy, renderWithRouter, signedInAuth } from '../../../test/factories';
import { LoginPage } from './LoginPage';
import { authApi } from '../../../app/api/auth';

const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/create', element: <p>create page</p> },
  { path: '/edit', element: <p>edit page</p> },
];

/** Answers /auth/config and then the given replies, by URL. */
function serverWith(handlers: Record<string, () => Response>) {
  return mockFetchBy((url) => {
    const key = Object.keys(handlers).find((path) => url.includes(path));
    return key ? handlers[key]() : json({ googleEnabled: false });
  });
}

describe('LoginPage', () => {
  // The page loads its e-mail dialog on demand; load it once up front, as a browser has it cached.
  beforeAll(() => import('./VerificationEmailDialog'));
  // A 401 on the sign-in form must not leave a redirect timer running into the next test.
  beforeEach(() => setUnauthorizedNavigator(vi.fn()));

  it('validates with the shared schema messages', async () => {
    serverWith({});
    renderWithRouter(routes, { path: '/login', auth: { isInitialized: true } });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('shows the password on request', async () => {
    serverWith({});
    renderWithRouter(routes, { path: '/login', auth: { isInitialized: true } });
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByLabelText('Show password'));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('signs in and returns to the page the guard came from', async () => {
    serverWith({ '/auth/login': () => json(createSession()) });
    const success = vi.spyOn(toast, 'success');
    const { router } = renderWithRouter(routes, {
      path: '/login',
      auth: { isInitialized: true },
      state: { from: { pathname: '/edit', search: '?imageId=3', hash: '' } },
    });
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/edit'));
    expect(router.state.location.search).toBe('?imageId=3');
    expect(success).toHaveBeenCalledWith('Successfully signed in!');
  });

  it('sends an already signed-in user to /create', () => {
    serverWith({});
    const { router } = renderWithRouter(routes, { path: '/login', auth: signedInAuth() });
    expect(router.state.location.pathname).toBe('/create');
  });

  it('opens the e-mail dialog, without a toast, when verification is required', async () => {
    serverWith({
      '/auth/login': () =>
        json({ message: 'Please verify your e-mail', code: 'EMAIL_NOT_VERIFIED', emailVerificationRequired: true, email: 'ada@example.com' }, 403),
    });
    const error = vi.spyOn(toast, 'error');
    renderWithRouter(routes, { path: '/login', auth: { isInitialized: true } });
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'RESEND EMAIL' })).toBeInTheDocument();
    expect(error).not.toHaveBeenCalled();
  });

  it("toasts the server's message on other failures and shows it inline", async () => {
    serverWith({ '/auth/login': () => json({ message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }, 401) });
    const error = vi.spyOn(toast, 'error');
    renderWithRouter(routes, { path: '/login', auth: { isInitialized: true } });
    await userEvent.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(error).toHaveBeenCalledWith('Invalid email or password');
  });

  it('opens the dialog after registration and forgets the registration when it closes', async () => {
    serverWith({ '/auth/resend-verification': () => json({ success: true, message: 'Sent again' }) });
    const { store } = renderWithRouter(routes, {
      path: '/login',
      auth: { isInitialized: true, registrationSuccess: true, registrationEmail: 'new@example.com' },
    });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('new@example.com')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to sign in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().auth).toMatchObject({ registrationSuccess: false, registrationEmail: null });
  });

  it('resends the verification e-mail from the dialog', async () => {
    const fetch = serverWith({ '/auth/resend-verification': () => json({ success: true, message: 'Sent again' }) });
    const success = vi.spyOn(toast, 'success');
    renderWithRouter(routes, { path: '/login', auth: { isInitialized: true, registrationSuccess: true, registrationEmail: 'new@example.com' } });
    await userEvent.click(screen.getByRole('button', { name: 'RESEND EMAIL' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Sent again'));
    const call = fetch.mock.calls.find(([url]) => String(url).includes('resend'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'new@example.com' });
    expect(screen.getByRole('button', { name: 'RESEND EMAIL' })).toBeDisabled();
  });

  it('offers Google only when the server has Google sign-in on', async () => {
    serverWith({});
    const off = renderWithRouter(routes, { path: '/login', auth: { isInitialized: true } });
    // The config has arrived (googleEnabled false): still no Google button, and no divider before the form.
    await waitFor(() => expect(authApi.endpoints.getAuthConfig.select()(off.store.getState()).isSuccess).toBe(true));
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(screen.queryByRole('separator')).not.toBeInTheDocument();
    off.unmount();

    serverWith({ '/auth/config': () => json({ googleEnabled: true }) });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderWithRouter(routes, { path: '/login', auth: { isInitialized: true } });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(assign).toHaveBeenCalledWith(expect.stringMatching(/\/auth\/google$/));
  });
});
