import { errorMessage, useSelectedCustomerId } from '@boon/console-kit';
import { Button, primaryLinkClasses, secondaryLinkClasses } from '@boon/ui';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTopUp } from '../api';
import { BankTransferInstructions } from './bank-transfer-instructions';

const route = getRouteApi('/authenticated/billing/add-funds/bank-transfer/bank-details');

/**
 * Bank details (spec 2.5, the bank-transfer step's child): the top-up just created, what to pay
 * and where. Without a top-up in the address there is nothing to show but the way back.
 */
export function BankDetailsPage() {
  const { topUpId } = route.useSearch();
  return (
    <div className="flex w-full max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Your bank details</h1>
        <p className="text-sm text-ink-muted">
          Send the amount from your bank to this account. We add it to your balance when it arrives
          and e-mail you.
        </p>
      </div>
      {topUpId ? (
        <TopUpInstructions topUpId={topUpId} />
      ) : (
        <p className="text-sm text-ink">
          There is no bank transfer to show here.{' '}
          <Link to="/billing/add-funds/bank-transfer" className="text-brand-700 underline">
            Start a bank transfer
          </Link>
        </p>
      )}
    </div>
  );
}

function TopUpInstructions({ topUpId }: { topUpId: string }) {
  const customerId = useSelectedCustomerId();
  const topUp = useTopUp(customerId, topUpId);
  if (topUp.isPending) {
    return (
      <p role="status" className="text-sm text-ink-muted">
        Loading your bank details…
      </p>
    );
  }
  if (topUp.isError) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-md bg-danger-surface px-4 py-3 text-sm text-danger"
      >
        <span>We couldn&apos;t load your bank details: {errorMessage(topUp.error)}</span>
        <Button variant="secondary" onClick={() => void topUp.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <>
      <BankTransferInstructions topUp={topUp.data} />
      <div className="flex flex-wrap gap-3">
        <Link
          to="/billing/top-up/$topUpId"
          params={{ topUpId: topUp.data.topUpId }}
          className={primaryLinkClasses}
        >
          Follow this top-up
        </Link>
        <Link to="/billing" className={secondaryLinkClasses}>
          Back to balances
        </Link>
      </div>
    </>
  );
}
