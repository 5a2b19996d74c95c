import { useCallback, useState, type RefCallback } from 'react';
import { flushSync } from 'react-dom';

/**
 * Whether the element given to the returned ref is narrower than `width` CSS pixels, kept up to
 * date as it resizes: a container query a component can render differently by, not only style.
 *
 * The first answer is a guess from the window (an element is never wider than it). The element
 * is then measured only where a ResizeObserver reports it: its first report comes after the
 * browser's own layout and before the paint, and a changed answer is rendered there at once
 * (flushSync), so the first frame already has the right layout and nothing jumps. Measuring in
 * the ref instead, or even reading the window's width there, made the browser lay the page out
 * in the middle of React's commit: on a phone, a quarter of Team's first render. Without a
 * ResizeObserver (jsdom, old browsers) the element is measured at once; one that has no width
 * yet keeps the guess.
 */
export function useNarrowerThan<T extends HTMLElement>(width: number): [RefCallback<T>, boolean] {
  const [narrow, setNarrow] = useState(
    () => typeof window !== 'undefined' && window.innerWidth < width,
  );
  const ref = useCallback(
    (element: T | null) => {
      if (!element) return;
      const measured = () => element.getBoundingClientRect().width;
      if (typeof ResizeObserver === 'undefined') {
        const now = measured();
        if (now > 0) setNarrow(now < width);
        return;
      }
      const observer = new ResizeObserver(() => {
        const now = measured();
        if (now > 0) flushSync(() => setNarrow(now < width));
      });
      observer.observe(element);
      return () => observer.disconnect();
    },
    [width],
  );
  return [ref, narrow];
}
