import { axeViolations } from '@boon/ui/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  useAppStore,
  renderConsole,
  pendingCustomer,
  serveOnboarding,
  signedInAs,
  userWithoutCustomer,
} from '@boon/console-kit/testing';

async function openTakingLong(task: 'STARTED' | 'ERROR' = 'STARTED') {
  const server = serveOnboarding({
    user: userWithoutCustomer(),
    pendingCustomer: pendingCustomer('NEW', task),
  });
  const view = await renderConsole('/onboard/taking-long', signedInAs('nina@initech.test'));
  return { ...view, server, polls: () => server.callsTo('GET', '/onboarding-state').length };
}

/** Lets `ms` of (fake) time pass, running the timers and the promises they start. */
async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('/onboard/taking-long', () => {
  beforeEach(() => {
    localStorage.clear();
    useAppStore.getState().reset();
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says the account is being set up, with progress shown', async () => {
    await openTakingLong();

    expect(
      await screen.findByRole('heading', { level: 1, name: "We're setting up your account" }),
    ).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      "We're getting Initech ready. This usually takes less than a minute",
    );
    expect(screen.getByRole('progressbar', { name: 'Setting up your account' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Log out' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('polls the onboarding state after 10, 15, then every 20 seconds', async () => {
    const { polls } = await openTakingLong();
    await screen.findByText(/We're getting Initech ready/);
    const atStart = polls();

    await pass(9_900);
    expect(polls()).toBe(atStart);
    await pass(200);
    expect(polls()).toBe(atStart + 1);
    await pass(14_800);
    expect(polls()).toBe(atStart + 1);
    await pass(200);
    expect(polls()).toBe(atStart + 2);
    await pass(19_800);
    expect(polls()).toBe(atStart + 2);
    await pass(200);
    expect(polls()).toBe(atStart + 3);
    await pass(20_000);
    expect(polls()).toBe(atStart + 4);
  });

  it('moves on to pending-confirmation once the set-up is complete', async () => {
    const { router, server } = await openTakingLong();
    await screen.findByText(/We're getting Initech ready/);

    server.state.pendingCustomer = pendingCustomer('PENDING', 'COMPLETE');
    await pass(10_100);

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/onboard/pending-confirmation'),
    );
    expect(
      await screen.findByRole('heading', { name: "Thanks! We're verifying your company" }),
    ).toBeVisible();
  });

  it('says so when the set-up failed, and checks again on request', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { router, server, polls } = await openTakingLong('ERROR');

    expect(
      await screen.findByRole('heading', { name: "We couldn't finish setting up your account" }),
    ).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    const before = polls();
    await pass(60_000);
    expect(polls()).toBe(before);

    server.state.pendingCustomer = pendingCustomer('PENDING', 'COMPLETE');
    await user.click(screen.getByRole('button', { name: 'Check again' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/onboard/pending-confirmation'),
    );
  });

  it('keeps polling through a failed check, and says so meanwhile', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { router, server } = await openTakingLong();
    await screen.findByText(/We're getting Initech ready/);

    server.state.failWith = 'service_unavailable';
    await pass(10_100);
    expect(await screen.findByText(/We couldn't check on your account/)).toBeVisible();

    server.state.failWith = null;
    server.state.pendingCustomer = pendingCustomer('PENDING', 'COMPLETE');
    await pass(15_100);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/onboard/pending-confirmation'),
    );
  });
});
