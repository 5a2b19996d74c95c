import type { CustomerId, Permission } from '@boon/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { storageKeys } from './storage-keys';

/**
 * The shell's global state (spec 3, "Global state") as far as it exists yet. Guards and widgets
 * read it synchronously; the server stays the authority for every rule it mirrors.
 */
export interface AppState {
  /** The customer the user acts for; kept across reloads. */
  customerId: CustomerId | null;
  /** Why the customer list could not be loaded, if it could not. */
  customerErr: string | null;
  isUserStaff: boolean;
  /** The user's permissions for the selected customer. */
  userPermissions: readonly Permission[];
}

export interface AppActions {
  setCustomerId(customerId: CustomerId | null): void;
  setCustomerErr(message: string | null): void;
  setUser(user: { isStaff: boolean; permissions: readonly Permission[] }): void;
  /** Back to a signed-out state, including the persisted customer (logout). */
  reset(): void;
}

const initialState: AppState = {
  customerId: null,
  customerErr: null,
  isUserStaff: false,
  userPermissions: [],
};

export const useAppStore = create<AppState & AppActions>()(
  persist(
    (set) => ({
      ...initialState,
      setCustomerId: (customerId) => set({ customerId }),
      setCustomerErr: (customerErr) => set({ customerErr }),
      setUser: ({ isStaff, permissions }) =>
        set({ isUserStaff: isStaff, userPermissions: permissions }),
      reset: () => set(initialState),
    }),
    {
      name: storageKeys.customerId,
      storage: createJSONStorage(() => localStorage),
      // Staff flag and permissions are re-read from the server on every start, never trusted.
      partialize: (state) => ({ customerId: state.customerId }),
    },
  ),
);
