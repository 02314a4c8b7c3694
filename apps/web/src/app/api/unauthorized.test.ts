import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSession, json, mockFetch, signedInAuth } from '../../test/factories';
import { fetchCurrentUser, initialAuthState } from '../../features/auth/store/authSlice';
import { makeStore } from '../store';
import { authApi } from './auth';
import {
  UNAUTHORIZED_REDIRECT_DELAY_MS,
  handleUnauthorized,
  isPublicAuthPath,
  setUnauthorizedLogout,
  setUnauthorizedNavigator,
  unauthorizedRedirectTarget,
} from './unauthorized';
import { logout } from '../../features/auth/store/authSlice';
import { downloadGalleryImage } from '../../features/gallery/lib/imageActions';
import { downloadBrandedJpeg } from './images';

describe('the 401 rule: which paths stay put', () => {
  it.each(['/login', '/login/extra', '/register', '/register?x=1', '/auth/callback', '/auth/callback?token=abc'])(
    '%s is public and stays',
    (path) => {
      expect(isPublicAuthPath(path)).toBe(true);
      expect(unauthorizedRedirectTarget(path)).toBeNull();
    },
  );

  it.each(['/', '/create', '/overview', '/auth/verify-email', '/explore', '/forgot-password'])('%s goes to /login', (path) => {
    expect(unauthorizedRedirectTarget(path)).toBe('/login');
  });

  it('waits about 100 ms before redirecting', () => {
    expect(UNAUTHORIZED_REDIRECT_DELAY_MS).toBe(100);
  });
});

describe('handleUnauthorized', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('logs out, then goes to /login after 100 ms from a protected page', async () => {
    const logout = vi.fn();
    const navigate = vi.fn();
    await handleUnauthorized({ logout, navigate, getPathname: () => '/overview' });
    expect(logout).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(99);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('logs out but stays on a public sign-in page', async () => {
    const logout = vi.fn();
    const navigate = vi.fn();
    await handleUnauthorized({ logout, navigate, getPathname: () => '/register' });
    vi.advanceTimersByTime(1000);
    expect(logout).toHaveBeenCalledOnce();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not redirect again when the guard already moved to /login', async () => {
    let path = '/overview';
    const navigate = vi.fn();
    await handleUnauthorized({ logout: () => (path = '/login'), navigate, getPathname: () => path });
    vi.advanceTimersByTime(200);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('waits for the logout to finish before returning', async () => {
    const order: string[] = [];
    const done = handleUnauthorized({
      logout: () => new Promise<void>((resolve) => setTimeout(() => (order.push('logout'), resolve()), 10)),
      navigate: vi.fn(),
      getPathname: () => '/login',
    }).then(() => order.push('returned'));
    await vi.runAllTimersAsync();
    await done;
    expect(order).toEqual(['logout', 'returned']);
  });
});

describe('the 401 rule wired into the store', () => {
  beforeEach(() => {
    localStorage.setItem('token', 'expired');
    window.history.replaceState(null, '', '/overview');
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('a 401 from a thunk logs out and redirects to /login', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    setUnauthorizedNavigator(navigate);
    mockFetch(json({ message: 'Your session has expired', code: 'UNAUTHORIZED' }, 401));
    const store = makeStore({ auth: signedInAuth() });
    await store.dispatch(fetchCurrentUser());
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('a 401 from an RTK Query endpoint logs out and redirects to /login', async () => {
    vi.useFakeTimers();
    const navigate = vi.fn();
    setUnauthorizedNavigator(navigate);
    mockFetch(json({ message: 'Your session has expired', code: 'UNAUTHORIZED' }, 401));
    const store = makeStore({ auth: signedInAuth() });
    await store.dispatch(authApi.endpoints.updateProfile.initiate({ fullName: 'Ada' }));
    expect(store.getState().auth).toMatchObject({ ...initialAuthState, isInitialized: true });
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS);
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('RTK Query requests carry the bearer token', async () => {
    localStorage.setItem('token', 'good');
    const fetch = mockFetch(json({ user: createSession().user, subscription: createSession().subscription, credits: 3 }));
    const store = makeStore({ auth: signedInAuth() });
    await store.dispatch(authApi.endpoints.updateProfile.initiate({ fullName: 'Ada King' }));
    const request = fetch.mock.calls[0][0] as unknown as Request;
    expect(request.url).toMatch(/\/api\/auth\/me$/);
    expect(request.method).toBe('PATCH');
    expect(request.headers.get('Authorization')).toBe('Bearer good');
    expect(store.getState().auth.credits).toBe(3);
  });

  it.each([
    ['the gallery download', () => downloadGalleryImage(42, '/api/files/u/1/x.jpg?sig=s')],
    ['the branded JPEG download (Create, Tweak, Refine)', () => downloadBrandedJpeg('generated', 42, '/api/files/u/1/x.jpg?sig=s')],
  ])('a 401 on %s logs out and redirects to /login instead of opening the file', async (_name, download) => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const navigate = vi.fn();
    setUnauthorizedNavigator(navigate);
    const fetch = mockFetch(json({ message: 'Your session has expired', code: 'UNAUTHORIZED' }, 401));
    const store = makeStore({ auth: signedInAuth() });
    setUnauthorizedLogout(() => store.dispatch(logout()));
    await download();
    expect(String(fetch.mock.calls[0][0])).toContain('/api/images/download/generated/42');
    expect(store.getState().auth).toMatchObject({ ...initialAuthState, isInitialized: true });
    expect(localStorage.getItem('token')).toBeNull();
    vi.advanceTimersByTime(UNAUTHORIZED_REDIRECT_DELAY_MS);
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(open).not.toHaveBeenCalled();
  });
});
