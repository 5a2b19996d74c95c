import type { CustomerId } from '@boon/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Customer } from '@boon/contracts';
import { useAppStore } from '../../state/app-store';
import { useSignedInShell } from '../use-signed-in-shell';
import { CustomerSwitcher } from './customer-switcher';

/** The switcher wired to the customer list and the global customer choice. */
export function SidebarCustomerSwitcher({ customers }: { customers: UseQueryResult<Customer[]> }) {
  const selectedId = useAppStore((state) => state.customerId);
  const queryClient = useQueryClient();
  const shell = useSignedInShell();

  if (customers.isPending) {
    return (
      <p role="status" className="text-sm text-ink-muted">
        Loading customers…
      </p>
    );
  }

  const onSelect = (customerId: CustomerId) => {
    // The choice changes first (switchCustomer sets it before it awaits anything), so nothing
    // refetched below goes out with the new x-customer-id under the old customer's key.
    void shell.switchCustomer(customerId);
    // Everything else cached so far answered for the previous customer.
    void queryClient.invalidateQueries({
      predicate: (query) =>
        query.queryKey[0] !== 'customer-management' ||
        (query.queryKey[1] !== 'customers' && query.queryKey[1] !== 'user'),
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
