import { errorMessage, useIsStaff, useSelectedCustomerId } from '@boon/console-kit';
import { Button, secondaryLinkClasses } from '@boon/ui';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTopUp } from '../api';
import { BankTransferInstructions } from './bank-transfer-instructions';
import { ReceiveTopUpForm } from './receive-top-up-form';
import { TopUpStatusSummary } from './top-up-status';

const route = getRouteApi('/authenticated/billing/top-up/$topUpId');

/** A top-up (spec 2.5 top-up/{topup_id}): its state, and while it waits, how to pay it. */
export function TopUpPage() {
  const { topUpId } = route.useParams();
  const customerId = useSelectedCustomerId();
  const topUp = useTopUp(customerId, topUpId);
  const isStaff = useIsStaff();
  return (
    <div className="flex w-full max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-ink">
        {topUp.data?.method === 'bank_transfer' ? 'Bank transfer top-up' : 'Top-up'}
      </h1>
      {topUp.isPending ? (
        <p role="status" className="text-sm text-ink-muted">
          Loading the top-up…
        </p>
      ) : topUp.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-md bg-danger-surface px-4 py-3 text-sm text-danger"
        >
          <span>We couldn&apos;t load this top-up: {errorMessage(topUp.error)}</span>
          <Button variant="secondary" onClick={() => void topUp.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <TopUpStatusSummary topUp={topUp.data} />
          {topUp.data.status === 'PENDING' && isStaff ? (
            <ReceiveTopUpForm topUp={topUp.data} />
          ) : null}
          {topUp.data.status === 'PENDING' ? <BankTransferInstructions topUp={topUp.data} /> : null}
        </>
      )}
      <div>
        <Link to="/billing" className={secondaryLinkClasses}>
          Back to balances
        </Link>
      </div>
    </div>
  );
}
