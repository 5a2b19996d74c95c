import { Checkbox } from '@boon/ui';
import { track } from '../../../analytics/analytics';
import { localTimeZone, useDateFormat } from '@boon/console-kit';
import { UTC_TIMEZONE, useAppStore } from '@boon/console-kit/shell';
import { useNowEveryMinute } from '../use-now';

/** The analytics event for ticking or unticking "Use UTC for dates and times" (spec 4.5). */
export const TIMEZONE_CHANGED_EVENT = 'Timezone changed';

/**
 * Settings' "Your timezone" (spec 2.6, 4.5): ticking the box sets the override to Etc/UTC,
 * unticking clears it so the browser's timezone is used; both are tracked with the zone dates are
 * shown in from then on. Below, the zone in use and the current date and time in that format.
 */
export function TimezoneSetting() {
  const timezoneOverride = useAppStore((state) => state.timezoneOverride);
  const setTimezoneOverride = useAppStore((state) => state.setTimezoneOverride);
  const format = useDateFormat();
  const now = useNowEveryMinute();

  const choose = (useUtc: boolean) => {
    setTimezoneOverride(useUtc ? UTC_TIMEZONE : null);
    track(TIMEZONE_CHANGED_EVENT, { timezone: useUtc ? UTC_TIMEZONE : localTimeZone() });
  };

  return (
    <div className="flex flex-col gap-4">
      <Checkbox
        label="Use UTC for dates and times"
        checked={timezoneOverride !== null}
        onChange={choose}
      />
      <p className="text-sm text-ink">
        {format.usesUtc
          ? 'Dates and times are shown in UTC'
          : `Dates and times are shown in your local timezone (${format.timeZoneName})`}
        <sup aria-hidden="true">1</sup>: it is now{' '}
        <time dateTime={now.toISOString()} className="font-medium">
          {format.formatDateTime(now)}
        </time>
        <sup aria-hidden="true">2</sup>.
      </p>
      <ol
        aria-label="Notes"
        className="flex list-decimal flex-col gap-1 pl-5 text-xs text-ink-muted"
      >
        <li>The timezone in Billing and Finance is always UTC, regardless of this setting.</li>
        <li>Some dates and times may use a different format because of technical limitations.</li>
      </ol>
    </div>
  );
}
