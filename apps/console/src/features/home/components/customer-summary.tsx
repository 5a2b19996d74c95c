import { roleLabels, type Customer, type Role } from '@boon/contracts';
import { Button } from '@boon/ui';
import { Building2 } from 'lucide-react';
import { useId, type ReactNode } from 'react';

export type CustomerSummaryState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string; retry: () => void }
  | { kind: 'none' }
  | { kind: 'unselected' }
  | { kind: 'selected'; customer: Customer; roles: readonly Role[] };

/** Home's card about the customer the user acts for, in each state the customer list can be in. */
export function CustomerSummary({ state }: { state: CustomerSummaryState }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-line bg-surface p-6 shadow-sm"
    >
      <h2 id={headingId} className="mb-4 flex items-center gap-2 text-lg font-semibold text-ink">
        <Building2 className="h-5 w-5 text-brand-600" aria-hidden="true" />
        Your customer
      </h2>
      <CustomerSummaryBody state={state} />
    </section>
  );
}

function CustomerSummaryBody({ state }: { state: CustomerSummaryState }): ReactNode {
  switch (state.kind) {
    case 'loading':
      return (
        <p role="status" className="text-ink-muted">
          Loading your customers…
        </p>
      );
    case 'error':
      return (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-danger">We couldn&apos;t load your customers: {state.message}</p>
          <Button variant="secondary" onClick={state.retry}>
            Try again
          </Button>
        </div>
      );
    case 'none':
      return (
        <div className="flex flex-col gap-2 text-ink-muted">
          <p className="font-medium text-ink">You don&apos;t belong to a customer yet.</p>
          <p>
            Once a teammate invites you, or your company&apos;s account is approved, it appears here
            and you can start ordering rewards.
          </p>
        </div>
      );
    case 'unselected':
      return (
        <div className="flex flex-col gap-2 text-ink-muted">
          <p className="font-medium text-ink">Please select customer</p>
          <p>You belong to several customers. Choose the one to work with in the sidebar.</p>
        </div>
      );
    case 'selected':
      return (
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
          <dt className="text-sm text-ink-muted">Name</dt>
          <dd className="text-xl font-semibold text-ink">{state.customer.customerName}</dd>
          <dt className="text-sm text-ink-muted">Customer ID</dt>
          <dd className="font-mono text-sm text-ink">{state.customer.customerId}</dd>
          {state.roles.length > 0 ? (
            <>
              <dt className="text-sm text-ink-muted">Your role</dt>
              <dd className="text-sm text-ink">
                {state.roles.map((role) => roleLabels[role]).join(', ')}
              </dd>
            </>
          ) : null}
        </dl>
      );
  }
}
