import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  globalThis.addEventListener('online', onChange);
  globalThis.addEventListener('offline', onChange);
  return () => {
    globalThis.removeEventListener('online', onChange);
    globalThis.removeEventListener('offline', onChange);
  };
}

/** Whether the browser says it has a connection (navigator.onLine and its events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Says so while the browser is offline, on every page, as a status. The live region around it
 * is always there, so a screen reader hears the sentence when it appears; it empties once the
 * connection is back (and the page holds no empty status meanwhile). No icon: lucide would be the
 * first-screen chunk's only reason to carry its icon base (about 1 KB gzip).
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div aria-live="polite" className="empty:hidden">
      {online ? null : (
        <p
          role="status"
          className="border-b border-line-strong bg-ink px-6 py-2 text-sm text-white md:px-10"
        >
          You&apos;re offline. Nothing you send will go through until the connection is back; pages
          update by themselves then.
        </p>
      )}
    </div>
  );
}
