import type { Permission } from '@boon/contracts';
import { axeViolations } from '@boon/ui/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../state/app-store';
import { useFeatureToggleStore } from '../../../state/feature-toggle-store';
import { fakeAuth } from '../../../test/fake-auth';
import { renderConsole } from '../../../test/render-console';
import {
  ACME,
  adam,
  apiError,
  fiona,
  invite,
  meOf,
  member,
  serveTeam,
  vera,
} from '../test/serve-team';

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
  await screen.findByRole('cell', { name: /Olivia Owner/ });
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
    expect(invites?.headers.get('x-customer-id')).toBe(ACME);
    expect(await axeViolations(document.body)).toEqual([]);
  });

  it('shows both lists loading until they answer', async () => {
    const { release } = serveTeam({ held: ['members', 'invites'], invites: [newbie] });
    await renderConsole('/team', fakeAuth());

    await waitFor(() => expect(table('Members').getByRole('status')).toHaveTextContent('Loading…'));
    expect(table('Pending invites').getByRole('status')).toHaveTextContent('Loading…');
    expect(await axeViolations(document.body)).toEqual([]);

    release();
    expect(await screen.findByRole('cell', { name: /Olivia Owner/ })).toBeVisible();
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
      "We couldn't load team members: Service Unavailable",
    );
    expect(await table('Pending invites').findByRole('alert')).toHaveTextContent(
      "We couldn't load pending invites: Service Unavailable",
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
      const dialog = screen.getByRole('dialog', { name: 'Change role of Vera Viewer' });
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
            ? apiError(422, 'owner_role_locked', "The owner's role cannot be changed")
            : undefined,
      });
      await openTeam();

      await user.click(screen.getByRole('button', { name: 'Change role of Adam Admin' }));
      const dialog = screen.getByRole('dialog', { name: 'Change role of Adam Admin' });
      await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Viewer');
      await user.click(within(dialog).getByRole('button', { name: 'Change role' }));

      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        "The owner's role cannot be changed",
      );
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(rowWith('Members', 'Adam Admin').getByText('Admin')).toBeVisible();
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
      let dialog = screen.getByRole('dialog', { name: 'Remove Fiona Finance?' });
      expect(dialog).toHaveTextContent(
        'Fiona Finance (fiona@acme.test) will no longer have access',
      );
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(teamCalls().some((call) => call.method === 'DELETE')).toBe(false);
      await waitFor(() => expect(button).toHaveFocus());

      await user.keyboard('{Enter}');
      dialog = screen.getByRole('dialog', { name: 'Remove Fiona Finance?' });
      expect(await axeViolations(document.body)).toEqual([]);
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

      expect(await screen.findByText('Fiona Finance was removed from the team.')).toBeVisible();
      await waitFor(() => expect(table('Members').queryByText('Fiona Finance')).toBeNull());
      // Her row has gone, so focus lands on the list's heading rather than on the page body.
      expect(screen.getByRole('heading', { name: 'Members' })).toHaveFocus();
      const removal = teamCalls().find((call) => call.method === 'DELETE');
      expect(removal?.path).toBe(`/customer/${ACME}/user/${fiona.id}`);
      expect(removal?.headers.get('x-customer-id')).toBe(ACME);
    });

    it("shows the server's refusal in the dialog", async () => {
      const user = userEvent.setup();
      serveTeam({
        answer: (call) =>
          call.method === 'DELETE'
            ? apiError(422, 'self_not_removable', 'You cannot remove yourself')
            : undefined,
      });
      await openTeam();

      await user.click(screen.getByRole('button', { name: `Remove Uma Unverified` }));
      const dialog = screen.getByRole('dialog', { name: 'Remove Uma Unverified?' });
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'You cannot remove yourself',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(table('Members').getByText('Uma Unverified')).toBeVisible();
    });
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
          call.path === '/user/invite/resend'
            ? apiError(404, 'invite_not_found', 'Invite not found')
            : undefined,
      });
      await openTeam();
      await screen.findByRole('cell', { name: 'newbie@acme.test' });

      await user.click(screen.getByRole('button', { name: /^Resend/ }));
      const message = await screen.findByText(
        "We couldn't resend the invite to newbie@acme.test: Invite not found",
      );
      expect(message).toHaveAttribute('role', 'alert');
    });

    it('revokes after confirming, by keyboard', async () => {
      const user = userEvent.setup();
      const { teamCalls } = serveTeam({ invites: [newbie] });
      await openTeam();
      await screen.findByRole('cell', { name: 'newbie@acme.test' });

      screen.getByRole('button', { name: 'Revoke the invite to newbie@acme.test' }).focus();
      await user.keyboard('{Enter}');
      const dialog = screen.getByRole('dialog', {
        name: 'Revoke the invite to newbie@acme.test?',
      });
      const revoke = within(dialog).getByRole('button', { name: 'Revoke' });
      while (document.activeElement !== revoke) await user.tab();
      await user.keyboard('{Enter}');

      expect(await screen.findByText('The invite to newbie@acme.test was revoked.')).toBeVisible();
      expect(await table('Pending invites').findByText('No pending invites.')).toBeVisible();
      expect(screen.getByRole('heading', { name: 'Pending invites' })).toHaveFocus();
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
    expect(await axeViolations(document.body)).toEqual([]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger).toHaveFocus();
  });
});
