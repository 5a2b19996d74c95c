import { customerManagementApi as cm, type Endpoint, type UserMe } from '@boon/contracts';
import { axeViolations } from '@boon/ui/testing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import {
  type ApiClient,
  ApiClientProvider,
  ApiError,
  contactEmails,
  links,
  userMeQueryKey,
} from '@boon/console-kit';
import { useAppStore, useFeatureToggleStore } from '@boon/console-kit/shell';
import { ConsentModal } from './consent-modal';

const reportError = vi.hoisted(() => vi.fn());
vi.mock('../../../monitoring/monitoring', () => ({ reportError }));

const FAILURE_TEXT = `There was a problem in processing the terms and conditions. Please try again or contact ${contactEmails.support} if the problem persists.`;

const fresh: UserMe = {
  id: 'U-FRESH001',
  firstName: 'Frankie',
  lastName: 'Fresh',
  emailAddress: 'fresh@acme.test',
  emailVerified: true,
  isStaff: false,
  customerIds: ['C-ACME0001'],
  roles: ['admin'],
  permissions: ['read:orders', 'write:orders'],
  options: {
    useBalancesTncAccepted: true,
    dataProcessingTncAccepted: null,
    gettingStartedDismissed: false,
    introWatched: false,
  },
  mfaEnabled: false,
};

type Request = Mock<(endpoint: Endpoint, options?: unknown) => Promise<unknown>>;

function answered(accepted: boolean): UserMe {
  return { ...fresh, options: { ...fresh.options, dataProcessingTncAccepted: accepted } };
}

/** Signs in the fresh user as the session sync would: store and /user/me cache. */
function signInFresh(queryClient: QueryClient) {
  useAppStore.setState({ customerId: 'C-ACME0001' });
  useAppStore.getState().setUser(fresh);
  queryClient.setQueryData(userMeQueryKey('C-ACME0001'), fresh);
}

function renderModal(request: Request) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  signInFresh(queryClient);
  const api = { call: request } as unknown as ApiClient;
  const view = render(
    <QueryClientProvider client={queryClient}>
      <ApiClientProvider client={api}>
        <main>
          <button type="button">Somewhere on the page</button>
        </main>
        <ConsentModal />
      </ApiClientProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/** The text a sighted user reads: the screen-reader-only hints left out. */
function visibleText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('.sr-only').forEach((hint) => hint.remove());
  return copy.textContent ?? '';
}

describe('ConsentModal', () => {
  let request: Request;

  beforeEach(() => {
    localStorage.clear();
    useAppStore.getState().reset();
    useFeatureToggleStore.getState().resetToggles();
    reportError.mockClear();
    request = vi.fn(async (_endpoint: Endpoint, options?: unknown) => {
      const body = (options as { body: { dataProcessingTncAccepted: boolean } }).body;
      return answered(body.dataProcessingTncAccepted);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks a user who has not answered, 626 px wide, with Decline and Accept', async () => {
    renderModal(request);

    const dialog = screen.getByRole('dialog', { name: 'Your Privacy Matters to Us' });
    expect(dialog).toHaveClass('max-w-[626px]');
    expect(within(dialog).getByRole('button', { name: 'Decline' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toBeVisible();
    expect(within(dialog).getAllByRole('button')).toHaveLength(2);
    expect(dialog).toHaveTextContent('your name, email address and the companies you work for');
    const policy = within(dialog).getByRole('link', { name: /^Privacy Policy/ });
    expect(policy).toHaveAttribute('href', links.privacyPolicy);
    expect(policy).toHaveAttribute('target', '_blank');
    expect(await axeViolations()).toEqual([]);
  });

  it('has no close icon, and Escape and outside clicks leave it open', async () => {
    const user = userEvent.setup();
    renderModal(request);

    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    await user.keyboard('{Escape}');
    const overlay = document.querySelector<HTMLElement>('[data-dialog-overlay]');
    expect(overlay).not.toBeNull();
    await user.click(overlay!);

    expect(screen.getByRole('dialog', { name: 'Your Privacy Matters to Us' })).toBeVisible();
    expect(request).not.toHaveBeenCalled();
  });

  it('Accept saves true, then updates the store and the /user/me cache and closes', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderModal(request);

    await user.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(request).toHaveBeenCalledTimes(1);
    expect(request).toHaveBeenCalledWith(cm.updateUserOptions, {
      body: { dataProcessingTncAccepted: true },
    });
    expect(useAppStore.getState().dataProcessingTncAccepted).toBe(true);
    expect(queryClient.getQueryData(userMeQueryKey('C-ACME0001'))).toEqual(answered(true));
    expect(screen.queryByRole('alert')).toBeEmptyDOMElement();
  });

  it('Decline saves false and closes', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderModal(request);

    await user.click(screen.getByRole('button', { name: 'Decline' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(request).toHaveBeenCalledWith(cm.updateUserOptions, {
      body: { dataProcessingTncAccepted: false },
    });
    expect(useAppStore.getState().dataProcessingTncAccepted).toBe(false);
    expect(queryClient.getQueryData<UserMe>(userMeQueryKey('C-ACME0001'))?.options).toEqual({
      useBalancesTncAccepted: true,
      dataProcessingTncAccepted: false,
      gettingStartedDismissed: false,
      introWatched: false,
    });
  });

  it('updates the options of the user cached for other customers too', async () => {
    const user = userEvent.setup();
    const { queryClient } = renderModal(request);
    queryClient.setQueryData(userMeQueryKey('C-GLOBEX01'), { ...fresh, roles: ['viewer'] });

    await user.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() =>
      expect(
        queryClient.getQueryData<UserMe>(userMeQueryKey('C-GLOBEX01'))?.options
          .dataProcessingTncAccepted,
      ).toBe(true),
    );
    expect(queryClient.getQueryData<UserMe>(userMeQueryKey('C-GLOBEX01'))?.roles).toEqual([
      'viewer',
    ]);
  });

  it('sends one answer however often the buttons are pressed while saving', async () => {
    const user = userEvent.setup();
    let finish: (value: UserMe) => void = () => {};
    request.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    renderModal(request);

    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saving your choice…');
    expect(screen.getByRole('button', { name: 'Accept' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    act(() => finish(answered(true)));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('on failure reports the error, closes and tells the user to try again or write to support', async () => {
    const user = userEvent.setup();
    const failure = new ApiError(500, 'internal_error', 'Internal Server Error');
    request.mockRejectedValue(failure);
    renderModal(request);

    await user.click(screen.getByRole('button', { name: 'Accept' }));

    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(visibleText(alert)).toBe(FAILURE_TEXT));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(reportError).toHaveBeenCalledTimes(1);
    expect(reportError).toHaveBeenCalledWith(failure, {
      call: 'PATCH /user/me/options',
      feature: 'consent',
    });
    expect(within(alert).getByRole('link', { name: contactEmails.support })).toHaveAttribute(
      'href',
      `mailto:${contactEmails.support}`,
    );
    expect(useAppStore.getState().dataProcessingTncAccepted).toBeNull();
    expect(await axeViolations()).toEqual([]);

    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(alert).toBeEmptyDOMElement();
  });

  it('does not show once the user answered', () => {
    renderModal(request);
    act(() => useAppStore.setState({ dataProcessingTncAccepted: true }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not show before the user is loaded', () => {
    const queryClient = new QueryClient();
    render(
      <QueryClientProvider client={queryClient}>
        <ApiClientProvider client={{ call: request } as unknown as ApiClient}>
          <ConsentModal />
        </ApiClientProvider>
      </QueryClientProvider>,
    );

    expect(useAppStore.getState().userPropertiesPopulated).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not show when the enableConsentBanner toggle is off', () => {
    useFeatureToggleStore.getState().setToggle('enableConsentBanner', false);
    renderModal(request);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
