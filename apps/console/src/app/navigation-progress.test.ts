import type { AnyRouter } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  attachNavigationProgress,
  PROGRESS_DELAY_MS,
  PROGRESS_TRICKLE_MS,
} from './navigation-progress';
import { attachScrollToTop } from './scroll-to-top';

type Listener = (event: { hrefChanged: boolean }) => void;

function fakeRouter(leafStaticData: Record<string, unknown> = {}) {
  const listeners: Record<string, Listener[]> = {};
  const router = {
    subscribe: (event: string, listener: Listener) => {
      (listeners[event] ??= []).push(listener);
      return () => {
        listeners[event] = (listeners[event] ?? []).filter((l) => l !== listener);
      };
    },
    state: { matches: [{ staticData: leafStaticData }] },
  };
  const emit = (event: string, payload = { hrefChanged: true }) =>
    (listeners[event] ?? []).forEach((listener) => listener(payload));
  return { router: router as unknown as AnyRouter, emit };
}

function fakeProgress() {
  return { configure: vi.fn(), start: vi.fn(), done: vi.fn() };
}

describe('the navigation progress bar (spec 2.7, 9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('trickles every 200 ms', () => {
    const progress = fakeProgress();
    attachNavigationProgress(fakeRouter().router, progress as never);
    expect(progress.configure).toHaveBeenCalledWith(
      expect.objectContaining({ trickleSpeed: PROGRESS_TRICKLE_MS, showSpinner: false }),
    );
    expect(PROGRESS_TRICKLE_MS).toBe(200);
  });

  it('never shows for a navigation done within 150 ms', () => {
    const progress = fakeProgress();
    const { router, emit } = fakeRouter();
    attachNavigationProgress(router, progress as never);

    emit('onBeforeLoad');
    vi.advanceTimersByTime(PROGRESS_DELAY_MS - 1);
    emit('onResolved');
    vi.advanceTimersByTime(1000);

    expect(progress.start).not.toHaveBeenCalled();
    expect(progress.done).not.toHaveBeenCalled();
  });

  it('shows after 150 ms and finishes when the page resolves', () => {
    const progress = fakeProgress();
    const { router, emit } = fakeRouter();
    attachNavigationProgress(router, progress as never);

    emit('onBeforeLoad');
    vi.advanceTimersByTime(PROGRESS_DELAY_MS);
    expect(progress.start).toHaveBeenCalledTimes(1);
    emit('onResolved');
    expect(progress.done).toHaveBeenCalledTimes(1);
  });

  it('draws a bar hidden from assistive technology with the real nprogress', () => {
    const { router, emit } = fakeRouter();
    const errors = vi.spyOn(console, 'error');
    attachNavigationProgress(router);

    emit('onBeforeLoad');
    vi.advanceTimersByTime(PROGRESS_DELAY_MS + PROGRESS_TRICKLE_MS * 2);
    const bar = document.querySelector('#nprogress .bar');
    expect(bar).not.toBeNull();
    expect(bar).toHaveAttribute('aria-hidden', 'true');
    expect(bar?.getAttribute('role')).toBeNull();
    emit('onResolved');
    vi.advanceTimersByTime(1000);
    expect(errors).not.toHaveBeenCalled();
  });

  it('stops listening when detached', () => {
    const progress = fakeProgress();
    const { router, emit } = fakeRouter();
    const detach = attachNavigationProgress(router, progress as never);
    detach();

    emit('onBeforeLoad');
    vi.advanceTimersByTime(PROGRESS_DELAY_MS * 2);
    expect(progress.start).not.toHaveBeenCalled();
  });
});

describe('scroll to top on steps that ask for it (spec 2.7)', () => {
  it('scrolls when a marked step is entered', () => {
    const { router, emit } = fakeRouter({ scrollToTop: true });
    const scrollTo = vi.fn();
    attachScrollToTop(router, scrollTo);

    emit('onResolved');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('leaves other pages and same-address re-renders alone', () => {
    const unmarked = fakeRouter({});
    const scrollTo = vi.fn();
    attachScrollToTop(unmarked.router, scrollTo);
    unmarked.emit('onResolved');

    const marked = fakeRouter({ scrollToTop: true });
    attachScrollToTop(marked.router, scrollTo);
    marked.emit('onResolved', { hrefChanged: false });

    expect(scrollTo).not.toHaveBeenCalled();
  });
});
