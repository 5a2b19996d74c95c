import type { Customer, CustomerId } from '@boon/contracts';
import { useId } from 'react';

export interface CustomerSwitcherProps {
  customers: readonly Customer[];
  selectedId: CustomerId | null;
  onSelect(customerId: CustomerId): void;
}

/** Customers in name order, as people scan a list (spec 2.1). */
export function sortByName(customers: readonly Customer[]): Customer[] {
  return [...customers].sort((a, b) =>
    a.customerName.localeCompare(b.customerName, undefined, { sensitivity: 'base' }),
  );
}

/**
 * The sidebar's customer switcher (spec 2.1): one customer is simply named; several give a
 * select sorted by name with the placeholder "Select a customer", and until one is chosen the
 * note "Please select customer" shows. Without customers it shows nothing (Home explains).
 */
export function CustomerSwitcher({ customers, selectedId, onSelect }: CustomerSwitcherProps) {
  const selectId = useId();
  const noteId = useId();
  const [only] = customers;

  if (customers.length === 0) return null;

  if (customers.length === 1 && only) {
    return (
      <div className="flex flex-col gap-1">
        <span className="text-xs font-medium tracking-wide text-ink-muted uppercase">Customer</span>
        <span className="truncate text-sm font-semibold text-ink" title={only.customerName}>
          {only.customerName}
        </span>
      </div>
    );
  }

  const selected = customers.some((customer) => customer.customerId === selectedId);
  return (
    <div className="flex flex-col gap-1">
      <label
        htmlFor={selectId}
        className="text-xs font-medium tracking-wide text-ink-muted uppercase"
      >
        Customer
      </label>
      <select
        id={selectId}
        value={selected && selectedId ? selectedId : ''}
        onChange={(event) => onSelect(event.target.value as CustomerId)}
        aria-describedby={selected ? undefined : noteId}
        className="w-full rounded-md border border-line bg-surface px-2 py-1.5 text-sm text-ink"
      >
        <option value="" disabled>
          Select a customer
        </option>
        {sortByName(customers).map((customer) => (
          <option key={customer.customerId} value={customer.customerId}>
            {customer.customerName}
          </option>
        ))}
      </select>
      {selected ? null : (
        <p id={noteId} className="text-xs font-medium text-danger">
          Please select customer
        </p>
      )}
    </div>
  );
}
