import type { AnyRouter } from '@tanstack/react-router';

/** How long a new page may take to show its heading (a lazy chunk, a guard) before we give up. */
export const HEADING_WAIT_MS = 3_000;

/** Focus that a page (or a dialog) placed on purpose, which the heading must not take away. */
function focusPlacedByPage(doc: Document): boolean {
  const active = doc.activeElement;
  if (!active || active === doc.body) return false;
  return (
    active.closest('[role="dialog"], [role="alertdialog"]') !== null ||
    active.matches('input, textarea, select, [contenteditable="true"]')
  );
}

function findHeading(doc: Document): HTMLElement | null {
  return doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector<HTMLElement>('h1');
}

/**
 * After a route change (not the first load, and not a change of search parameters such as a
 * filter), keyboard and screen-reader focus moves to the new page's heading, as if the page had
 * been loaded: the user hears where they are and continues from the top of the content, instead
 * of from a link that no longer exists. The heading takes focus programmatically only
 * (tabIndex -1). Returns a function that detaches it.
 */
export function attachFocusPageHeading(router: AnyRouter, doc: Document = document): () => void {
  let cancelWait: (() => void) | undefined;

  const stop = router.subscribe('onResolved', ({ fromLocation, toLocation }) => {
    cancelWait?.();
    cancelWait = undefined;
    if (!fromLocation || fromLocation.pathname === toLocation.pathname) return;

    const focus = (heading: HTMLElement) => {
      if (focusPlacedByPage(doc)) return;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
    };

    // The page renders after the router resolves, its heading possibly later (a lazy chunk).
    const observer = new MutationObserver(() => {
      const heading = findHeading(doc);
      if (!heading) return;
      finish();
      focus(heading);
    });
    const timer = setTimeout(() => finish(), HEADING_WAIT_MS);
    const frame = requestAnimationFrame(() => {
      const heading = findHeading(doc);
      if (!heading) return;
      finish();
      focus(heading);
    });
    function finish() {
      observer.disconnect();
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      cancelWait = undefined;
    }
    observer.observe(doc.body, { childList: true, subtree: true });
    cancelWait = finish;
  });

  return () => {
    cancelWait?.();
    stop();
  };
}
