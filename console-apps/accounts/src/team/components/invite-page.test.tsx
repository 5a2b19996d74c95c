import { axeViolations } from '@boon/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  useAppStore,
  useFeatureToggleStore,
  fakeAuth,
  renderConsole,
  ACME,
  adam,
  apiError,
  invite,
  meOf,
  serveTeam,
  vera,
} from '@boon/console-kit/testing';
import { defaultInviteRole } from './invite-page';

async function openInvite() {
  const view = await renderConsole('/team/invite', fakeAuth());
  await screen.findByRole('heading', { level: 1, name: 'Invite team member' });
  return view;
}

function emailField() {
  return screen.getByRole('textbox', { name: /E-mail address/ });
}

function roleGroup() {
  return within(screen.getByRole('radiogroup', { name: /Role/ }));
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

describe('defaultInviteRole (spec 6)', () => {
  it.each([
    [['owner'], 'admin'],
    [['owner', 'admin'], 'admin'],
    [['admin'], 'viewer'],
    [[], 'viewer'],
    [undefined, 'viewer'],
  ] as const)('an inviter with %j starts at %s', (roles, expected) => {
    expect(defaultInviteRole(roles)).toBe(expected);
  });
});

describe('InvitePage (/team/invite)', () => {
  it('offers every role but owner, each with what it may do, and Admin by default for the owner', async () => {
    serveTeam();
    await openInvite();

    expect(document.title).toBe('Invite team member · Boon');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent(
      'HomeTeamInvite team member',
    );
    const radios = roleGroup().getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Admin: Full access; can add or remove team members.',
      'Finance manager: Downloads history and statements, makes FX transfers, edits card details, and views and cancels orders.',
      'Service manager: Views merchants and applies for new ones, views and cancels orders, and downloads history and statements.',
      'Service agent: Sees transaction history and merchants, and views and cancels orders.',
      'Viewer: View-only for orders, merchants, balances, transactions and team members.',
    ]);
    expect(roleGroup().getByRole('radio', { name: /^Admin:/ })).toBeChecked();
    expect(roleGroup().queryByRole('radio', { name: /^Owner/ })).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('starts at Viewer for an inviter who is not the owner', async () => {
    serveTeam({ me: meOf(adam) });
    await openInvite();

    expect(roleGroup().getByRole('radio', { name: /^Viewer:/ })).toBeChecked();
  });

  it('is refused to a user who may not invite', async () => {
    serveTeam({ me: meOf(vera) });
    const { router } = await renderConsole('/team/invite', fakeAuth());

    expect(router.state.location.pathname).toBe('/');
  });

  it('checks the address before sending anything', async () => {
    const user = userEvent.setup();
    const { teamCalls } = serveTeam();
    await openInvite();

    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(screen.getByText('This field is required.')).toBeVisible();
    expect(emailField()).toHaveFocus();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');

    await user.type(emailField(), 'newbie@acme');
    expect(screen.getByText('Enter a valid e-mail address')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(teamCalls().some((call) => call.method === 'POST')).toBe(false);
    expect(await axeViolations(document.body)).toEqual([]);

    await user.type(emailField(), '.test');
    expect(screen.queryByText('Enter a valid e-mail address')).toBeNull();

    // Longer than an address can be (254 characters), though well-formed.
    await user.clear(emailField());
    await user.click(emailField());
    await user.paste(`${'a'.repeat(250)}@acme.test`);
    expect(screen.getByText('Enter a valid e-mail address')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    expect(teamCalls().some((call) => call.method === 'POST')).toBe(false);
  });

  it('sends the invite by keyboard with the chosen role and shows where it went', async () => {
    const user = userEvent.setup();
    const { teamCalls, state } = serveTeam();
    const { router } = await openInvite();

    emailField().focus();
    await user.keyboard('  newbie@acme.test ');
    await user.tab();
    // Tab lands on the checked radio; the arrow keys move the choice.
    expect(roleGroup().getByRole('radio', { name: /^Admin:/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(roleGroup().getByRole('radio', { name: /^Finance manager:/ })).toBeChecked();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Send invite' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { level: 1, name: 'Invite sent' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/team/invite-sent');
    expect(router.state.location.search).toEqual({ email: 'newbie@acme.test' });
    expect(screen.getByText(/We sent an invite to/)).toHaveTextContent(
      'We sent an invite to newbie@acme.test.',
    );
    const sent = teamCalls().find((call) => call.method === 'POST');
    expect(sent).toMatchObject({
      path: '/user/invite',
      body: { email: 'newbie@acme.test', roles: ['finance_manager'] },
    });
    expect(sent?.headers.get('x-customer-id')).toBe(ACME);
    expect(state.invites.map((i) => i.email)).toEqual(['newbie@acme.test']);
  });

  it.each([
    ['already invited', 'newbie@acme.test', 'User already invited'],
    // Named, with the company: the code's catalogue text stays "User already exists".
    [
      'already a member',
      'vera@acme.test',
      'Vera Viewer is already a member of Acme Rewards Ltd. Change their role on Team instead.',
    ],
  ])('shows on the address when it is %s', async (_case, email, message) => {
    const user = userEvent.setup();
    serveTeam({ invites: [invite('newbie@acme.test', ['viewer'])] });
    const { router } = await openInvite();

    await user.type(emailField(), email);
    await user.click(screen.getByRole('button', { name: 'Send invite' }));

    expect(await screen.findByText(message)).toBeVisible();
    expect(emailField()).toHaveAttribute('aria-invalid', 'true');
    expect(emailField()).toHaveAccessibleDescription(message);
    expect(emailField()).toHaveFocus();
    expect(router.state.location.pathname).toBe('/team/invite');
    expect(await axeViolations(document.body)).toEqual([]);

    // Editing the address clears the server's objection.
    await user.type(emailField(), 'x');
    expect(screen.queryByText(message)).toBeNull();
  });

  it("shows the server's field errors on their fields, and the rest above the buttons", async () => {
    const user = userEvent.setup();
    serveTeam({
      answer: (call) =>
        call.method === 'POST'
          ? apiError('validation_error', [
              { path: 'email', message: 'Too long' },
              { path: 'roles.0', message: 'Invalid option' },
              { path: 'customer', message: 'Customer is closed' },
            ])
          : undefined,
    });
    await openInvite();

    await user.type(emailField(), 'newbie@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));

    expect(await screen.findByText('Too long')).toBeVisible();
    expect(screen.getByText('Invalid option')).toBeVisible();
    expect(screen.getByText('Customer is closed')).toHaveAttribute('role', 'alert');
  });

  it('says why the invite could not be sent when the server fails', async () => {
    const user = userEvent.setup();
    serveTeam({
      answer: (call) => (call.method === 'POST' ? apiError('service_unavailable') : undefined),
    });
    await openInvite();

    await user.type(emailField(), 'newbie@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));

    expect(
      await screen.findByText(
        "We couldn't send the invite: Boon isn't available right now. Try again in a few minutes.",
      ),
    ).toHaveAttribute('role', 'alert');
    expect(screen.getByRole('button', { name: 'Send invite' })).toBeEnabled();
  });

  it('sends one invite however often Send is pressed while it is on its way', async () => {
    const user = userEvent.setup();
    const { teamCalls, release } = serveTeam({ held: ['invite'] });
    await openInvite();

    await user.type(emailField(), 'newbie@acme.test');
    const send = screen.getByRole('button', { name: 'Send invite' });
    send.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Sending the invite…')).toHaveAttribute('role', 'status');
    await user.keyboard('{Enter}');
    expect(send).toHaveFocus();
    release();

    expect(await screen.findByRole('heading', { level: 1, name: 'Invite sent' })).toBeVisible();
    expect(teamCalls().filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('sends an Idempotency-Key, the same one when the same invite is sent again', async () => {
    const user = userEvent.setup();
    let failures = 1;
    const { teamCalls } = serveTeam({
      answer: (call) =>
        call.method === 'POST' && failures-- > 0 ? apiError('service_unavailable') : undefined,
    });
    await openInvite();

    await user.type(emailField(), 'newbie@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    await screen.findByText(
      "We couldn't send the invite: Boon isn't available right now. Try again in a few minutes.",
    );
    await user.click(screen.getByRole('button', { name: 'Send invite' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Invite sent' })).toBeVisible();
    const keys = teamCalls()
      .filter((call) => call.method === 'POST')
      .map((call) => call.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(keys[1]).toBe(keys[0]);
  });

  it('sends a new Idempotency-Key once the invite is changed', async () => {
    const user = userEvent.setup();
    const { teamCalls } = serveTeam({
      answer: (call) => (call.method === 'POST' ? apiError('service_unavailable') : undefined),
    });
    await openInvite();

    await user.type(emailField(), 'newbie@acme.test');
    await user.click(screen.getByRole('button', { name: 'Send invite' }));
    await screen.findByText(
      "We couldn't send the invite: Boon isn't available right now. Try again in a few minutes.",
    );
    await user.click(roleGroup().getByRole('radio', { name: /^Viewer:/ }));
    await user.click(screen.getByRole('button', { name: 'Send invite' }));

    await waitFor(() => expect(teamCalls().filter((c) => c.method === 'POST')).toHaveLength(2));
    const [first, second] = teamCalls()
      .filter((call) => call.method === 'POST')
      .map((call) => call.headers.get('Idempotency-Key'));
    expect(second).not.toBe(first);
  });

  it('goes back to the team on Cancel', async () => {
    const user = userEvent.setup();
    serveTeam();
    const { router } = await openInvite();

    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/team'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  });
});
