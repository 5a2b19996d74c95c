import type { CustomerId, CustomerSource, Permission } from '@boon/contracts';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore, type UTC_TIMEZONE } from './app-store';

export { useFeatureToggle } from './feature-toggle-store';

// What console apps may read of the shell's global state (spec 3). Reads only: the shell alone
// changes it (session, customer switcher, Settings), so no app can switch the customer or grant
// itself a permission under the shell's feet.

/** The customer the user acts for; null before one is chosen. */
export function useSelectedCustomerId(): CustomerId | null {
  return useAppStore((state) => state.customerId);
}

/** The same outside React (query functions, event handlers), read at the moment of the call. */
export function getSelectedCustomerId(): CustomerId | null {
  return useAppStore.getState().customerId;
}

export interface SelectedCustomer {
  customerId: CustomerId | null;
  /** The customer's default currency symbol (spec 3: default $). */
  defaultCurrencySymbol: string;
  source: CustomerSource | null;
  playgroundMode: boolean;
  limitedAccess: boolean;
}

/** The selected customer's flags the shell keeps; re-renders only when one of them changes. */
export function useSelectedCustomer(): SelectedCustomer {
  return useAppStore(
    useShallow((state) => ({
      customerId: state.customerId,
      defaultCurrencySymbol: state.customerDefaultCurrency,
      source: state.customerSource,
      playgroundMode: state.playgroundMode,
      limitedAccess: state.limitedAccess,
    })),
  );
}

/** The user's permissions at the selected customer (spec 5), as the access token grants them. */
export function usePermissions(): readonly Permission[] {
  return useAppStore((state) => state.userPermissions);
}

export function useHasPermission(permission: Permission): boolean {
  return useAppStore((state) => state.userPermissions.includes(permission));
}

/** Whether the user accepted the balances terms (spec 5's useBalancesTncAccepted option). */
export function useBalancesTermsAccepted(): boolean {
  return useAppStore((state) => state.balancesTncAccepted);
}

export function useIsStaff(): boolean {
  return useAppStore((state) => state.isUserStaff);
}

/** Etc/UTC when the user chose UTC in Settings; null for the browser's own timezone. */
export function useTimezoneOverride(): typeof UTC_TIMEZONE | null {
  return useAppStore((state) => state.timezoneOverride);
}
