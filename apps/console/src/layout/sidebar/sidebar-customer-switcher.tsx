import type { CustomerId, Customer } from '@boon/contracts';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { errorMessage, isUserKey } from '@boon/console-kit';
import { useAppStore } from '@boon/console-kit/shell';
import { useSignedInShell } from '../use-signed-in-shell';
import { OnlyCustomer } from './only-customer';

/**
 * The list of several customers loads when someone has several: its listbox (Radix Select and
 * Floating UI) is the largest part of the signed-in layout's code, and most users belong to one
 * customer, whom the sidebar simply names.
 */
const CustomerSwitcher = lazy(() =>
  import('./customer-switcher').then((module) => ({ default: module.CustomerSwitcher })),
);

/** The switcher's box while its data or its code is on the way, so nothing moves on arrival. */
function SwitcherPlaceholder() {
  return (
    <div className="flex flex-col gap-1" aria-hidden="true">
      <span className="h-3 w-16 animate-pulse rounded bg-line" />
      <span className="h-9 w-full animate-pulse rounded-md bg-line" />
    </div>
  );
}

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

  if (customers.isPending) return <SwitcherPlaceholder />;

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
  const list = customers.data ?? [];
  const [only] = list;
  if (list.length === 0) return null;
  if (list.length === 1 && only) return <OnlyCustomer customer={only} />;
  return (
    <Suspense fallback={<SwitcherPlaceholder />}>
      <CustomerSwitcher
        customers={list}
        selectedId={selectedId}
        onSelect={(customerId) => void onSelect(customerId)}
      />
    </Suspense>
  );
}
