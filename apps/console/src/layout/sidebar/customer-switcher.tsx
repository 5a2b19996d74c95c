import type { Customer, CustomerId } from '@boon/contracts';
import { ListboxSelect, type SelectOption } from '@boon/ui';
import { customerLabelClasses, OnlyCustomer } from './only-customer';

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
 * The sidebar's customer switcher (spec 2.1): one customer is simply named; several give a list
 * sorted by name with the placeholder "Select a customer", and until one is chosen the note
 * "Please select customer" says what to do (a note, not an error: nothing has gone wrong).
 * Switching acts for another company, so it happens only when a choice is committed (Enter or a
 * click), never while the arrow keys browse the list. Without customers it shows nothing (Home
 * explains).
 */
export function CustomerSwitcher({ customers, selectedId, onSelect }: CustomerSwitcherProps) {
  const [only] = customers;

  if (customers.length === 0) return null;

  if (customers.length === 1 && only) return <OnlyCustomer customer={only} />;

  const options: SelectOption<CustomerId>[] = sortByName(customers).map((customer) => ({
    id: customer.customerId,
    value: customer.customerId,
    label: customer.customerName,
  }));
  const selected = options.some((option) => option.value === selectedId);
  return (
    <ListboxSelect
      label="Customer"
      labelClassName={customerLabelClasses}
      options={options}
      value={selected ? selectedId : null}
      placeholder="Select a customer"
      hint={selected ? undefined : 'Please select customer'}
      onChange={(customerId) => {
        if (customerId !== selectedId) onSelect(customerId);
      }}
    />
  );
}
