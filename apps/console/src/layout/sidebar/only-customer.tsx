import type { Customer } from '@boon/contracts';

/** The label above the customer, named alone or in the switcher. */
export const customerLabelClasses = 'text-xs font-medium tracking-wide text-ink-muted uppercase';

/** The one customer a user belongs to, named: there is nothing to choose. */
export function OnlyCustomer({ customer }: { customer: Customer }) {
  return (
    <div className="flex flex-col gap-1">
      <span className={customerLabelClasses}>Customer</span>
      <span className="truncate text-sm font-semibold text-ink" title={customer.customerName}>
        {customer.customerName}
      </span>
    </div>
  );
}
