import { axeViolations } from '@boon/ui/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  useAppStore,
  useFeatureToggleStore,
  fakeAuth,
  renderConsole,
  meOf,
  serveTeam,
  vera,
} from '@boon/console-kit/testing';

async function openInviteSent(search: string) {
  const view = await renderConsole(`/team/invite-sent${search}`, fakeAuth());
  await screen.findByRole('heading', { level: 1, name: 'Invite sent' });
  return view;
}

beforeEach(() => {
  localStorage.clear();
  useAppStore.getState().reset();
  useFeatureToggleStore.getState().resetToggles();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('InviteSentPage (/team/invite-sent)', () => {
  it('names the address and how long the invite is valid', async () => {
    serveTeam();
    await openInviteSent('?email=newbie%40acme.test');

    expect(document.title).toBe('Invite sent · Boon');
    expect(screen.getByText(/We sent an invite to/)).toHaveTextContent(
      'We sent an invite to newbie@acme.test.',
    );
    expect(screen.getByText(/valid for 7 days/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Invite another' })).toHaveAttribute(
      'href',
      '/team/invite',
    );
    expect(screen.getByRole('link', { name: 'Back to team' })).toHaveAttribute('href', '/team');
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it.each([
    ['no address', ''],
    ['something that is not an address', '?email=%3Cb%3Ehello%3C%2Fb%3E'],
    ['an address without a domain suffix', '?email=newbie%40acme'],
  ])('does not echo %s', async (_case, search) => {
    serveTeam();
    await openInviteSent(search);

    expect(screen.queryByText(/We sent an invite to/)).toBeNull();
    expect(screen.queryByText(/hello/)).toBeNull();
    expect(screen.getByText(/does not say which address/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to team' })).toBeVisible();
  });

  it('leads to another invite and back to the team', async () => {
    const user = userEvent.setup();
    serveTeam();
    const { router } = await openInviteSent('?email=newbie%40acme.test');

    await user.click(screen.getByRole('link', { name: 'Invite another' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/team/invite'));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Invite team member' }),
    ).toBeVisible();
    // A fresh form, not the last address.
    expect(screen.getByRole('textbox', { name: /E-mail address/ })).toHaveValue('');

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/team'));
    await router.navigate({ to: '/team/invite-sent', search: { email: 'newbie@acme.test' } });
    await user.click(await screen.findByRole('link', { name: 'Back to team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/team'));
  });

  it('is refused to a user who may not invite', async () => {
    serveTeam({ me: meOf(vera) });
    const { router } = await renderConsole(
      '/team/invite-sent?email=newbie%40acme.test',
      fakeAuth(),
    );

    expect(router.state.location.pathname).toBe('/');
  });
});
