import { BILLING_MESSAGES, type PricingPlan, type PricingResponse } from '@atelier/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSubscription, freeSubscription, json, renderWithRouter, signedInAuth } from '../../../test/factories';
import { browser } from '../billingService';
import { SubscriptionPage } from './SubscriptionPage';
import { RequireActivePlan } from '../../auth/components/RequireActivePlan';
import { PLAN_REQUIRED_TITLE } from './PlanRequiredNotice';

function plan(planType: PricingPlan['planType'], monthly: number, yearly: number, credits: number, isEducational = false): PricingPlan {
  const name = { STARTER: 'Starter Plan', EXPLORER: 'Explorer Plan', PRO: 'Pro Plan' }[planType];
  return {
    planType,
    name,
    description: `${name} description`,
    credits,
    prices: { monthly, yearly },
    currency: 'EUR',
    isEducational,
    features: [...(isEducational ? [`${credits} credits per month`] : []), 'Shared Purchased Compute resource', 'Access all features'],
  };
}

const pricing = (isStudent = false): PricingResponse => ({
  regularPlans: [plan('STARTER', 1900, 18200, 50), plan('EXPLORER', 4900, 47000, 150), plan('PRO', 9900, 95000, 1000)],
  educationalPlans: [plan('STARTER', 1400, 13700, 50, true), plan('EXPLORER', 3700, 35300, 150, true), plan('PRO', 7400, 71300, 1000, true)],
  isStudent,
});

interface Handlers {
  plans?: () => Response | Promise<Response>;
  checkout?: (body: unknown) => Response | Promise<Response>;
  portal?: () => Response;
  subscription?: () => Response;
}

function serve(auth = signedInAuth({ subscription: freeSubscription(), credits: 0 }), handlers: Handlers = {}, entry = '/subscription') {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    // fetchBaseQuery hands fetch a Request.
    const request = input instanceof Request ? input : new Request(String(input));
    const path = new URL(request.url).pathname;
    if (path === '/api/subscription/plans') return handlers.plans ? handlers.plans() : json(pricing());
    if (path === '/api/subscription') return handlers.subscription ? handlers.subscription() : json(auth.subscription);
    if (path === '/api/subscription/checkout') {
      const body = await request.json();
      return handlers.checkout ? handlers.checkout(body) : json({ url: '/checkout/test?session=chk_1' });
    }
    if (path === '/api/subscription/portal') return handlers.portal ? handlers.portal() : json({ url: '/billing/portal-test' });
    return json({ message: 'not found', code: 'NOT_FOUND' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  const routes = [
    { path: '/subscription', element: <SubscriptionPage /> },
    { element: <RequireActivePlan />, children: [{ path: '/create', element: <p>create page</p> }] },
  ];
  const utils = renderWithRouter(routes, { path: entry, auth });
  return { ...utils, fetchMock };
}

const card = (name: string) => screen.getByRole('region', { name });

describe('SubscriptionPage', () => {
  let assign: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows a spinner, then a card per plan with yearly prices by default', async () => {
    serve();
    expect(screen.getByRole('status', { name: 'Loading plans' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Choose your plan' });
    expect(screen.getByRole('radio', { name: 'Yearly' })).toHaveAttribute('aria-checked', 'true');
    const explorer = card('Explorer');
    expect(within(explorer).getByText('€470')).toBeInTheDocument();
    expect(within(explorer).getByText('/Year')).toBeInTheDocument();
    expect(within(explorer).getByText('€39.17')).toBeInTheDocument();
    expect(within(explorer).getByText('Billed yearly')).toBeInTheDocument();
    expect(within(explorer).getByText('1,800 credits per year')).toBeInTheDocument();
    expect(within(explorer).getByText('Shared Purchased Compute resource')).toBeInTheDocument();
    expect(within(explorer).getByText('Access all features')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Upgrade Plan' })).toHaveLength(3);
  });

  it('says why when Create sends a user without a plan here (e.g. right after verifying)', async () => {
    serve(undefined, {}, '/create');
    await screen.findByRole('heading', { name: 'Choose your plan' });
    expect(screen.queryByText('create page')).not.toBeInTheDocument();
    expect(screen.getByText(PLAN_REQUIRED_TITLE)).toBeInTheDocument();
  });

  it('goes straight on to Create after a successful payment, as the notice promises', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const first = serve(undefined, {}, '/create');
    await screen.findByRole('heading', { name: 'Choose your plan' });
    expect(screen.getByText(/once it is paid you go straight on to Create/)).toBeInTheDocument();
    await userEvent.click(within(card('Explorer')).getByRole('button', { name: 'Upgrade Plan' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/test?session=chk_1'));
    first.unmount();

    // The test checkout completed and sent the browser back; the plan is active on the server.
    const paid = createSubscription({ planType: 'EXPLORER', billingCycle: 'YEARLY' });
    const back = serve(signedInAuth({ subscription: freeSubscription(), credits: 0 }), { subscription: () => json(paid) }, '/subscription?checkout=success');
    await waitFor(() => expect(back.router.state.location.pathname).toBe('/create'));
    expect(await screen.findByText('create page')).toBeInTheDocument();
    expect(back.store.getState().auth.subscription?.planType).toBe('EXPLORER');
  });

  it('stays on the plans page after paying when it was opened directly', async () => {
    sessionStorage.clear();
    const paid = createSubscription({ planType: 'EXPLORER', billingCycle: 'YEARLY' });
    const { router } = serve(signedInAuth({ subscription: freeSubscription(), credits: 0 }), { subscription: () => json(paid) }, '/subscription?checkout=success');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/subscription');
  });

  it('shows no such notice when the plans page is opened directly', async () => {
    serve();
    await screen.findByRole('heading', { name: 'Choose your plan' });
    expect(screen.queryByText(PLAN_REQUIRED_TITLE)).not.toBeInTheDocument();
  });

  it('switches to monthly prices and credits per month', async () => {
    serve();
    await screen.findByRole('heading', { name: 'Choose your plan' });
    await userEvent.click(screen.getByRole('radio', { name: 'Monthly' }));
    const starter = card('Starter');
    expect(within(starter).getByText('€19')).toBeInTheDocument();
    expect(within(starter).getByText('/Month')).toBeInTheDocument();
    expect(within(starter).getByText('50 credits per month')).toBeInTheDocument();
    expect(within(starter).queryByText('Billed yearly')).not.toBeInTheDocument();
  });

  it("starts on the subscription's cycle and marks the current plan with its next billing date", async () => {
    const sub = createSubscription({ planType: 'EXPLORER', billingCycle: 'MONTHLY', currentPeriodEnd: '2026-12-05T10:00:00Z' });
    serve(signedInAuth({ subscription: sub }));
    await screen.findByRole('heading', { name: 'Choose your plan' });
    expect(screen.getByRole('radio', { name: 'Monthly' })).toHaveAttribute('aria-checked', 'true');
    const explorer = card('Explorer');
    expect(within(explorer).getByText('Current Plan')).toBeInTheDocument();
    expect(within(explorer).getByText('Next billing')).toBeInTheDocument();
    expect(within(explorer).getByText('Dec 5, 2026')).toBeInTheDocument();
    expect(within(explorer).getByRole('button', { name: 'Manage Subscription' })).toBeInTheDocument();
    expect(within(card('Starter')).getByRole('button', { name: 'Downgrade (via Portal)' })).toBeInTheDocument();
    expect(within(card('Pro')).getByRole('button', { name: 'Upgrade Plan' })).toBeInTheDocument();
    // The same plan on the other cycle is an upgrade.
    await userEvent.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(within(card('Explorer')).getByRole('button', { name: 'Upgrade Plan' })).toBeInTheDocument();
    expect(within(card('Explorer')).queryByText('Current Plan')).not.toBeInTheDocument();
  });

  it("starts checkout for the card and cycle, shows 'Loading...', and goes to the checkout url", async () => {
    let release: (r: Response) => void = () => undefined;
    let sent: unknown;
    serve(undefined, {
      checkout: (body) => {
        sent = body;
        return new Promise<Response>((resolve) => {
          release = resolve;
        });
      },
    });
    await screen.findByRole('heading', { name: 'Choose your plan' });
    await userEvent.click(within(card('Explorer')).getByRole('button', { name: 'Upgrade Plan' }));
    const busy = await within(card('Explorer')).findByRole('button', { name: 'Loading...' });
    expect(busy).toBeDisabled();
    expect(within(card('Pro')).getByRole('button', { name: 'Upgrade Plan' })).toBeDisabled();
    release(json({ url: '/checkout/test?session=chk_9' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/checkout/test?session=chk_9'));
    expect(sent).toEqual({ planType: 'EXPLORER', billingCycle: 'YEARLY', isEducational: false });
  });

  it("shows 'Failed to start upgrade process' when checkout fails and frees the button", async () => {
    const error = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(undefined, { checkout: () => json({ message: 'boom', code: 'INTERNAL' }, 500) });
    await screen.findByRole('heading', { name: 'Choose your plan' });
    await userEvent.click(within(card('Pro')).getByRole('button', { name: 'Upgrade Plan' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(BILLING_MESSAGES.failedToStartUpgrade));
    expect(within(card('Pro')).getByRole('button', { name: 'Upgrade Plan' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('opens the portal from Manage Subscription', async () => {
    const sub = createSubscription({ planType: 'PRO', billingCycle: 'YEARLY' });
    serve(signedInAuth({ subscription: sub }), { portal: () => json({ url: 'https://billing.stripe.com/p/session/x' }) });
    await screen.findByRole('heading', { name: 'Choose your plan' });
    await userEvent.click(within(card('Pro')).getByRole('button', { name: 'Manage Subscription' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.com/p/session/x'));
  });

  it("shows 'Failed to open subscription management' when the portal fails", async () => {
    const error = vi.spyOn(toast, 'error');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve(signedInAuth({ subscription: createSubscription({ planType: 'PRO', billingCycle: 'YEARLY' }) }), {
      portal: () => json({ message: 'down', code: 'PAYMENT_PROVIDER_ERROR' }, 502),
    });
    await screen.findByRole('heading', { name: 'Choose your plan' });
    await userEvent.click(within(card('Starter')).getByRole('button', { name: 'Downgrade (via Portal)' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(BILLING_MESSAGES.failedToOpenPortal));
  });

  it("toasts 'Failed to load pricing plans' and ends the spinner when plans cannot load", async () => {
    const error = vi.spyOn(toast, 'error');
    serve(undefined, { plans: () => json({ message: 'down', code: 'INTERNAL' }, 500) });
    await waitFor(() => expect(error).toHaveBeenCalledWith(BILLING_MESSAGES.failedToLoadPlans));
    expect(screen.queryByRole('status', { name: 'Loading plans' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  describe('educational plans dialog', () => {
    it('shows the notice and disabled buttons to a non-student', async () => {
      serve();
      await screen.findByRole('heading', { name: 'Choose your plan' });
      await userEvent.click(screen.getByRole('button', { name: 'View Plans for Students & Educators' }));
      const dialog = await screen.findByRole('dialog', { name: 'Educational Plans' });
      expect(within(dialog).getByText('Exclusive pricing for students and educators')).toBeInTheDocument();
      expect(within(dialog).getByText('Save 25%')).toBeInTheDocument();
      expect(within(dialog).getAllByText('Student')).toHaveLength(3);
      expect(within(dialog).getByText('Student Verification Required', { selector: 'p' })).toBeInTheDocument();
      const buttons = within(dialog).getAllByRole('button', { name: 'Student Verification Required' });
      expect(buttons).toHaveLength(3);
      buttons.forEach((b) => expect(b).toBeDisabled());
      expect(within(dialog).getByText('€137')).toBeInTheDocument();
      expect(within(dialog).getByText('1000 credits per month')).toBeInTheDocument();
    });

    it("lets a student buy: 'Get {plan} Plan', then 'Processing...'", async () => {
      let sent: unknown;
      serve(undefined, {
        plans: () => json(pricing(true)),
        checkout: (body) => {
          sent = body;
          return new Promise<Response>(() => undefined);
        },
      });
      await screen.findByRole('heading', { name: 'Choose your plan' });
      await userEvent.click(screen.getByRole('button', { name: 'View Plans for Students & Educators' }));
      const dialog = await screen.findByRole('dialog', { name: 'Educational Plans' });
      expect(within(dialog).queryByText('Student Verification Required')).not.toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Monthly' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Get EXPLORER Plan' }));
      expect(await within(dialog).findByRole('button', { name: 'Processing...' })).toBeDisabled();
      await waitFor(() => expect(sent).toEqual({ planType: 'EXPLORER', billingCycle: 'MONTHLY', isEducational: true }));
    });

    it('toasts the spec text when the server refuses an educational checkout', async () => {
      const error = vi.spyOn(toast, 'error');
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      serve(undefined, {
        plans: () => json(pricing(true)),
        checkout: () => json({ message: BILLING_MESSAGES.educationalOnlyForStudents, code: 'STUDENT_VERIFICATION_REQUIRED' }, 403),
      });
      await screen.findByRole('heading', { name: 'Choose your plan' });
      await userEvent.click(screen.getByRole('button', { name: 'View Plans for Students & Educators' }));
      const dialog = await screen.findByRole('dialog', { name: 'Educational Plans' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Get PRO Plan' }));
      await waitFor(() => expect(error).toHaveBeenCalledWith(BILLING_MESSAGES.educationalOnlyForStudents));
      expect(within(dialog).getByRole('button', { name: 'Get PRO Plan' })).toBeEnabled();
    });
  });
});
