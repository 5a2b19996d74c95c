import { afterEach, beforeEach, vi } from 'vitest';
import { useAppStore } from '../state/app-store';
import { useFeatureToggleStore } from '../state/feature-toggle-store';

/**
 * Each test of the file starts as a new visit: no stored session or choices, the shell's state
 * and the feature toggles at their defaults; and what a test stubbed or spied on is undone after
 * it. Call it once at the top of a test file.
 */
export function freshConsoleForEachTest(): void {
  beforeEach(() => {
    localStorage.clear();
    useAppStore.getState().reset();
    useFeatureToggleStore.getState().resetToggles();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
