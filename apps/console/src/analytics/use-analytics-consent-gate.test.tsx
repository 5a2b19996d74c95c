import { customerManagementApi as cm, type Endpoint } from '@boon/contracts';
import type { UserMe } from '@boon/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { type ApiClient, ApiClientProvider } from '@boon/console-kit';
import { useAppStore, useFeatureToggleStore } from '@boon/console-kit/shell';
import { customer, multiUser } from '@boon/console-kit/testing';
import { track, type AnalyticsSink } from './analytics';
import { AnalyticsConsentGate } from './use-analytics-consent-gate';

const me: UserMe = multiUser({
  permissions: ['read:orders'],
  options: {
    useBalancesTncAccepted: true,
    dataProcessingTncAccepted: null,
    gettingStartedDismissed: false,
    introWatched: false,
  },
});

interface RecordingSink {
  track: Mock<AnalyticsSink['track']>;
  identify: Mock<NonNullable<AnalyticsSink['identify']>>;
}

type Request = Mock<(endpoint: Endpoint, options?: unknown) => Promise<unknown>>;

/** An API client answering the customer list and /user/me as the server does. */
function fakeApi(): { api: ApiClient; request: Request } {
  const request: Request = vi.fn(async ({ path }: Endpoint) =>
    path === '/customer' ? [customer('C-ACME0001', 'Acme Rewards Ltd')] : me,
  );
  return { api: { call: request } as unknown as ApiClient, request };
}

function renderGate(sink: RecordingSink) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { api, request } = fakeApi();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={api}>
        <AnalyticsConsentGate sink={sink} />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return { ...view, request };
}

/** Waits until /user/me has answered, so a silent sink means the gate held, not the loading. */
async function userLoaded(request: Request) {
  await waitFor(() => expect(request).toHaveBeenCalledWith(cm.getUserMe, expect.anything()));
  await act(async () => {});
}

describe('useAnalyticsConsentGate', () => {
  let sink: RecordingSink;

  beforeEach(() => {
    localStorage.clear();
    useAppStore.getState().reset();
    useAppStore.setState({ customerId: 'C-ACME0001' });
    useFeatureToggleStore.getState().resetToggles();
    sink = { track: vi.fn(), identify: vi.fn() };
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sends no events and no identity before the user consents', async () => {
    const { request } = renderGate(sink);
    await userLoaded(request);

    track('Home viewed');

    expect(sink.track).not.toHaveBeenCalled();
    expect(sink.identify).not.toHaveBeenCalled();
  });

  it('sends nothing after a Decline', async () => {
    useAppStore.setState({ dataProcessingTncAccepted: false, userPropertiesPopulated: true });
    const { request } = renderGate(sink);
    await userLoaded(request);

    track('Home viewed');

    expect(sink.track).not.toHaveBeenCalled();
  });

  it('identifies the user and sends events after Accept, dropping the earlier ones', async () => {
    const { request } = renderGate(sink);
    await userLoaded(request);
    track('Before consent');

    act(() => useAppStore.setState({ dataProcessingTncAccepted: true }));
    await waitFor(() => expect(sink.identify).toHaveBeenCalledTimes(1));
    track('After consent', { path: '/' });

    expect(sink.identify).toHaveBeenCalledWith({
      id: 'U-MULTI001',
      email: 'multi@acme.test',
      firstName: 'Morgan',
      lastName: 'Multi',
      customerIds: 'C-ACME0001,C-GLOBEX01',
    });
    expect(sink.track.mock.calls).toEqual([['After consent', { path: '/' }]]);
  });

  it('tracks without consent when the enableConsentBanner toggle is off', async () => {
    useFeatureToggleStore.getState().setToggle('enableConsentBanner', false);
    renderGate(sink);

    await waitFor(() => expect(sink.identify).toHaveBeenCalledTimes(1));
    track('Home viewed');

    expect(useAppStore.getState().dataProcessingTncAccepted).toBeNull();
    expect(sink.track).toHaveBeenCalledWith('Home viewed', undefined);
  });

  it('stops when the consent toggle is switched back on for a user who never answered', async () => {
    useFeatureToggleStore.getState().setToggle('enableConsentBanner', false);
    renderGate(sink);
    await waitFor(() => expect(sink.identify).toHaveBeenCalled());

    act(() => useFeatureToggleStore.getState().setToggle('enableConsentBanner', true));
    track('Home viewed');

    expect(sink.track).not.toHaveBeenCalled();
  });

  it('stops when the layout unmounts (logout)', async () => {
    useAppStore.setState({ dataProcessingTncAccepted: true });
    const { unmount } = renderGate(sink);
    await waitFor(() => expect(sink.identify).toHaveBeenCalled());

    unmount();
    track('After logout');

    expect(sink.track).not.toHaveBeenCalled();
  });
});
