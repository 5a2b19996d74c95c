import type { Customer, Role } from '@boon/contracts';
import { Button } from '@boon/ui';
import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '../../../api/error-message';
import { useCustomers } from '../../../session/api/get-customers';
import { useUserMe } from '../../../session/api/get-user-me';
import { useAppStore } from '../../../state/app-store';
import { PromoBanner } from '../../../layout/banners/promo-banner';
import { CustomerSummary, type CustomerSummaryState } from './customer-summary';

/** Home (spec 2.4 "/ is home"): who is signed in and which customer they act for. */
export function HomePage() {
  const user = useUserMe();
  const customers = useCustomers();
  const customerId = useAppStore((state) => state.customerId);
  // The promotion invites ordering: for those who may order, outside playground mode.
  const showPromo = useAppStore(
    (state) => state.userPermissions.includes('write:orders') && !state.playgroundMode,
  );
  const customer = customers.data?.find((candidate) => candidate.customerId === customerId) ?? null;

  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">
          {user.data ? `Welcome, ${user.data.firstName}` : 'Welcome'}
        </h1>
        {user.isPending ? (
          <p role="status" className="text-ink-muted">
            Loading your account…
          </p>
        ) : null}
        {user.isError ? (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-4 rounded-md bg-danger-surface px-4 py-3 text-danger"
          >
            <p>We couldn&apos;t load your account: {errorMessage(user.error)}</p>
            <Button variant="secondary" onClick={() => void user.refetch()}>
              Try again
            </Button>
          </div>
        ) : null}
      </div>
      <CustomerSummary state={summaryState(customers, customer, user.data?.roles ?? [])} />
      {showPromo ? <PromoBanner /> : null}
    </div>
  );
}

function summaryState(
  customers: UseQueryResult<Customer[]>,
  selected: Customer | null,
  roles: readonly Role[],
): CustomerSummaryState {
  if (customers.isPending) return { kind: 'loading' };
  if (customers.isError) {
    return {
      kind: 'error',
      message: errorMessage(customers.error),
      retry: () => void customers.refetch(),
    };
  }
  if (customers.data.length === 0) return { kind: 'none' };
  return selected ? { kind: 'selected', customer: selected, roles } : { kind: 'unselected' };
}
