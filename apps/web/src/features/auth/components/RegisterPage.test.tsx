import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetchBy, renderWithRouter } from '../../../test/factories';
import { RegisterPage } from './RegisterPage';

const routes = [
  { path: '/register', element: <RegisterPage /> },
  { path: '/login', element: <p>login page</p> },
  { path: '/create', element: <p>create page</p> },
];

async function registerWith(emailSent: boolean) {
  mockFetchBy((url) => (url.includes('/auth/register') ? json({ success: true, message: 'Registered', emailSent }, 201) : json({ googleEnabled: false })));
  const success = vi.spyOn(toast, 'success');
  const { router } = renderWithRouter(routes, { path: '/register', auth: { isInitialized: true } });
  await userEvent.type(screen.getByLabelText('Full name'), 'Alvar Aalto');
  await userEvent.type(screen.getByLabelText('E-mail'), 'alvar@studio-example.com');
  await userEvent.type(screen.getByLabelText('Password'), 'paimio-1933');
  await userEvent.type(screen.getByLabelText('Confirm password'), 'paimio-1933');
  await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
  return { router, success };
}

describe('RegisterPage', () => {
  afterEach(() => vi.restoreAllMocks());

  it("says 'Account created successfully!' and goes to /create when no e-mail was needed", async () => {
    const { router, success } = await registerWith(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/create'));
    expect(success).toHaveBeenCalledWith('Account created successfully!');
  });

  it('sends the user to /login to wait for the e-mail when one was sent', async () => {
    const { router, success } = await registerWith(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(success).toHaveBeenCalledWith('Account created! Please check your email to verify your account.');
  });
});
