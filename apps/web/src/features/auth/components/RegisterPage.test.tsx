import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetchBy, renderWithRouter } from '../../../test/factories';
import { LoginPage } from './LoginPage';
import { RegisterPage } from './RegisterPage';

const routes = [
  { path: '/register', element: <RegisterPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/create', element: <p>create page</p> },
];

const MAIL_FAILED = 'Your account was created, but we could not send the verification email. Please request a new one.';

async function registerWith(emailSent: boolean) {
  const fetch = mockFetchBy((url) => {
    if (url.includes('/auth/register')) return json({ success: true, message: emailSent ? 'Registered' : MAIL_FAILED, emailSent }, 201);
    if (url.includes('/auth/resend-verification')) return json({ success: true, message: 'We have sent a new verification link.' });
    return json({ googleEnabled: false });
  });
  const success = vi.spyOn(toast, 'success');
  const failure = vi.spyOn(toast, 'error');
  const { router } = renderWithRouter(routes, { path: '/register', auth: { isInitialized: true } });
  await userEvent.type(screen.getByLabelText('Full name'), 'Alvar Aalto');
  await userEvent.type(screen.getByLabelText('E-mail'), 'alvar@studio-example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'paimio-1933');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'paimio-1933');
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
  return { router, success, failure, fetch };
}

describe('RegisterPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says the verification e-mail could not be sent and offers to resend it, instead of promising it', async () => {
    const { router, success, failure, fetch } = await registerWith(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(failure).toHaveBeenCalledWith(MAIL_FAILED);
    expect(success).not.toHaveBeenCalledWith('Account created successfully!');
    const dialog = await screen.findByRole('dialog', { name: 'We could not send your sign-in e-mail' });
    expect(dialog).toHaveTextContent('the verification e-mail to alvar@studio-example.com could not be sent');
    expect(screen.queryByText('Your sign-in e-mail is on its way')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'RESEND EMAIL' }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('/auth/resend-verification') && String(init?.body).includes('alvar@studio-example.com'))).toBe(true),
    );
    expect(await screen.findByRole('dialog', { name: 'Your sign-in e-mail is on its way' })).toBeInTheDocument();
  });

  it('sends the user to /login to wait for the e-mail when one was sent', async () => {
    const { router, success } = await registerWith(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(success).toHaveBeenCalledWith('Account created! Please check your email to verify your account.');
    expect(await screen.findByRole('dialog', { name: 'Your sign-in e-mail is on its way' })).toBeInTheDocument();
  });
});
