import { vi } from 'vitest';

/** A box `width` CSS pixels wide and 40 tall, as getBoundingClientRect reports one. */
export function box(width: number): DOMRect {
  return {
    width,
    height: 40,
    x: 0,
    y: 0,
    top: 0,
    left: 0,
    right: width,
    bottom: 40,
    toJSON: () => ({}),
  };
}

/**
 * jsdom lays nothing out: every element reports this width until the test says otherwise
 * (through the returned spy, which `vi.restoreAllMocks()` removes).
 */
export function layOutAt(width: number) {
  return vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(box(width));
}

/**
 * jsdom has no ResizeObserver: a stand-in whose notifications the test sends (`resized`), to
 * every observer made since (removed by `vi.unstubAllGlobals()`).
 */
export function stubResizeObserver() {
  const callbacks: (() => void)[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return {
    resized: () => {
      for (const callback of callbacks) callback();
    },
  };
}
