import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createSubscription, createUser, freeSubscription, renderWithRouter, signedInAuth } from '../../../test/factories';
import { storeTeamId } from '../../teams/store/storedWorkspace';
import { createTeam, fakeApi } from '../../teams/test-helpers';
import { AppHeader, showsGalleryButton } from './AppHeader';

const at = (path: string, auth = signedInAuth()) => renderWithRouter([{ path: '*', element: <AppHeader /> }], { path, auth });

describe('AppHeader', () => {
  it('links the logo to / and the avatar to /overview', () => {
    at('/overview');
    expect(screen.getByRole('link', { name: 'Atelier home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Account overview' })).toHaveAttribute('href', '/overview');
  });

  it('shows the module tabs with Tweak on /edit', () => {
    at('/overview');
    expect(screen.getByRole('link', { name: 'Create' })).toHaveAttribute('href', '/create');
    expect(screen.getByRole('link', { name: 'Tweak' })).toHaveAttribute('href', '/edit');
    expect(screen.getByRole('link', { name: 'Upscale' })).toHaveAttribute('href', '/upscale');
  });

  it('offers Upgrade Now only on the FREE plan', () => {
    at('/overview', signedInAuth({ subscription: freeSubscription() }));
    expect(screen.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/subscription');
  });

  it('hides Upgrade Now for paid plans', () => {
    at('/overview', signedInAuth({ subscription: createSubscription({ planType: 'STARTER' }) }));
    expect(screen.queryByRole('link', { name: 'Upgrade Now' })).not.toBeInTheDocument();
  });

  it('opens the gallery from the module pages only', async () => {
    const { store } = at('/create');
    await userEvent.click(screen.getByRole('button', { name: 'Gallery' }));
    expect(store.getState().galleryUi.isOpen).toBe(true);
  });

  it('has no Gallery button on account pages', () => {
    at('/overview');
    expect(screen.queryByRole('button', { name: 'Gallery' })).not.toBeInTheDocument();
  });

  it('shows up to two initials, else U', () => {
    at('/overview', signedInAuth({ user: createUser({ fullName: 'Ada Byron Lovelace' }) }));
    expect(within(screen.getByRole('link', { name: 'Account overview' })).getByText('AL')).toBeInTheDocument();
  });

  it("shows 'U' when the name gives no initials", () => {
    at('/overview', signedInAuth({ user: createUser({ fullName: '' }) }));
    expect(within(screen.getByRole('link', { name: 'Account overview' })).getByText('U')).toBeInTheDocument();
  });

  it('shows the profile picture when there is one', () => {
    const { container } = at('/overview', signedInAuth({ user: createUser({ profilePicture: '/api/auth/avatars/a.webp' }) }));
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/auth/avatars/a.webp');
  });

  it('shows the credit balance with its ring colour', () => {
    at('/overview', signedInAuth({ credits: 10, subscription: createSubscription({ credits: 150 }) }));
    const ring = screen.getByRole('link', { name: /10 credits remaining/ });
    expect(ring).toHaveAttribute('data-tone', 'red');
  });

  it("in a team workspace shows the team's pool in the ring and no personal Upgrade Now", async () => {
    storeTeamId(7);
    const calls = fakeApi(({ path }) => {
      if (path === '/teams') return [createTeam()];
      if (path === '/credits') return { credits: 640, purchasedCredits: 0, planCredits: 640, allowance: 1000 };
      return {};
    });
    at('/overview', signedInAuth({ credits: 3, subscription: freeSubscription() }));
    expect(await screen.findByRole('link', { name: /640 team credits remaining/ })).toHaveAttribute('data-tone', 'green');
    expect(screen.queryByRole('link', { name: 'Upgrade Now' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Workspace: Studio Nord/ })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/credits')?.workspace).toBe('team:7');
  });
});

describe('showsGalleryButton', () => {
  it('is true on /create, /edit and /upscale only', () => {
    expect(['/create', '/edit', '/upscale'].every(showsGalleryButton)).toBe(true);
    expect(['/gallery', '/overview', '/', '/refine', '/creative'].some(showsGalleryButton)).toBe(false);
  });
});
