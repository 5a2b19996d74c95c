import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNowEveryMinute } from './use-now';

describe('useNowEveryMinute', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renews the time at the start of each minute', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-21T10:00:45Z'));
    const { result } = renderHook(() => useNowEveryMinute());
    expect(result.current.toISOString()).toBe('2026-11-21T10:00:45.000Z');

    act(() => vi.advanceTimersByTime(14_999));
    expect(result.current.toISOString()).toBe('2026-11-21T10:00:45.000Z');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toISOString()).toBe('2026-11-21T10:01:00.000Z');
    act(() => vi.advanceTimersByTime(60_000));
    expect(result.current.toISOString()).toBe('2026-11-21T10:02:00.000Z');
  });

  it('stops when unmounted', () => {
    vi.useFakeTimers();
    const { unmount } = renderHook(() => useNowEveryMinute());
    expect(vi.getTimerCount()).toBe(1);
    act(() => vi.advanceTimersByTime(60_000));
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
