import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { freeSubscription, renderWithRouter, signedInAuth } from '../../../test/factories';
import { storeTeamId } from '../../teams/store/storedWorkspace';
import { RequireActivePlan } from './RequireActivePlan';

const routes = [
  { path: '/subscription', element: <p>plans page</p> },
  { element: <RequireActivePlan />, children: [{ path: '/create', element: <p>create page</p> }] },
];

describe('RequireActivePlan', () => {
  it('sends a FREE account in its personal workspace to the plans page', async () => {
    renderWithRouter(routes, { path: '/create', auth: signedInAuth({ subscription: freeSubscription() }) });
    expect(await screen.findByText('plans page')).toBeInTheDocument();
  });

  it("lets a FREE account work in a team workspace: the team's pool pays", async () => {
    storeTeamId(7);
    renderWithRouter(routes, { path: '/create', auth: signedInAuth({ subscription: freeSubscription() }) });
    expect(await screen.findByText('create page')).toBeInTheDocument();
  });
});
