import { useCallback, useState, type RefCallback } from 'react';

/**
 * Whether the element given to the returned ref is narrower than `width` CSS pixels, kept up to
 * date as it resizes: a container query a component can render differently by, not only style.
 *
 * The first answer is a guess from the window (an element is never wider than it). Where the
 * window is wider than `width` the guess may be wrong, so the element is measured as soon as
 * React attaches it, before the browser paints, and a state update made there is rendered before
 * the paint too, so the first frame already has the right layout and nothing jumps. An element
 * that has no width yet (not laid out, or in jsdom) keeps the guess.
 */
export function useNarrowerThan<T extends HTMLElement>(width: number): [RefCallback<T>, boolean] {
  const [narrow, setNarrow] = useState(
    () => typeof window !== 'undefined' && window.innerWidth < width,
  );
  const ref = useCallback(
    (element: T | null) => {
      if (!element) return;
      const update = () => {
        const measured = element.getBoundingClientRect().width;
        if (measured > 0) setNarrow(measured < width);
      };
      // In a window narrower than `width` the element is too, without measuring it: measuring
      // here makes the browser lay the page out in the middle of React's commit, which on a
      // phone was a quarter of Team's first render.
      if (window.innerWidth < width) setNarrow(true);
      else update();
      if (typeof ResizeObserver === 'undefined') return;
      const observer = new ResizeObserver(update);
      observer.observe(element);
      return () => observer.disconnect();
    },
    [width],
  );
  return [ref, narrow];
}
