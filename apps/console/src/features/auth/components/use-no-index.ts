import { useEffect } from 'react';

/**
 * Tells search engines not to index the page while it is shown (spec 2.2, /signup): a
 * `<meta name="robots" content="noindex">` in the head, removed again on leaving.
 */
export function useNoIndex(): void {
  useEffect(() => {
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, []);
}
