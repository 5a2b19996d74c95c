import { useCallback, useRef, useState, type RefCallback } from 'react';

/**
 * Whether the element given to the returned ref is narrower than `width` CSS pixels, kept up to
 * date as it resizes: a container query a component can render differently by, not only style.
 *
 * The first answer is a guess from the window, read once as the component first renders: an
 * element is never wider than its window, so in a narrow window the guess is the answer and
 * nothing is measured until a ResizeObserver reports. In a wider window the element may still
 * be narrower: it is measured as soon as React attaches it, before the browser paints, so the
 * first frame already has the right layout. (Measuring there, or even reading the window's width
 * again, makes the browser lay the page out in the middle of React's commit: on a phone, a
 * quarter of Team's first render, hence the narrow window's guess is kept as it is.) Later
 * reports re-render as any update does: rendering within the observer's callback would resize
 * what it observes there, which browsers report as a "ResizeObserver loop" error. An element
 * that has no width yet (not laid out, or in jsdom) keeps the guess.
 */
export function useNarrowerThan<T extends HTMLElement>(width: number): [RefCallback<T>, boolean] {
  const [narrow, setNarrow] = useState(
    () => typeof window !== 'undefined' && window.innerWidth < width,
  );
  // The window's width as the component first rendered, not read again.
  const narrowWindow = useRef(narrow);
  const ref = useCallback(
    (element: T | null) => {
      if (!element) return;
      const update = () => {
        const measured = element.getBoundingClientRect().width;
        if (measured > 0) setNarrow(measured < width);
      };
      if (!narrowWindow.current) update();
      if (typeof ResizeObserver === 'undefined') return;
      const observer = new ResizeObserver(update);
      observer.observe(element);
      return () => observer.disconnect();
    },
    [width],
  );
  return [ref, narrow];
}
