import { X } from 'lucide-react';
import { useEffect } from 'react';
import { useNoticeStore } from '../state/notice-store';

/** How long a guard's alert stays before it clears itself. */
const ALERT_MS = 8_000;

/**
 * The guards' alerts (spec 8: "Please select customer id to continue", "Access denied"), shown
 * above the page the user stayed on and announced by screen readers.
 */
export function GuardAlert() {
  const alert = useNoticeStore((state) => state.alert);
  const dismiss = useNoticeStore((state) => state.dismissAlert);
  useEffect(() => {
    if (!alert) return;
    const timer = setTimeout(dismiss, ALERT_MS);
    return () => clearTimeout(timer);
  }, [alert, dismiss]);

  return (
    <div role="alert" aria-live="assertive" className="empty:hidden">
      {alert ? (
        <div
          key={alert.key}
          className="flex items-center justify-between gap-4 rounded-md border border-danger bg-danger-surface px-4 py-3 text-sm font-medium text-danger"
        >
          <span>{alert.message}</span>
          <button
            type="button"
            onClick={dismiss}
            className="rounded p-1 hover:bg-white"
            aria-label="Dismiss"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </div>
  );
}
