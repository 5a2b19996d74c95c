import type { Permission } from '@boon/contracts';
import { axeViolations } from '@boon/ui/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
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
  fieldRefusal,
  fiona,
  invite,
  meOf,
  member,
  olivia,
  serveTeam,
  vera,
} from '@boon/console-kit/testing';

const newbie = invite('newbie@acme.test', ['admin']);
const stale = invite('stale@acme.test', ['viewer'], true);

/** The table of a section, found by its heading. */
function table(name: 'Members' | 'Pending invites') {
  return within(screen.getByRole('table', { name }));
}

/** The row of the members or invites table that holds `text`. */
function rowWith(name: 'Members' | 'Pending invites', text: string) {
  const row = table(name).getByText(text).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return within(row);
}

async function openTeam() {
  const view = await renderConsole('/team', fakeAuth());
  // The first test of a worker also loads the accounts app, which a busy machine has taken
  // longer than findBy's default second over.
  await screen.findByRole('cell', { name: /Olivia Owner/ }, { timeout: 5000 });
  return view;
}

beforeEach(() => {
  localStorage.clear();
  useAppStore.getState().reset();
  useFeatureToggleStore.getState().resetToggles();
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('en-GB');
  useAppStore.getState().setTimezoneOverride('Etc/UTC');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TeamPage (/team)', () => {
  it('lists the members with readable roles and the unverified badge, and the pending invites', async () => {
    const { teamCalls } = serveTeam({ invites: [newbie, stale] });
    await openTeam();

    expect(screen.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
    expect(document.title).toBe('Team · Boon');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('HomeTeam');
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Team' }),
    ).toHaveAttribute('href', '/team');

    const names = table('Members')
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(names).toEqual([
      'Olivia Owner (you)',
      'Adam Admin',
      'Fiona Finance',
      'Vera Viewer',
      'Uma Unverified',
    ]);
    expect(rowWith('Members', 'Olivia Owner').getByText('Owner')).toBeVisible();
    expect(rowWith('Members', 'Fiona Finance').getByText('Finance manager')).toBeVisible();
    expect(rowWith('Members', 'uma@acme.test').getByText('Unverified')).toBeVisible();
    expect(rowWith('Members', 'vera@acme.test').queryByText('Unverified')).toBeNull();

    const fresh = rowWith('Pending invites', 'newbie@acme.test');
    expect(fresh.getByText('Admin')).toBeVisible();
    expect(fresh.getByText(/2 Mar 2026.*09:30/)).toBeVisible();
    expect(fresh.getByText(/9 Mar 2026.*09:30/)).toBeVisible();
    expect(rowWith('Pending invites', 'stale@acme.test').getByText('Expired')).toBeVisible();

    const [members, invites] = teamCalls();
    expect(members).toMatchObject({ method: 'GET', path: `/customer/${ACME}/users` });
    expect(invites?.path).toBe('/user/invite');
    expect(invites?.query.get('customer_id')).toBe(ACME);
    // The query names the customer; a header could only name a second one.
    expect(invites?.headers.has('x-customer-id')).toBe(false);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('holds the space of the members while they load, and shows the invites below once they are in', async () => {
    const members = serveTeam({ held: ['members'], invites: [newbie] });
    await renderConsole('/team', fakeAuth());

    const busy = await screen.findByRole('table', { name: 'Members', busy: true });
    expect(busy.querySelectorAll('tbody tr[aria-hidden="true"]').length).toBeGreaterThan(0);
    expect(
      within(screen.getByRole('region', { name: 'Members' })).getByRole('status'),
    ).toHaveTextContent('Loading…');
    // Below a list whose length is not known yet, nothing that its rows would push down.
    expect(screen.queryByRole('heading', { name: 'Pending invites' })).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);

    members.release();
    expect(await screen.findByRole('cell', { name: /Olivia Owner/ })).toBeVisible();
    expect(screen.getByRole('table', { name: 'Members' })).not.toHaveAttribute('aria-busy');
    expect(await screen.findByRole('cell', { name: 'newbie@acme.test' })).toBeVisible();
  });

  it('shows the invites loading in their place when they answer after the members', async () => {
    const invites = serveTeam({ held: ['invites'], invites: [newbie] });
    await renderConsole('/team', fakeAuth());

    expect(await screen.findByRole('cell', { name: /Olivia Owner/ })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Pending invites' })).toBeVisible();
    expect(screen.getByRole('table', { name: 'Pending invites', busy: true })).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Pending invites' })).getByRole('status'),
    ).toHaveTextContent('Loading…');

    invites.release();
    expect(await screen.findByRole('cell', { name: 'newbie@acme.test' })).toBeVisible();
  });

  it('says when there is nobody to list', async () => {
    serveTeam({ members: [], invites: [] });
    await renderConsole('/team', fakeAuth());

    expect(await table('Members').findByText('No team members yet.')).toBeVisible();
    expect(await table('Pending invites').findByText('No pending invites.')).toBeVisible();
  });

  it('says why a list could not be loaded, and tries again on request', async () => {
    const user = userEvent.setup();
    const { teamCalls } = serveTeam({ failing: ['members', 'invites'] });
    await renderConsole('/team', fakeAuth());

    expect(await table('Members').findByRole('alert')).toHaveTextContent(
      "We couldn't load team members: Boon isn't available right now. Try again in a few minutes.",
    );
    expect(await table('Pending invites').findByRole('alert')).toHaveTextContent(
      "We couldn't load pending invites: Boon isn't available right now. Try again in a few minutes.",
    );
    expect(await axeViolations(document.body)).toEqual([]);

    const before = teamCalls().length;
    await user.click(table('Members').getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(teamCalls().length).toBe(before + 1));
    expect(teamCalls().at(-1)?.path).toBe(`/customer/${ACME}/users`);
  });

  describe('actions follow the permissions, and never touch the owner or oneself', () => {
    it('owner: invites, changes roles and removes anyone but the owner', async () => {
      serveTeam({ invites: [newbie] });
      await openTeam();

      expect(screen.getByRole('link', { name: 'Invite team member' })).toHaveAttribute(
        'href',
        '/team/invite',
      );
      expect(rowWith('Members', 'Olivia Owner').queryByRole('button')).toBeNull();
      for (const name of ['Adam Admin', 'Fiona Finance', 'Vera Viewer', 'Uma Unverified']) {
        const row = rowWith('Members', name);
        expect(row.getByRole('button', { name: `Change role of ${name}` })).toBeVisible();
        expect(row.getByRole('button', { name: `Remove ${name}` })).toBeVisible();
      }
      const invites = rowWith('Pending invites', 'newbie@acme.test');
      expect(
        invites.getByRole('button', { name: 'Resend the invite to newbie@acme.test' }),
      ).toBeVisible();
      expect(
        invites.getByRole('button', { name: 'Revoke the invite to newbie@acme.test' }),
      ).toBeVisible();
    });

    it('admin: the same, but neither the owner nor themselves', async () => {
      serveTeam({ me: meOf(adam), invites: [newbie] });
      await openTeam();

      expect(rowWith('Members', 'Adam Admin').getByText('(you)')).toBeVisible();
      expect(rowWith('Members', 'Olivia Owner').queryByRole('button')).toBeNull();
      expect(rowWith('Members', 'Adam Admin').queryByRole('button')).toBeNull();
      expect(
        rowWith('Members', 'Vera Viewer').getByRole('button', { name: 'Remove Vera Viewer' }),
      ).toBeVisible();
      expect(screen.getByRole('link', { name: 'Invite team member' })).toBeVisible();
    });

    it('viewer: reads the team without any action', async () => {
      serveTeam({ me: meOf(vera), invites: [newbie] });
      await openTeam();
      await screen.findByRole('cell', { name: 'newbie@acme.test' });

      expect(screen.queryByRole('link', { name: 'Invite team member' })).toBeNull();
      expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
      expect(screen.queryByRole('button', { name: /Change role|Remove|Resend|Revoke/ })).toBeNull();
      expect(screen.getByRole('button', { name: 'What can each role do?' })).toBeVisible();
      expect(await axeViolations(document.body)).toEqual([]);
    });

    it('write without delete: invite, change role and resend, but no remove or revoke', async () => {
      const permissions: Permission[] = ['read:team_members', 'write:team_members'];
      serveTeam({ me: { ...meOf(adam), permissions }, invites: [newbie] });
      await openTeam();
      await screen.findByRole('cell', { name: 'newbie@acme.test' });

      expect(screen.getByRole('link', { name: 'Invite team member' })).toBeVisible();
      expect(screen.getByRole('button', { name: 'Change role of Vera Viewer' })).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Remove Vera Viewer' })).toBeNull();
      expect(screen.getByRole('button', { name: /^Resend/ })).toBeVisible();
      expect(screen.queryByRole('button', { name: /^Revoke/ })).toBeNull();
    });
  });

  it('is refused to a user who may not read the team', async () => {
    serveTeam({ me: meOf(member('U-ACMEAGENT', 'Alex', 'Agent', ['service_agent'])) });
    const { router } = await renderConsole('/team', fakeAuth());

    expect(router.state.location.pathname).toBe('/');
    expect(
      within(screen.getByRole('navigation', { name: 'Main' })).queryByRole('link', {
        name: 'Team',
      }),
    ).toBeNull();
  });

  describe('Change role', () => {
    it('by keyboard: picks a role, saves it and shows the new role', async () => {
      const user = userEvent.setup();
      const { teamCalls } = serveTeam();
      await openTeam();

      const button = screen.getByRole('button', { name: 'Change role of Vera Viewer' });
      button.focus();
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog', { name: 'Change role of Vera Viewer' });
      expect(dialog).toHaveTextContent('vera@acme.test is now: Viewer.');
      const select = within(dialog).getByRole('combobox', { name: 'Role' });
      expect(select).toHaveValue('viewer');
      expect(within(dialog).getByRole('option', { name: 'Admin' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('option', { name: 'Owner' })).toBeNull();
      // Nothing to save while the role is the same.
      expect(within(dialog).getByRole('button', { name: 'Change role' })).toBeDisabled();
      expect(await axeViolations(document.body)).toEqual([]);

      await user.selectOptions(select, 'Finance manager');
      expect(dialog).toHaveTextContent(/makes FX transfers/);
      while (
        document.activeElement !== within(dialog).getByRole('button', { name: 'Change role' })
      ) {
        await user.tab();
      }
      await user.keyboard('{Enter}');

      await waitFor(() =>
        expect(screen.getByText('Vera Viewer is now Finance manager.')).toBeVisible(),
      );
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(teamCalls().find((call) => call.method === 'PUT')).toMatchObject({
        path: `/user/${vera.id}/roles`,
        body: { roles: ['finance_manager'] },
      });
      await waitFor(() =>
        expect(rowWith('Members', 'Vera Viewer').getByText('Finance manager')).toBeVisible(),
      );
      expect(button).toHaveFocus();
    });

    it("shows the server's refusal in the dialog and keeps it open", async () => {
      const user = userEvent.setup();
      serveTeam({
        answer: (call) =>
          call.method === 'PUT'
            ? fieldRefusal('roles', "The owner's role cannot be changed")
            : undefined,
      });
      await openTeam();

      await user.click(screen.getByRole('button', { name: 'Change role of Adam Admin' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change role of Adam Admin' });
      const select = within(dialog).getByRole('combobox', { name: 'Role' });
      await user.selectOptions(select, 'Viewer');
      await user.click(within(dialog).getByRole('button', { name: 'Change role' }));

      // A refusal about the roles is said at the role, which takes focus.
      await waitFor(() =>
        expect(select).toHaveAccessibleDescription(/The owner's role cannot be changed/),
      );
      expect(select).toHaveAttribute('aria-invalid', 'true');
      expect(select).toHaveFocus();
      expect(await axeViolations(document.body)).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(rowWith('Members', 'Adam Admin').getByText('Admin')).toBeVisible();
    });

    it('says why a change failed when the answer names no field', async () => {
      const user = userEvent.setup();
      serveTeam({
        answer: (call) => (call.method === 'PUT' ? apiError('service_unavailable') : undefined),
      });
      await openTeam();

      await user.click(screen.getByRole('button', { name: 'Change role of Adam Admin' }));
      const dialog = await screen.findByRole('dialog', { name: 'Change role of Adam Admin' });
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Viewer');
      await user.click(within(dialog).getByRole('button', { name: 'Change role' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        /^We couldn't change the role: /,
      );
      expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveValue('viewer');
    });
  });

  describe('Remove', () => {
    it('asks first, naming the person; Escape keeps them, Remove removes them', async () => {
      const user = userEvent.setup();
      const { teamCalls } = serveTeam();
      await openTeam();

      const button = screen.getByRole('button', { name: 'Remove Fiona Finance' });
      button.focus();
      await user.keyboard('{Enter}');
      let dialog = await screen.findByRole('dialog', { name: 'Remove Fiona Finance?' });
      expect(dialog).toHaveTextContent(
        'Fiona Finance (fiona@acme.test) will no longer have access',
      );
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(teamCalls().some((call) => call.method === 'DELETE')).toBe(false);
      await waitFor(() => expect(button).toHaveFocus());

      await user.keyboard('{Enter}');
      dialog = await screen.findByRole('dialog', { name: 'Remove Fiona Finance?' });
      expect(await axeViolations(document.body)).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

      expect(await screen.findByText('Fiona Finance was removed from the team.')).toBeVisible();
      await waitFor(() => expect(table('Members').queryByText('Fiona Finance')).toBeNull());
      // Her row has gone, so focus lands on the next member's first action, not on the body.
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Change role of Vera Viewer' })).toHaveFocus(),
      );
      const removal = teamCalls().find((call) => call.method === 'DELETE');
      expect(removal?.path).toBe(`/customer/${ACME}/user/${fiona.id}`);
      expect(removal?.headers.has('x-customer-id')).toBe(false);
    });

    it("shows the server's refusal in the dialog", async () => {
      const user = userEvent.setup();
      serveTeam({
        answer: (call) =>
          call.method === 'DELETE'
            ? fieldRefusal('userId', 'You cannot remove yourself')
            : undefined,
      });
      await openTeam();

      await user.click(screen.getByRole('button', { name: `Remove Uma Unverified` }));
      const dialog = await screen.findByRole('dialog', { name: 'Remove Uma Unverified?' });
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'You cannot remove yourself',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(table('Members').getByText('Uma Unverified')).toBeVisible();
    });
  });

  it('lands on the list heading after removing the last member with actions', async () => {
    const user = userEvent.setup();
    serveTeam({ members: [olivia, adam] });
    await openTeam();
    await user.click(screen.getByRole('button', { name: 'Remove Adam Admin' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Remove Adam Admin?' })).getByRole(
        'button',
        {
          name: 'Remove',
        },
      ),
    );
    await waitFor(() => expect(table('Members').queryByText('Adam Admin')).toBeNull());
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Members' })).toHaveFocus());
  });

  it('keeps focus on Change role after a role changes (the row keeps its buttons)', async () => {
    const user = userEvent.setup();
    serveTeam();
    await openTeam();
    await user.click(screen.getByRole('button', { name: 'Change role of Vera Viewer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role of Vera Viewer' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'admin');
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Vera Viewer is now Admin.')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Change role of Vera Viewer' })).toHaveFocus(),
    );
  });

  it('shows a Blocked badge for a blocked member, and none for the others', async () => {
    const ben = member('U-ACMEBLOCK', 'Ben', 'Cole', ['viewer'], true, true);
    serveTeam({ members: [olivia, adam, ben] });
    await openTeam();
    const row = rowWith('Members', 'ben@acme.test');
    expect(row.getByText('Blocked', { selector: 'span' })).toBeVisible();
    expect(row.getAllByRole('cell')[0]).toHaveTextContent('Ben Cole Blocked');
    expect(rowWith('Members', 'adam@acme.test').queryByText('Blocked')).toBeNull();
    expect(await axeViolations(document.body)).toEqual([]);
  });

  describe('Pending invites', () => {
    it('resends an invite and says so', async () => {
      const user = userEvent.setup();
      const { teamCalls, release } = serveTeam({ invites: [stale], held: ['resend'] });
      await openTeam();
      await screen.findByRole('cell', { name: 'stale@acme.test' });

      const button = screen.getByRole('button', { name: 'Resend the invite to stale@acme.test' });
      button.focus();
      // A second press while the first is on its way sends nothing more.
      await user.keyboard('{Enter}');
      await waitFor(() =>
        expect(teamCalls().filter((call) => call.path === '/user/invite/resend')).toHaveLength(1),
      );
      await user.keyboard('{Enter}');
      release();

      expect(
        await screen.findByText('The invite to stale@acme.test was sent again.'),
      ).toBeVisible();
      expect(teamCalls().filter((call) => call.path === '/user/invite/resend')).toHaveLength(1);
      const resend = teamCalls().find((call) => call.path === '/user/invite/resend');
      expect(resend?.method).toBe('POST');
      expect(resend?.query.get('email')).toBe('stale@acme.test');
      expect(resend?.query.get('customer_id')).toBe(ACME);
      await waitFor(() =>
        expect(rowWith('Pending invites', 'stale@acme.test').queryByText('Expired')).toBeNull(),
      );
      expect(button).toHaveFocus();
    });

    it('says why a resend failed', async () => {
      const user = userEvent.setup();
      serveTeam({
        invites: [newbie],
        answer: (call) =>
          call.path === '/user/invite/resend' ? apiError('invite_not_found') : undefined,
      });
      await openTeam();
      await screen.findByRole('cell', { name: 'newbie@acme.test' });

      await user.click(screen.getByRole('button', { name: /^Resend/ }));
      const message = await screen.findByText(
        "We couldn't resend the invite to newbie@acme.test: Invite not found",
      );
      expect(message).toHaveAttribute('role', 'alert');
    });

    it("moves focus to the next invite's first action after a revoke", async () => {
      const user = userEvent.setup();
      serveTeam({ invites: [newbie, stale] });
      await openTeam();
      await user.click(
        await screen.findByRole('button', { name: 'Revoke the invite to newbie@acme.test' }),
      );
      await user.click(
        within(
          await screen.findByRole('dialog', { name: 'Revoke the invite to newbie@acme.test?' }),
        ).getByRole('button', { name: 'Revoke' }),
      );
      await waitFor(() =>
        expect(table('Pending invites').queryByText('newbie@acme.test')).toBeNull(),
      );
      await waitFor(() =>
        expect(
          screen.getByRole('button', { name: 'Resend the invite to stale@acme.test' }),
        ).toHaveFocus(),
      );
    });

    it('revokes after confirming, by keyboard', async () => {
      const user = userEvent.setup();
      const { teamCalls } = serveTeam({ invites: [newbie] });
      await openTeam();
      await screen.findByRole('cell', { name: 'newbie@acme.test' });

      screen.getByRole('button', { name: 'Revoke the invite to newbie@acme.test' }).focus();
      await user.keyboard('{Enter}');
      const dialog = await screen.findByRole('dialog', {
        name: 'Revoke the invite to newbie@acme.test?',
      });
      const revoke = within(dialog).getByRole('button', { name: 'Revoke' });
      while (document.activeElement !== revoke) await user.tab();
      await user.keyboard('{Enter}');

      expect(await screen.findByText('The invite to newbie@acme.test was revoked.')).toBeVisible();
      expect(await table('Pending invites').findByText('No pending invites.')).toBeVisible();
      await waitFor(() =>
        expect(screen.getByRole('heading', { name: 'Pending invites' })).toHaveFocus(),
      );
      const call = teamCalls().find((c) => c.method === 'DELETE');
      expect(call?.path).toBe('/user/invite');
      expect(call?.query.get('email')).toBe('newbie@acme.test');
      expect(call?.query.get('customer_id')).toBe(ACME);
    });
  });

  it('explains each role in the roles matrix', async () => {
    const user = userEvent.setup();
    serveTeam();
    await openTeam();

    const trigger = screen.getByRole('button', { name: 'What can each role do?' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const drawer = screen.getByRole('dialog', { name: 'What can each role do?' });
    expect(drawer).toHaveTextContent('Admin');
    expect(drawer).toHaveTextContent('Full access; can add or remove team members.');
    const matrix = within(drawer).getByRole('table', { name: 'Permissions of each role' });
    const headers = within(matrix)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'Permission',
      'Owner',
      'Admin',
      'Finance manager',
      'Service manager',
      'Service agent',
      'Viewer',
    ]);
    const invite = within(matrix)
      .getByRole('rowheader', { name: 'Invite team members and change their roles' })
      .closest('tr');
    expect(
      within(invite as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Yes', 'Yes', 'No', 'No', 'No', 'No']);
    expect(within(matrix).getAllByRole('rowheader')).toHaveLength(26);
    expect(within(drawer).getByRole('link', { name: /More about roles/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    // The drawer alone: the page behind it is checked by the tests of the team lists.
    expect(await axeViolations(drawer)).toEqual([]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger).toHaveFocus();
  });

  describe('each list sorted by the address', () => {
    /** The first cell of each row of a table, as text. */
    const firstCells = (name: 'Members' | 'Pending invites') =>
      table(name)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    const older = { ...invite('older@acme.test', ['viewer']), lastSentAt: '2026-02-01T09:00:00Z' };

    it('shows each list in the order its parameter asks for', async () => {
      serveTeam({ invites: [newbie, older, stale] });
      await renderConsole('/team?memberSort=-emailAddress&inviteSort=lastSentAt', fakeAuth());
      await screen.findByRole('cell', { name: /Olivia Owner/ });

      expect(firstCells('Members')).toEqual([
        'Vera Viewer',
        'Uma Unverified',
        'Olivia Owner (you)',
        'Fiona Finance',
        'Adam Admin',
      ]);
      expect(table('Members').getByRole('columnheader', { name: 'E-mail' })).toHaveAttribute(
        'aria-sort',
        'descending',
      );
      expect(firstCells('Pending invites')[0]).toBe('older@acme.test');
    });

    it('keeps the order the server gives for a sort it does not know', async () => {
      serveTeam({ invites: [newbie, stale] });
      const { router } = await renderConsole('/team?memberSort=roles&inviteSort=-1', fakeAuth());
      await screen.findByRole('cell', { name: /Olivia Owner/ });

      expect(firstCells('Members')).toEqual([
        'Olivia Owner (you)',
        'Adam Admin',
        'Fiona Finance',
        'Vera Viewer',
        'Uma Unverified',
      ]);
      expect(firstCells('Pending invites')).toEqual(['newbie@acme.test', 'stale@acme.test']);
      expect(router.state.matches.at(-1)?.search).toEqual({});
    });

    it('writes a header click to the address, ascending first, then toggling', async () => {
      const user = userEvent.setup();
      serveTeam({ invites: [newbie, stale] });
      const { router } = await openTeam();
      const sortByEmail = within(
        table('Pending invites').getByRole('columnheader', { name: 'E-mail' }),
      ).getByRole('button');

      await user.click(sortByEmail);
      await waitFor(() => expect(router.state.location.search).toEqual({ inviteSort: 'email' }));
      await user.click(sortByEmail);
      await waitFor(() => expect(router.state.location.search).toEqual({ inviteSort: '-email' }));
      expect(firstCells('Pending invites')).toEqual(['stale@acme.test', 'newbie@acme.test']);

      act(() => router.history.back());
      await waitFor(() =>
        expect(firstCells('Pending invites')).toEqual(['newbie@acme.test', 'stale@acme.test']),
      );
    });

    it('does not carry the sort to the invite steps, nor back from them', async () => {
      const user = userEvent.setup();
      serveTeam();
      const { router } = await renderConsole('/team?memberSort=emailAddress', fakeAuth());
      await screen.findByRole('cell', { name: /Olivia Owner/ });

      await user.click(screen.getByRole('link', { name: 'Invite team member' }));
      await screen.findByRole('heading', { level: 1, name: 'Invite team member' });
      expect(router.state.location.href).toBe('/team/invite');

      await user.click(screen.getByRole('link', { name: 'Cancel' }));
      await screen.findByRole('cell', { name: /Olivia Owner/ });
      expect(router.state.location.href).toBe('/team');
      expect(firstCells('Members')[0]).toBe('Olivia Owner (you)');
    });
  });

  describe('on a phone', () => {
    /** Every element is 342 px wide: the content column of a 390 px screen. */
    function layOutAsPhone() {
      return vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
        width: 342,
        height: 40,
        x: 24,
        y: 0,
        top: 0,
        left: 24,
        right: 366,
        bottom: 40,
        toJSON: () => ({}),
      });
    }

    it('lists members and invites as cards, with the actions in a menu', async () => {
      layOutAsPhone();
      serveTeam({ invites: [newbie] });
      await renderConsole('/team', fakeAuth());

      await screen.findByRole('button', { name: 'Actions for Vera Viewer' });
      const members = screen.getByRole('list', { name: 'Members' });
      expect(screen.queryByRole('table')).toBeNull();
      const card = (list: HTMLElement, text: string) => {
        const found = within(list)
          .getAllByRole('listitem')
          .find((item) => item.textContent?.includes(text));
        if (!found) throw new Error(`no card with ${text}`);
        return within(found);
      };
      expect(card(members, 'Olivia Owner').queryByRole('button')).toBeNull();
      expect(card(members, 'Vera Viewer').getByText('vera@acme.test')).toBeVisible();
      expect(card(members, 'Vera Viewer').getByText('Viewer')).toBeVisible();
      expect(
        card(members, 'Vera Viewer').getByRole('button', { name: 'Actions for Vera Viewer' }),
      ).toHaveAttribute('aria-haspopup', 'menu');

      const invites = await screen.findByRole('list', { name: 'Pending invites' });
      expect(
        card(invites, 'newbie@acme.test').getByRole('button', {
          name: 'Actions for newbie@acme.test',
        }),
      ).toBeVisible();
      expect(screen.getByRole('combobox', { name: 'Sort members by' })).toBeVisible();
      expect(await axeViolations(document.body)).toEqual([]);
    });

    it('shows the roles matrix as a card per permission naming the roles that hold it', async () => {
      layOutAsPhone();
      const user = userEvent.setup();
      serveTeam();
      await renderConsole('/team', fakeAuth());

      await user.click(await screen.findByRole('button', { name: 'What can each role do?' }));
      const drawer = screen.getByRole('dialog', { name: 'What can each role do?' });
      expect(within(drawer).queryByRole('table')).toBeNull();
      const permissions = within(drawer).getByRole('list', { name: 'Permissions of each role' });
      expect(within(permissions).getAllByRole('listitem')).toHaveLength(26);
      const invite = within(permissions)
        .getAllByRole('listitem')
        .find((card) => card.textContent?.startsWith('Invite team members and change their roles'));
      expect(within(invite!).getByRole('term')).toHaveTextContent('Roles');
      expect(within(invite!).getByRole('definition')).toHaveTextContent('Owner, Admin');
      expect(await axeViolations(drawer)).toEqual([]);
    });

    it('opens an action from the menu by keyboard, and gives focus back to the menu button', async () => {
      layOutAsPhone();
      const user = userEvent.setup();
      const { teamCalls } = serveTeam();
      await renderConsole('/team', fakeAuth());

      const menuButton = await screen.findByRole('button', { name: 'Actions for Fiona Finance' });
      menuButton.focus();
      await user.keyboard('{Enter}');
      const menu = screen.getByRole('menu', { name: 'Actions for Fiona Finance' });
      expect(
        within(menu).getByRole('menuitem', { name: 'Change role of Fiona Finance' }),
      ).toHaveFocus();
      await user.keyboard('{ArrowDown}');
      expect(within(menu).getByRole('menuitem', { name: 'Remove Fiona Finance' })).toHaveFocus();
      await user.keyboard('{Enter}');

      expect(screen.queryByRole('menu')).toBeNull();
      const dialog = await screen.findByRole('dialog', { name: 'Remove Fiona Finance?' });
      expect(await axeViolations(document.body)).toEqual([]);
      await user.keyboard('{Escape}');
      expect(dialog).not.toBeInTheDocument();
      expect(teamCalls().some((call) => call.method === 'DELETE')).toBe(false);
      await waitFor(() => expect(menuButton).toHaveFocus());
    });
  });
});
