import { customerManagementApi as cm, type UserMe } from '@boon/contracts';
import { axeViolations } from '@boon/ui/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore, useFeatureToggleStore } from '@boon/console-kit/shell';
import {
  acmeTeam,
  apiError,
  fakeAuth,
  invite,
  meOf,
  mockApi,
  mockEndpoint,
  olivia,
  ownerMe,
  recordedCall,
  renderConsole,
  serveSession,
  serveTeam,
  adam,
  type RecordedCall,
} from '@boon/console-kit/testing';

/** Acme's owner, who has not hidden the checklist. */
function newOwner(overrides: Partial<UserMe> = {}): UserMe {
  const me = meOf(olivia);
  return {
    ...me,
    options: { ...me.options, gettingStartedDismissed: false, introWatched: false },
    ...overrides,
  };
}

/** PATCH /user/me/options as the server answers it: the user with the options changed. */
function serveOptions(me: UserMe, { failing = false }: { failing?: boolean } = {}) {
  const calls: RecordedCall[] = [];
  let current = me;
  mockApi(
    mockEndpoint(cm.updateUserOptions, (request) => {
      calls.push(recordedCall(cm.updateUserOptions, request));
      if (failing) return apiError('service_unavailable');
      const { gettingStartedDismissed, introWatched } = request.body;
      current = {
        ...current,
        options: {
          ...current.options,
          ...(gettingStartedDismissed ? { gettingStartedDismissed } : {}),
          ...(introWatched ? { introWatched } : {}),
        },
      };
      return current;
    }),
  );
  return calls;
}

const checklist = () => screen.getByRole('region', { name: 'Get started with Boon' });
const item = (title: string) => {
  const heading = within(checklist()).getByRole('heading', { level: 3, name: new RegExp(title) });
  const row = heading.closest('li');
  if (!row) throw new Error(`no item ${title}`);
  return within(row);
};

beforeEach(() => {
  localStorage.clear();
  useAppStore.getState().reset();
  useFeatureToggleStore.getState().resetToggles();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Home's getting-started checklist", () => {
  it('shows a new owner what is left, each with the way to do it', async () => {
    serveTeam({ me: newOwner(), members: [olivia], invites: [] });
    await renderConsole('/', fakeAuth());

    expect(await screen.findByRole('region', { name: 'Get started with Boon' })).toBeVisible();
    expect(within(checklist()).getByText('0 of 3 done')).toBeVisible();
    expect(
      within(checklist())
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Invite your team', 'Turn on two-factor authentication', 'Watch the intro']);
    await waitFor(() =>
      expect(
        item('Invite your team').getByRole('link', { name: 'Invite team member' }),
      ).toHaveAttribute('href', '/team/invite'),
    );
    const twoFactor = item('two-factor').getByRole('link', {
      name: 'Set up two-factor authentication',
    });
    const target = new URL(twoFactor.getAttribute('href') ?? '');
    expect(target.pathname).toMatch(/\/account\/two-factor$/);
    // The provider sends the user back to Home.
    expect(target.searchParams.get('return_to')).toBe(`${window.location.origin}/`);
    expect(item('Watch the intro').getByRole('button', { name: 'Watch the intro' })).toBeVisible();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('derives what is done from the data: a team, a second factor', async () => {
    serveTeam({
      me: newOwner({ mfaEnabled: true }),
      members: [olivia],
      invites: [invite('newbie@acme.test', ['viewer'])],
    });
    await renderConsole('/', fakeAuth());
    await waitFor(() => expect(within(checklist()).getByText('2 of 3 done')).toBeVisible());
    expect(item('Invite your team').getByText('Done')).toBeVisible();
    expect(item('Invite your team').queryByRole('link')).toBeNull();
    expect(item('two-factor').getByText('Done')).toBeVisible();
    expect(item('two-factor').queryByRole('link')).toBeNull();
    expect(item('Watch the intro').queryByText('Done')).toBeNull();
  });

  it('counts the intro watched once the video has played to its end', async () => {
    const user = userEvent.setup();
    const me = newOwner({ mfaEnabled: true });
    serveTeam({ me, members: acmeTeam });
    const calls = serveOptions(me);
    await renderConsole('/', fakeAuth());
    await waitFor(() => expect(within(checklist()).getByText('2 of 3 done')).toBeVisible());

    const watch = item('Watch the intro').getByRole('button', { name: 'Watch the intro' });
    await user.click(watch);
    const dialog = screen.getByRole('dialog', { name: 'Watch the intro' });
    const video = dialog.querySelector('video');
    expect(video).not.toBeNull();
    expect(within(dialog).getByRole('heading', { name: 'Home walkthrough' })).toBeVisible();
    // Opening it is not watching it.
    expect(calls).toEqual([]);
    fireEvent.ended(video as HTMLVideoElement);
    await waitFor(() => expect(calls.map((call) => call.body)).toEqual([{ introWatched: true }]));
    await user.click(within(dialog).getByRole('button', { name: 'Back to Home' }));
    expect(
      await within(checklist()).findByText("You're all set. You can hide this checklist."),
    ).toBeVisible();
    // Focus goes back to the button that opened the video.
    expect(item('Watch the intro').getByRole('button', { name: 'Watch again' })).toHaveFocus();
  });

  it('hides for good when asked: kept with the user, focus on the page heading', async () => {
    const user = userEvent.setup();
    const me = newOwner();
    serveTeam({ me, members: acmeTeam });
    const calls = serveOptions(me);
    await renderConsole('/', fakeAuth());
    await user.click(within(checklist()).getByRole('button', { name: 'Hide this checklist' }));

    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Get started with Boon' })).toBeNull(),
    );
    expect(calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['PATCH', '/user/me/options', { gettingStartedDismissed: true }],
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome, Olivia' })).toHaveFocus();
  });

  it('says so when hiding fails, and stays', async () => {
    const user = userEvent.setup();
    const me = newOwner();
    serveTeam({ me, members: acmeTeam });
    serveOptions(me, { failing: true });
    await renderConsole('/', fakeAuth());
    await user.click(within(checklist()).getByRole('button', { name: 'Hide this checklist' }));
    expect(await within(checklist()).findByRole('alert')).toHaveTextContent(
      "We couldn't save that. Boon isn't available right now. Try again in a few minutes.",
    );
  });

  it.each<[string, UserMe]>([
    [
      'an owner who hid it (in another browser, too)',
      newOwner({ options: { ...ownerMe.options, gettingStartedDismissed: true } }),
    ],
    ['an admin', { ...newOwner(), ...meOf(adam), options: { ...newOwner().options } }],
  ])('is not shown to %s, and asks nothing for it', async (_case, me) => {
    const { teamCalls } = serveTeam({ me });
    await renderConsole('/', fakeAuth());
    expect(await screen.findByRole('heading', { level: 1, name: /Welcome/ })).toBeVisible();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'Get started with Boon' })).toBeNull();
    expect(teamCalls()).toEqual([]);
  });
});

describe("Staff's Home: the approval queue", () => {
  const staffMe = { ...ownerMe, isStaff: true, customerIds: [], roles: [], permissions: [] };

  it('counts the companies waiting and links to the pending list', async () => {
    const requests: URLSearchParams[] = [];
    serveSession(null, staffMe);
    mockApi(
      mockEndpoint(cm.listPendingCustomers, ({ url }) => {
        requests.push(url.searchParams);
        return { items: [], nextCursor: null };
      }),
    );
    await renderConsole('/', fakeAuth());
    const queue = await screen.findByRole('region', { name: 'Approval queue' });
    expect(await within(queue).findByText('No companies are waiting for approval.')).toBeVisible();
    expect(within(queue).getByRole('link', { name: 'Review pending customers' })).toHaveAttribute(
      'href',
      '/admin/pending-customers',
    );
    expect(requests[0]?.get('status')).toBe('PENDING');
    expect(requests[0]?.get('limit')).toBe('100');
    // Staff have no customer of their own to be told about.
    expect(screen.queryByText("You don't belong to a customer yet.")).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);
  });
});
