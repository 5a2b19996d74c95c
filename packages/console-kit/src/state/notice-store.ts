import { create } from 'zustand';

/**
 * Shell-wide notices that outlive the navigation raising them: the guards' alerts ("Please select
 * customer id to continue", "Access denied") and the playground limitation modal.
 */
interface NoticeState {
  /**
   * The current alert and the page it was raised on (it goes once the user leaves that page);
   * `key` changes on every raise so the same text is announced again.
   */
  alert: { message: string; key: number; href: string } | null;
  playgroundLimitOpen: boolean;
  showAlert(message: string, href: string): void;
  dismissAlert(): void;
  openPlaygroundLimit(): void;
  closePlaygroundLimit(): void;
}

let alertKey = 0;

export const useNoticeStore = create<NoticeState>()((set) => ({
  alert: null,
  playgroundLimitOpen: false,
  showAlert: (message, href) => set({ alert: { message, key: (alertKey += 1), href } }),
  dismissAlert: () => set({ alert: null }),
  openPlaygroundLimit: () => set({ playgroundLimitOpen: true }),
  closePlaygroundLimit: () => set({ playgroundLimitOpen: false }),
}));
