import type { CustomerId, CustomerSource, Permission } from '@boon/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { storageKeys } from './storage-keys';

/** The value spec 9 gives the UTC override ("Use UTC for dates and times"). */
export const UTC_TIMEZONE = 'Etc/UTC';

/**
 * The shell's global state (spec 3, "Global state"); feature toggles live in their own persisted
 * store (feature-toggle-store.ts). Guards and widgets read it synchronously; the server stays the
 * authority for every rule it mirrors.
 */
export interface AppState {
  /** The customer the user acts for; kept across reloads. */
  customerId: CustomerId | null;
  /** Why the customer list could not be loaded, if it could not. */
  customerErr: string | null;
  /** The selected customer's default currency symbol (spec 3: default $). */
  customerDefaultCurrency: string;
  customerSource: CustomerSource | null;
  playgroundMode: boolean;
  limitedAccess: boolean;
  isUserStaff: boolean;
  /**
   * The access token says the user is staff without a customer of their own: there is no
   * customer list to ask for (GET /customer would answer 404 on every page).
   */
  staffWithoutCustomers: boolean;
  /** The user's permissions for the selected customer, read from the access token. */
  userPermissions: readonly Permission[];
  /** The user's options below have been read from the server. */
  userPropertiesPopulated: boolean;
  balancesTncAccepted: boolean;
  /** null until the user answers the consent question (spec 4.3). */
  dataProcessingTncAccepted: boolean | null;
  /** Etc/UTC when the user chose UTC in Settings; null for the browser's own timezone. */
  timezoneOverride: typeof UTC_TIMEZONE | null;
}

export interface SelectedCustomerState {
  customerDefaultCurrency: string;
  customerSource: CustomerSource | null;
  playgroundMode: boolean;
  limitedAccess: boolean;
}

export interface UserState {
  isStaff: boolean;
  permissions: readonly Permission[];
  options: { useBalancesTncAccepted: boolean; dataProcessingTncAccepted: boolean | null };
}

export interface AppActions {
  setCustomerId(customerId: CustomerId | null): void;
  setCustomerErr(message: string | null): void;
  setSelectedCustomer(customer: SelectedCustomerState): void;
  setUser(user: UserState): void;
  setPermissions(permissions: readonly Permission[]): void;
  setStaffWithoutCustomers(staffWithoutCustomers: boolean): void;
  setTimezoneOverride(timezone: typeof UTC_TIMEZONE | null): void;
  /** Back to a signed-out state, including the persisted customer (logout). */
  reset(): void;
}

const noSelectedCustomer: SelectedCustomerState = {
  customerDefaultCurrency: '$',
  customerSource: null,
  playgroundMode: false,
  limitedAccess: false,
};

const initialState: AppState = {
  customerId: null,
  customerErr: null,
  ...noSelectedCustomer,
  isUserStaff: false,
  staffWithoutCustomers: false,
  userPermissions: [],
  userPropertiesPopulated: false,
  balancesTncAccepted: false,
  dataProcessingTncAccepted: null,
  timezoneOverride: null,
};

export const useAppStore = create<AppState & AppActions>()(
  persist(
    (set) => ({
      ...initialState,
      setCustomerId: (customerId) => set({ customerId }),
      setCustomerErr: (customerErr) => set({ customerErr }),
      setSelectedCustomer: (customer) => set(customer),
      setUser: ({ isStaff, permissions, options }) =>
        set({
          isUserStaff: isStaff,
          userPermissions: permissions,
          userPropertiesPopulated: true,
          balancesTncAccepted: options.useBalancesTncAccepted,
          dataProcessingTncAccepted: options.dataProcessingTncAccepted,
        }),
      setPermissions: (userPermissions) => set({ userPermissions }),
      setStaffWithoutCustomers: (staffWithoutCustomers) => set({ staffWithoutCustomers }),
      setTimezoneOverride: (timezoneOverride) => set({ timezoneOverride }),
      reset: () => set(initialState),
    }),
    {
      name: storageKeys.customerId,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      // Staff flag, permissions and customer flags are re-read from the server on every start,
      // never trusted from storage. The timezone choice is a preference of this browser.
      partialize: (state) => ({
        customerId: state.customerId,
        timezoneOverride: state.timezoneOverride,
      }),
      migrate: (persisted) => persisted as Partial<AppState>,
    },
  ),
);
