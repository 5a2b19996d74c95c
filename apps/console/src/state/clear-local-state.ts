import { useAppStore, storageKeys } from '@boon/console-kit/shell';

/**
 * Forgets everything the console kept about the signed-in user on this device (spec 4.2:
 * logout clears order-history filters, the customer and the staff flag).
 */
export function clearLocalState(storage: Storage = localStorage): void {
  useAppStore.getState().reset();
  useAppStore.persist.clearStorage();
  storage.removeItem(storageKeys.orderHistoryFilters);
}
