import { useQueryClient } from '@tanstack/react-query';
import type { CustomerId } from '@boon/contracts';
import { useCustomers } from '../../session/api/get-customers';
import { useAppStore } from '../../state/app-store';
import { CustomerSwitcher } from './customer-switcher';

/** The switcher wired to the customer list and the global customer choice. */
export function SidebarCustomerSwitcher() {
  const customers = useCustomers();
  const selectedId = useAppStore((state) => state.customerId);
  const setCustomerId = useAppStore((state) => state.setCustomerId);
  const queryClient = useQueryClient();

  if (customers.isPending) {
    return (
      <p role="status" className="text-sm text-ink-muted">
        Loading customers…
      </p>
    );
  }

  const onSelect = (customerId: CustomerId) => {
    setCustomerId(customerId);
    // Everything cached so far answered for the previous customer.
    void queryClient.invalidateQueries({
      predicate: (query) =>
        query.queryKey[0] !== 'customer-management' || query.queryKey[1] !== 'customers',
    });
  };

  // A failed list counts as empty (spec 7); Home says what went wrong.
  return (
    <CustomerSwitcher
      customers={customers.data ?? []}
      selectedId={selectedId}
      onSelect={onSelect}
    />
  );
}
