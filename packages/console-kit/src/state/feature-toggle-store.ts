import {
  featureToggleDefaults,
  resolveFeatureToggles,
  type FeatureToggleKey,
  type FeatureToggles,
} from '@boon/domain';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { storageKeys } from './storage-keys';

interface FeatureToggleState {
  toggles: FeatureToggles;
  setToggle(key: FeatureToggleKey, on: boolean): void;
  resetToggles(): void;
}

/**
 * The feature toggles of spec 6, persisted in this browser (staff edit them at /debug/features).
 * They switch screens on and off; the server enforces every permission regardless.
 */
export const useFeatureToggleStore = create<FeatureToggleState>()(
  persist(
    (set) => ({
      toggles: { ...featureToggleDefaults },
      setToggle: (key, on) => set((state) => ({ toggles: { ...state.toggles, [key]: on } })),
      resetToggles: () => set({ toggles: { ...featureToggleDefaults } }),
    }),
    {
      name: storageKeys.featureToggles,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ toggles: state.toggles }),
      // A stored entry from an older build (or edited by hand) never breaks the console.
      merge: (persisted, current) => ({
        ...current,
        toggles: resolveFeatureToggles((persisted as { toggles?: unknown } | undefined)?.toggles),
      }),
    },
  ),
);

export function useFeatureToggle(key: FeatureToggleKey): boolean {
  return useFeatureToggleStore((state) => state.toggles[key]);
}
