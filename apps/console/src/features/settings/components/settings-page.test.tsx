import type { CustomerId, CustomerSource, Permission } from '@boon/contracts';
import { axeViolations } from '@boon/ui/testing';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { setAnalyticsSink } from '../../../analytics/analytics';
import { useAppStore } from '@boon/console-kit/shell';
import { SettingsPage } from './settings-page';

const globex = 'C-GLOBEX01' as CustomerId;
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u2009\u202f]/g, ' ');

let trackEvent: Mock<(event: string, properties?: Record<string, unknown>) => void>;
let restoreSink: () => void;

function customerAndUser(source: CustomerSource | null, permissions: Permission[]) {
  const store = useAppStore.getState();
  store.setCustomerId(globex);
  store.setSelectedCustomer({
    customerDefaultCurrency: '$',
    customerSource: source,
    playgroundMode: false,
    limitedAccess: false,
  });
  store.setPermissions(permissions);
}

/** The accordion's header buttons, by name. */
function itemButton(name: string) {
  return screen.getByRole('button', { name });
}

function timezoneLine() {
  return screen.getByText(/^Dates and times are shown in/);
}

beforeEach(() => {
  trackEvent = vi.fn();
  restoreSink = setAnalyticsSink({ track: trackEvent });
  vi.spyOn(window.navigator, 'language', 'get').mockReturnValue('en-GB');
});

afterEach(() => {
  restoreSink();
  useAppStore.getState().reset();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('SettingsPage', () => {
  it('is titled Settings', () => {
    render(<SettingsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  });

  it('tracks one "Settings viewed" per visit', () => {
    const { rerender, unmount } = render(<SettingsPage />);
    rerender(<SettingsPage />);
    act(() => useAppStore.getState().setTimezoneOverride('Etc/UTC'));
    expect(trackEvent.mock.calls.filter(([event]) => event === 'Settings viewed')).toEqual([
      ['Settings viewed', undefined],
    ]);

    unmount();
    render(<SettingsPage />);
    expect(trackEvent.mock.calls.filter(([event]) => event === 'Settings viewed')).toHaveLength(2);
  });

  describe('Balance notifications (spec 2.6)', () => {
    it.each([
      ['may top up by bank', ['write:top_up_by_bank']],
      ['may top up by card', ['write:top_up_by_card']],
      ['may top up both ways', ['write:top_up_by_bank', 'write:top_up_by_card']],
    ] as [string, Permission[]][])(
      'shows to a migrated customer whose user %s, open, with "Your timezone" closed',
      (_name, permissions) => {
        customerAndUser('migrated-from-connect', permissions);
        render(<SettingsPage />);

        expect(itemButton('Balance notifications')).toHaveAttribute('aria-expanded', 'true');
        expect(itemButton('Your timezone')).toHaveAttribute('aria-expanded', 'false');
        expect(
          screen.getByRole('heading', { name: 'Looking for your balance warning thresholds?' }),
        ).toBeVisible();
      },
    );

    it.each([
      ['a direct customer whose user may top up', 'direct', ['write:top_up_by_bank']],
      [
        'a migrated customer whose user may only exchange',
        'migrated-from-connect',
        ['write:top_up_by_fx'],
      ],
      ['a migrated customer whose user has no permissions', 'migrated-from-connect', []],
      ['an unknown customer', null, ['write:top_up_by_bank', 'write:top_up_by_card']],
    ] as [string, CustomerSource | null, Permission[]][])(
      'is hidden from %s, and "Your timezone" is open',
      (_name, source, permissions) => {
        customerAndUser(source, permissions);
        render(<SettingsPage />);

        expect(screen.queryByRole('button', { name: 'Balance notifications' })).toBeNull();
        expect(screen.queryByText('Looking for your balance warning thresholds?')).toBeNull();
        expect(itemButton('Your timezone')).toHaveAttribute('aria-expanded', 'true');
        expect(screen.getByRole('checkbox', { name: 'Use UTC for dates and times' })).toBeVisible();
      },
    );

    it("opens the older platform's notification preferences for the customer in a new tab", () => {
      customerAndUser('migrated-from-connect', ['write:top_up_by_card']);
      render(<SettingsPage />);

      const link = screen.getByRole('link', { name: /^Notification preferences/ });
      expect(link).toHaveAttribute(
        'href',
        `${window.location.origin}/api/connect/notification-preferences?customerId=C-GLOBEX01`,
      );
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    });

    it('lets the user open "Your timezone" as well', async () => {
      customerAndUser('migrated-from-connect', ['write:top_up_by_bank']);
      const user = userEvent.setup();
      render(<SettingsPage />);

      await user.click(itemButton('Your timezone'));

      expect(itemButton('Your timezone')).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('checkbox', { name: 'Use UTC for dates and times' })).toBeVisible();
    });
  });

  describe('Your timezone (spec 2.6, 4.5)', () => {
    it('is unticked while the browser timezone is used, and ticked when UTC was chosen', () => {
      const { unmount } = render(<SettingsPage />);
      expect(
        screen.getByRole('checkbox', { name: 'Use UTC for dates and times' }),
      ).not.toBeChecked();
      unmount();

      useAppStore.getState().setTimezoneOverride('Etc/UTC');
      render(<SettingsPage />);
      expect(screen.getByRole('checkbox', { name: 'Use UTC for dates and times' })).toBeChecked();
    });

    it('ticking sets the override to Etc/UTC and unticking clears it, both tracked', async () => {
      const local = new Intl.DateTimeFormat().resolvedOptions().timeZone;
      const user = userEvent.setup();
      render(<SettingsPage />);
      const box = screen.getByRole('checkbox', { name: 'Use UTC for dates and times' });

      await user.click(box);
      expect(useAppStore.getState().timezoneOverride).toBe('Etc/UTC');
      expect(box).toBeChecked();
      expect(trackEvent).toHaveBeenLastCalledWith('Timezone changed', { timezone: 'Etc/UTC' });

      await user.click(box);
      expect(useAppStore.getState().timezoneOverride).toBeNull();
      expect(box).not.toBeChecked();
      expect(trackEvent).toHaveBeenLastCalledWith('Timezone changed', { timezone: local });
      expect(trackEvent.mock.calls.filter(([event]) => event === 'Timezone changed')).toHaveLength(
        2,
      );
    });

    it('can be ticked from the keyboard', async () => {
      const user = userEvent.setup();
      render(<SettingsPage />);
      screen.getByRole('checkbox', { name: 'Use UTC for dates and times' }).focus();

      await user.keyboard(' ');

      expect(useAppStore.getState().timezoneOverride).toBe('Etc/UTC');
    });

    it('says times are in UTC, with the current date and time in UTC', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-21T23:30:00-05:00'));
      useAppStore.getState().setTimezoneOverride('Etc/UTC');
      render(<SettingsPage />);

      expect(plain(timezoneLine().textContent)).toMatch(
        /^Dates and times are shown in UTC1?: it is now 22 Nov 2026, 04:302?\.$/,
      );
      expect(within(timezoneLine()).getByText(/22 Nov 2026/)).toHaveAttribute(
        'datetime',
        '2026-11-22T04:30:00.000Z',
      );
    });

    it('says times are in the local timezone, named by its city, with the current date and time there', () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-21T10:00:00Z'));
      const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
      vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
        this: Intl.DateTimeFormat,
      ) {
        return { ...resolvedOptions.call(this), timeZone: 'America/New_York' };
      });
      const sample = plain(
        new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date('2026-11-21T10:00:00Z'),
        ),
      );
      render(<SettingsPage />);

      expect(plain(timezoneLine().textContent)).toMatch(
        new RegExp(
          `^Dates and times are shown in your local timezone \\(New York\\)1?: it is now ${sample}2?\\.$`,
        ),
      );
    });

    it('switches the line between UTC and local as the box is ticked', async () => {
      const user = userEvent.setup();
      render(<SettingsPage />);
      expect(timezoneLine()).toHaveTextContent(/your local timezone/);

      await user.click(screen.getByRole('checkbox', { name: 'Use UTC for dates and times' }));
      expect(timezoneLine()).toHaveTextContent(/^Dates and times are shown in UTC/);
    });

    it('updates the sample every minute', () => {
      vi.useFakeTimers();
      vi.setSystemTime(new Date('2026-11-21T10:00:30Z'));
      useAppStore.getState().setTimezoneOverride('Etc/UTC');
      render(<SettingsPage />);
      expect(plain(timezoneLine().textContent)).toContain('21 Nov 2026, 10:00');

      act(() => vi.advanceTimersByTime(30_000));
      expect(plain(timezoneLine().textContent)).toContain('21 Nov 2026, 10:01');
      act(() => vi.advanceTimersByTime(60_000));
      expect(plain(timezoneLine().textContent)).toContain('21 Nov 2026, 10:02');
    });

    it('has both footnotes', () => {
      render(<SettingsPage />);
      const notes = within(screen.getByRole('list', { name: 'Notes' })).getAllByRole('listitem');
      expect(notes.map((note) => note.textContent)).toEqual([
        'The timezone in Billing and Finance is always UTC, regardless of this setting.',
        'Some dates and times may use a different format because of technical limitations.',
      ]);
    });
  });

  it.each([
    ['with both items', 'migrated-from-connect', ['write:top_up_by_bank']],
    ['with the timezone only', 'direct', []],
  ] as [string, CustomerSource, Permission[]][])(
    'has no accessibility violations %s',
    async (_name, source, permissions) => {
      customerAndUser(source, permissions);
      const { container } = render(<SettingsPage />);
      expect(await axeViolations(container)).toEqual([]);
    },
  );
});
