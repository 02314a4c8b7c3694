import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../app/store';
import { toastWithAction } from '../../../components/ui/toast';
import { signedInAuth } from '../../../test/factories';
import { updateCredits } from '../../auth';
import { CREDITS_DEPLETED_MESSAGE, lowCreditMessage } from '../creditWarning';
import { fakeApi } from '../../teams/test-helpers';
import { workspaceSelected } from '../../teams/store/workspaceSlice';
import { useCreditWarnings } from './useCreditWarnings';

vi.mock('../../../components/ui/toast', () => ({ toastWithAction: vi.fn() }));

function Probe() {
  useCreditWarnings();
  return null;
}

function setup(credits: number) {
  const store = makeStore({ auth: signedInAuth({ credits }) });
  const router = createMemoryRouter([{ path: '*', element: <Probe /> }, { path: '/subscription', element: <p>plans</p> }]);
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router };
}

describe('useCreditWarnings', () => {
  beforeEach(() => {
    vi.mocked(toastWithAction).mockClear();
    vi.useFakeTimers();
  });

  it('does not warn about the balance it starts with', () => {
    setup(3);
    act(() => vi.advanceTimersByTime(2000));
    expect(toastWithAction).not.toHaveBeenCalled();
  });

  it('warns at once, for 6 s, with Upgrade Now when credits run out', async () => {
    const { store, router } = setup(5);
    act(() => {
      store.dispatch(updateCredits(0));
    });
    expect(toastWithAction).toHaveBeenCalledWith(
      CREDITS_DEPLETED_MESSAGE,
      expect.objectContaining({ duration: 6000, actionLabel: 'Upgrade Now' }),
    );
    const { onAction } = vi.mocked(toastWithAction).mock.calls[0][1];
    await act(async () => onAction());
    expect(router.state.location.pathname).toBe('/subscription');
  });

  it('warns after 1 s, for 5 s, with View Plans when the balance falls to 10 or fewer', () => {
    const { store } = setup(40);
    act(() => {
      store.dispatch(updateCredits(8));
    });
    act(() => vi.advanceTimersByTime(999));
    expect(toastWithAction).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(toastWithAction).toHaveBeenCalledWith(lowCreditMessage(8), expect.objectContaining({ duration: 5000, actionLabel: 'View Plans' }));
  });

  it('stays quiet when credits go up', () => {
    const { store } = setup(2);
    act(() => {
      store.dispatch(updateCredits(9));
    });
    act(() => vi.advanceTimersByTime(2000));
    expect(toastWithAction).not.toHaveBeenCalled();
  });

  it("in a team, warns when the team's pool runs low; a switch is no spending and stays quiet", async () => {
    fakeApi(({ path, workspace }) => (path === '/credits' ? { credits: workspace === 'team:7' ? 5 : 40, purchasedCredits: 0, planCredits: 0, allowance: 1000 } : []));
    const { store } = setup(40);
    act(() => {
      store.dispatch(workspaceSelected(7));
    });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(store.getState().workspace.teamId).toBe(7);
    expect(toastWithAction).not.toHaveBeenCalled();

    // A render in the team spends from the pool (the reply's balance is the pool's).
    act(() => {
      store.dispatch(updateCredits(3));
    });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(toastWithAction).toHaveBeenCalledWith(lowCreditMessage(3), expect.objectContaining({ actionLabel: 'View Plans' }));
  });
});
