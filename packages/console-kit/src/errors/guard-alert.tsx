import { useRouterState } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { useEffect } from 'react';
import { useNoticeStore } from '../state/notice-store';

/**
 * The guards' alerts (spec 8: "Please select customer id to continue", "Access denied"), shown
 * above the page the user stayed on and announced by screen readers. An alert stays until it is
 * dismissed or the user moves on to another page: no timer takes it away before it is read.
 */
export function GuardAlert() {
  const alert = useNoticeStore((state) => state.alert);
  const dismiss = useNoticeStore((state) => state.dismissAlert);
  const href = useRouterState({ select: (state) => state.resolvedLocation?.href ?? null });
  useEffect(() => {
    if (alert && href !== null && href !== alert.href) dismiss();
  }, [alert, href, dismiss]);

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
