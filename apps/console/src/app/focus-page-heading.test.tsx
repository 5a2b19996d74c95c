import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useAppStore } from '@boon/console-kit/shell';
import { fakeAuth, renderConsole, serveTeam } from '@boon/console-kit/testing';

function mainNav() {
  return within(screen.getByRole('navigation', { name: 'Main' }));
}

beforeEach(() => {
  localStorage.clear();
  useAppStore.getState().reset();
});

describe('focus after a route change', () => {
  it('leaves focus alone on the first load', async () => {
    serveTeam();
    await renderConsole('/team', fakeAuth());

    const heading = await screen.findByRole('heading', { level: 1, name: 'Team' });
    expect(heading).not.toHaveFocus();
    expect(document.activeElement).toBe(document.body);
  });

  it("moves to the new page's heading, which only takes focus programmatically", async () => {
    const user = userEvent.setup();
    serveTeam();
    await renderConsole('/', fakeAuth());
    await screen.findByRole('heading', { level: 1 });

    await user.click(mainNav().getByRole('link', { name: 'Help' }));
    const help = await screen.findByRole('heading', { level: 1, name: 'Help' });
    await waitFor(() => expect(help).toHaveFocus());
    expect(help).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('main')).toContainElement(help);

    // By keyboard too, and to a page whose code loads on the way (the accounts app).
    mainNav().getByRole('link', { name: 'Team' }).focus();
    await user.keyboard('{Enter}');
    const team = await screen.findByRole('heading', { level: 1, name: 'Team' });
    await waitFor(() => expect(team).toHaveFocus());
  });

  it('stays where it is when only the search parameters change (a sort, a filter)', async () => {
    serveTeam();
    const { router } = await renderConsole('/team', fakeAuth());
    await screen.findByRole('heading', { level: 1, name: 'Team' });
    const invite = screen.getByRole('link', { name: /Invite/ });
    invite.focus();

    await act(() => router.navigate({ to: '/team', search: { memberSort: '-emailAddress' } }));
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ memberSort: '-emailAddress' }),
    );
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(invite).toHaveFocus();
  });
});
