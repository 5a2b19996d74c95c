import { useCallback, type RefCallback } from 'react';

/**
 * A ref for a container that may scroll sideways (a wide table on a phone). While it overflows,
 * it is a tab stop, since a keyboard can only scroll what it can focus, and a region named
 * `label`, so a screen reader says what got focus; while everything fits it is neither, so wide
 * screens get no extra tab stop. The attributes are set in the resize callback itself, not
 * through state, so they are right before the frame that shows the new size is painted.
 * The observer also reports the first size, after layout and before the first paint; measuring
 * in the ref itself would force a layout in the middle of React's commit (a forced reflow).
 */
export function useKeyboardScrollable<T extends HTMLElement>(label: string): RefCallback<T> {
  return useCallback(
    (element: T | null) => {
      if (!element || typeof ResizeObserver === 'undefined') return;
      const update = () => {
        if (element.scrollWidth > element.clientWidth) {
          element.setAttribute('tabindex', '0');
          element.setAttribute('role', 'region');
          element.setAttribute('aria-label', label);
        } else {
          element.removeAttribute('tabindex');
          element.removeAttribute('role');
          element.removeAttribute('aria-label');
        }
      };
      const observer = new ResizeObserver(update);
      observer.observe(element);
      for (const child of element.children) observer.observe(child);
      return () => observer.disconnect();
    },
    [label],
  );
}
