import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppShell, WorkLayout } from '../../shell';
import { json, mockFetchBy, renderWithRouter, signedInAuth } from '../../../test/factories';

// The gallery modal over the module pages (image-modules §2; accounts §2 sidebars).

function renderShell(path = '/create') {
  mockFetchBy((url) => {
    const u = new URL(url, 'http://localhost');
    if (u.pathname === '/api/gallery/days') {
      return json({ mode: u.searchParams.get('mode'), timeZone: 'UTC', unit: 'image', total: 0, days: [] });
    }
    // The header's workspace switcher lists the caller's teams (an array, as the server answers).
    if (u.pathname === '/api/teams') return json([]);
    return json({});
  });
  return renderWithRouter(
    [
      {
        element: <AppShell />,
        children: [
          { element: <WorkLayout />, children: [{ path: '/create', element: <p>Create screen</p> }, { path: '/gallery', element: <p>Gallery page</p> }] },
          { path: '/overview', element: <p>Overview</p> },
        ],
      },
    ],
    { path, auth: signedInAuth() },
  );
}

const gallery = () => screen.queryByRole('dialog', { name: 'Gallery' });

describe('GalleryModal', () => {
  it('opens from the header in organize mode; the rail switches modes without navigating; Escape closes it', async () => {
    const { router } = renderShell('/create');
    await userEvent.click(screen.getByRole('button', { name: 'Gallery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gallery' });
    // The gallery's code loads on first opening.
    expect(await within(dialog).findByRole('region', { name: 'Gallery: Organize' })).toBeInTheDocument();

    const rail = within(dialog).getByRole('navigation', { name: 'Workspace' });
    await userEvent.click(within(rail).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByRole('region', { name: 'Gallery: Create batches' })).toBeInTheDocument();
    expect(within(rail).getByRole('button', { name: 'Create' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(rail).getByRole('button', { name: 'Upscale' }));
    expect(within(dialog).getByRole('region', { name: 'Gallery: Upscaled images' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/create');

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(gallery()).not.toBeInTheDocument());
    expect(screen.getByText('Create screen')).toBeInTheDocument();
  });

  it('reopens in organize mode and closes with its Close gallery button', async () => {
    renderShell('/create');
    await userEvent.click(screen.getByRole('button', { name: 'Gallery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gallery' });
    await within(dialog).findByRole('region', { name: 'Gallery: Organize' });
    await userEvent.click(within(within(dialog).getByRole('navigation', { name: 'Workspace' })).getByRole('button', { name: 'Tweak' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close gallery' }));
    await waitFor(() => expect(gallery()).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Gallery' }));
    expect(await within(await screen.findByRole('dialog', { name: 'Gallery' })).findByRole('region', { name: 'Gallery: Organize' })).toBeInTheDocument();
  });

  it('closes on a route change', async () => {
    const { router } = renderShell('/create');
    await userEvent.click(screen.getByRole('button', { name: 'Gallery' }));
    await screen.findByRole('dialog', { name: 'Gallery' });
    await router.navigate('/overview');
    await waitFor(() => expect(gallery()).not.toBeInTheDocument());
    expect(screen.getByText('Overview')).toBeInTheDocument();
  });

  it('shows the empty state of the mode when there is nothing yet', async () => {
    renderShell('/create');
    await userEvent.click(screen.getByRole('button', { name: 'Gallery' }));
    const dialog = await screen.findByRole('dialog', { name: 'Gallery' });
    expect(await within(dialog).findByText('Your renders will gather here')).toBeInTheDocument();
  });
});
