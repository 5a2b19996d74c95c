import { Accordion, type AccordionItem } from '@boon/ui';
import { useEffect, useRef } from 'react';
import { track } from '../../../analytics/analytics';
import { useAppStore } from '@boon/console-kit/shell';
import { showsBalanceNotifications } from '../settings-rules';
import { BalanceNotifications } from './balance-notifications';
import { TimezoneSetting } from './timezone-setting';
import { TwoFactorSetting } from './two-factor-setting';

/** The analytics event for a visit to Settings (spec 2.6: "Viewing the page is tracked"). */
export const SETTINGS_VIEWED_EVENT = 'Settings viewed';

const BALANCE_NOTIFICATIONS = 'balance-notifications';
const TIMEZONE = 'timezone';
const TWO_FACTOR = 'two-factor';

/**
 * Settings (spec 2.6): an accordion of "Balance notifications", shown only to migrated customers'
 * users who may top up by bank or card, and "Your timezone", open on load unless the first item
 * is shown (then that one is open); then "Two-factor authentication", closed.
 */
export function SettingsPage() {
  const customerId = useAppStore((state) => state.customerId);
  const customerSource = useAppStore((state) => state.customerSource);
  const permissions = useAppStore((state) => state.userPermissions);
  const tracked = useRef(false);

  useEffect(() => {
    // Once per visit, even when development's StrictMode runs effects twice.
    if (tracked.current) return;
    tracked.current = true;
    track(SETTINGS_VIEWED_EVENT);
  }, []);

  const items: AccordionItem[] = [];
  if (showsBalanceNotifications(customerSource, permissions, customerId)) {
    items.push({
      id: BALANCE_NOTIFICATIONS,
      title: 'Balance notifications',
      content: <BalanceNotifications customerId={customerId} />,
    });
  }
  items.push({ id: TIMEZONE, title: 'Your timezone', content: <TimezoneSetting /> });
  // The optional second factor; closed on load, as spec 2.6 opens only the first item.
  items.push({
    id: TWO_FACTOR,
    title: 'Two-factor authentication',
    content: <TwoFactorSetting />,
  });
  const openFirst = items[0]?.id ?? TIMEZONE;

  return (
    <div className="flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-ink">Settings</h1>
      {/* Keyed by the first item, so the right one opens if the customer's details arrive late. */}
      <Accordion
        key={openFirst}
        multiple
        headingLevel={2}
        items={items}
        defaultValue={[openFirst]}
      />
    </div>
  );
}
