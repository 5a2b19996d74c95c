import type { CustomerId } from '@boon/contracts';
import { BellRing, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { getConsoleConfig } from '@boon/console-kit';
import { notificationPreferencesUrl } from '../settings-rules';

/**
 * Settings' "Balance notifications" (spec 2.6): balance warning thresholds of migrated customers
 * still live on the older platform, so a message box sends the user there, in a new tab.
 */
export function BalanceNotifications({ customerId }: { customerId: CustomerId }) {
  const headingId = useId();
  const href = notificationPreferencesUrl(getConsoleConfig().api.connect, customerId);

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col items-start gap-3 rounded-md border border-brand-200 bg-brand-50 p-4"
    >
      <h3 id={headingId} className="flex items-center gap-2 font-semibold text-ink">
        <BellRing className="h-4 w-4 text-brand-700" aria-hidden="true" />
        Looking for your balance warning thresholds?
      </h3>
      <p className="text-sm text-ink-muted">
        Your balance notifications are still managed on the platform your account moved from.
      </p>
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white transition-colors hover:bg-brand-700"
      >
        Notification preferences
        <ExternalLink className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </section>
  );
}
