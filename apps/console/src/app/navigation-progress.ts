import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import type { AnyRouter } from '@tanstack/react-router';

/** Spec 9: the progress bar appears after 150 ms and trickles every 200 ms. */
export const PROGRESS_DELAY_MS = 150;
export const PROGRESS_TRICKLE_MS = 200;

/**
 * Shows nprogress's bar for navigations that take longer than the delay (spec 2.7): quick ones
 * never flash it. Returns a function that detaches it.
 */
export function attachNavigationProgress(
  router: AnyRouter,
  progress: Pick<typeof NProgress, 'configure' | 'start' | 'done'> = NProgress,
): () => void {
  progress.configure({
    showSpinner: false,
    trickleSpeed: PROGRESS_TRICKLE_MS,
    // nprogress's own template gives the bar role="bar", which is not an ARIA role; the bar is
    // decoration (the page announces its own loading states), so it is hidden from assistive tech.
    template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
    barSelector: '.bar',
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shown = false;
  const stopStart = router.subscribe('onBeforeLoad', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      shown = true;
      progress.start();
    }, PROGRESS_DELAY_MS);
  });
  const stopResolved = router.subscribe('onResolved', () => {
    clearTimeout(timer);
    if (shown) progress.done();
    shown = false;
  });
  return () => {
    clearTimeout(timer);
    stopStart();
    stopResolved();
  };
}
