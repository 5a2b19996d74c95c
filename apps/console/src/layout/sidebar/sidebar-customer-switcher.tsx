import type { CustomerId, Customer } from '@boon/contracts';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { errorMessage, isUserKey } from '@boon/console-kit';
import { useAppStore } from '@boon/console-kit/shell';
import { useSignedInShell } from '../use-signed-in-shell';
import { CustomerSwitcher } from './customer-switcher';

export interface SidebarCustomerSwitcherProps {
  customers: UseQueryResult<Customer[]>;
  /** Says what a switch did, for the sidebar's live region ("Now working in …"). */
  announce(message: string): void;
}

/** The switcher wired to the customer list and the global customer choice. */
export function SidebarCustomerSwitcher({ customers, announce }: SidebarCustomerSwitcherProps) {
  const selectedId = useAppStore((state) => state.customerId);
  const queryClient = useQueryClient();
  const shell = useSignedInShell();

  if (customers.isPending) {
    return (
      <div className="flex flex-col gap-1" aria-hidden="true">
        <span className="h-3 w-16 animate-pulse rounded bg-line" />
        <span className="h-9 w-full animate-pulse rounded-md bg-line" />
      </div>
    );
  }

  const onSelect = async (customerId: CustomerId) => {
    const name = customers.data?.find((c) => c.customerId === customerId)?.customerName;
    // Everything cached so far answered for the previous customer; switchCustomer drops its
    // tenant data, and the user's own queries that depend on the customer are asked again.
    const switching = shell.switchCustomer(customerId);
    void queryClient.invalidateQueries({ predicate: (query) => !isUserKey(query.queryKey) });
    try {
      await switching;
      announce(`Now working in ${name ?? customerId}`);
    } catch (error) {
      announce(`We couldn't switch to ${name ?? customerId}. ${errorMessage(error)}`);
    }
  };

  // A failed list counts as empty (spec 7); Home says what went wrong.
  return (
    <CustomerSwitcher
      customers={customers.data ?? []}
      selectedId={selectedId}
      onSelect={(customerId) => void onSelect(customerId)}
    />
  );
}
