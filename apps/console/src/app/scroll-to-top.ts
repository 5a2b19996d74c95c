import type { AnyRouter } from '@tanstack/react-router';

/**
 * Steps marked `scrollToTop` (spec 2.7) start at the top even when the router would keep the
 * scroll position (a step changing only its search parameters, say).
 */
export function attachScrollToTop(
  router: AnyRouter,
  scrollTo: (x: number, y: number) => void = (x, y) => window.scrollTo(x, y),
): () => void {
  return router.subscribe('onResolved', ({ hrefChanged }) => {
    const leaf = router.state.matches.at(-1);
    if (hrefChanged && leaf?.staticData.scrollToTop) scrollTo(0, 0);
  });
}
