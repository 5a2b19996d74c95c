import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearchBoxText } from './use-search-box-text';

describe('useSearchBoxText', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setUp(committed = '') {
    const commit = vi.fn();
    const hook = renderHook(({ value }) => useSearchBoxText(value, commit, 400), {
      initialProps: { value: committed },
    });
    return { commit, hook };
  }

  it('commits the trimmed text once typing pauses, not on every key', () => {
    const { commit, hook } = setUp();
    act(() => hook.result.current.setText('i'));
    act(() => vi.advanceTimersByTime(200));
    act(() => hook.result.current.setText('ini '));
    act(() => vi.advanceTimersByTime(399));
    expect(commit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(commit).toHaveBeenCalledExactlyOnceWith('ini');
  });

  it('commits at once when asked, and not again when the parameter follows', () => {
    const { commit, hook } = setUp();
    act(() => hook.result.current.setText('ini'));
    act(() => hook.result.current.commitNow());
    expect(commit).toHaveBeenCalledExactlyOnceWith('ini');
    hook.rerender({ value: 'ini' });
    act(() => vi.advanceTimersByTime(1000));
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it('shows a parameter changed elsewhere, and drops the wait for what was typed', () => {
    const { commit, hook } = setUp('ini');
    expect(hook.result.current.text).toBe('ini');
    act(() => hook.result.current.setText('initech'));
    hook.rerender({ value: '' });
    expect(hook.result.current.text).toBe('');
    act(() => vi.advanceTimersByTime(1000));
    expect(commit).not.toHaveBeenCalled();
  });

  it('keeps a space being typed when the parameter catches up with the word before it', () => {
    const { hook } = setUp();
    act(() => hook.result.current.setText('acme '));
    hook.rerender({ value: 'acme' });
    expect(hook.result.current.text).toBe('acme ');
  });
});
