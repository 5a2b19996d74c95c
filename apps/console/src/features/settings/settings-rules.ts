import type { CustomerId, CustomerSource, Permission } from '@boon/contracts';

/** Spec 2.6: the permissions that let a migrated customer's user see "Balance notifications". */
export const BALANCE_NOTIFICATIONS_PERMISSIONS = [
  'write:top_up_by_bank',
  'write:top_up_by_card',
] as const satisfies readonly Permission[];

/**
 * Spec 2.6: "Balance notifications" shows only to customers migrated from the older platform
 * whose user holds write:top_up_by_bank or write:top_up_by_card (and a customer is selected,
 * since the link names it).
 */
export function showsBalanceNotifications(
  customerSource: CustomerSource | null,
  permissions: readonly Permission[],
  customerId: CustomerId | null,
): customerId is CustomerId {
  return (
    customerId !== null &&
    customerSource === 'migrated-from-connect' &&
    BALANCE_NOTIFICATIONS_PERMISSIONS.some((permission) => permissions.includes(permission))
  );
}

/**
 * The older platform's notification-preferences page for a customer: the configured connect base
 * (absolute, or a path on this origin) + /notification-preferences?customerId=<id>.
 */
export function notificationPreferencesUrl(
  connectBaseUrl: string,
  customerId: CustomerId,
  origin: string = window.location.origin,
): string {
  const url = new URL(`${connectBaseUrl.replace(/\/+$/, '')}/notification-preferences`, origin);
  url.searchParams.set('customerId', customerId);
  return url.toString();
}
