import { create } from 'zustand';

/**
 * Shell-wide notices that outlive the navigation raising them: the guards' alerts ("Please select
 * customer id to continue", "Access denied") and the playground limitation modal.
 */
interface NoticeState {
  /** The current alert; `key` changes on every raise so the same text is announced again. */
  alert: { message: string; key: number } | null;
  playgroundLimitOpen: boolean;
  showAlert(message: string): void;
  dismissAlert(): void;
  openPlaygroundLimit(): void;
  closePlaygroundLimit(): void;
}

let alertKey = 0;

export const useNoticeStore = create<NoticeState>()((set) => ({
  alert: null,
  playgroundLimitOpen: false,
  showAlert: (message) => set({ alert: { message, key: (alertKey += 1) } }),
  dismissAlert: () => set({ alert: null }),
  openPlaygroundLimit: () => set({ playgroundLimitOpen: true }),
  closePlaygroundLimit: () => set({ playgroundLimitOpen: false }),
}));
