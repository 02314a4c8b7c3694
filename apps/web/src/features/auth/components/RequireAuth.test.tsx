import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithRouter, signedInAuth } from '../../../test/factories';
import { NotFoundPage } from '../../shell/components/NotFoundPage';
import { RequireAuth } from './RequireAuth';

function LoginProbe() {
  const location = useLocation();
  return <p>login page, from {JSON.stringify(location.state)}</p>;
}

const routes = [
  { path: '/login', element: <LoginProbe /> },
  { element: <RequireAuth />, children: [{ path: '/overview', element: <p>overview content</p> }] },
  { path: '*', element: <NotFoundPage /> },
];

describe('RequireAuth', () => {
  it('shows a spinner until authentication is initialised', () => {
    renderWithRouter(routes, { path: '/overview', auth: { isInitialized: false } });
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText('overview content')).not.toBeInTheDocument();
    expect(screen.queryByText(/login page/)).not.toBeInTheDocument();
  });

  it('sends a visitor to /login and remembers where they came from', () => {
    const { router } = renderWithRouter(routes, { path: '/overview?tab=credits', auth: { isInitialized: true } });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: { pathname: '/overview', search: '?tab=credits', hash: '' } });
    expect(screen.getByText(/login page/)).toBeInTheDocument();
  });

  it('renders the page for a signed-in user', () => {
    renderWithRouter(routes, { path: '/overview', auth: signedInAuth() });
    expect(screen.getByText('overview content')).toBeInTheDocument();
  });

  it('sends a signed-out visitor on an unknown path to /login, and tells a signed-in user the page is not found', () => {
    const visitor = renderWithRouter(routes, { path: '/no-such-page', auth: { isInitialized: true } });
    expect(visitor.router.state.location.pathname).toBe('/login');
    visitor.unmount();
    renderWithRouter(routes, { path: '/no-such-page', auth: signedInAuth() });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
