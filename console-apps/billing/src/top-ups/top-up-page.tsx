import { errorMessage, useIsStaff, useSelectedCustomerId } from '@boon/console-kit';
import { Button, primaryLinkClasses, secondaryLinkClasses } from '@boon/ui';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTopUp } from '../api';
import { BankTransferInstructions } from './bank-transfer-instructions';
import { ReceiveTopUpForm } from './receive-top-up-form';
import { InvoiceDownload } from './invoice-download';
import { TopUpStatusSummary } from './top-up-status';

const route = getRouteApi('/authenticated/billing/top-up/$topUpId');
const cardSuccessRoute = getRouteApi(
  '/authenticated/billing/add-funds/card-top-up/card-success/$topUpId',
);

const headings = { bank_transfer: 'Bank transfer top-up', card: 'Card top-up' } as const;

/** A top-up (spec 2.5 top-up/{topup_id}): its state, and while it waits, how to pay it. */
export function TopUpPage() {
  const { topUpId } = route.useParams();
  return <TopUpView topUpId={topUpId} justPaid={false} />;
}

/** After a card payment (spec 2.5 card-success/{topup_id}): what was added and what it cost. */
export function CardSuccessPage() {
  const { topUpId } = cardSuccessRoute.useParams();
  return <TopUpView topUpId={topUpId} justPaid />;
}

function TopUpView({ topUpId, justPaid }: { topUpId: string; justPaid: boolean }) {
  const customerId = useSelectedCustomerId();
  const topUp = useTopUp(customerId, topUpId);
  const isStaff = useIsStaff();
  const data = topUp.data;
  const heading =
    justPaid && data?.status === 'COMPLETED'
      ? 'Funds added'
      : data
        ? headings[data.method]
        : 'Top-up';
  return (
    <div className="flex w-full max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-ink">{heading}</h1>
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
          {justPaid && topUp.data.status === 'COMPLETED' ? (
            <p className="text-sm text-ink">
              Your card payment went through and the money is in your {topUp.data.currency} balance
              now.
            </p>
          ) : null}
          <TopUpStatusSummary topUp={topUp.data} />
          <InvoiceDownload topUp={topUp.data} />
          {topUp.data.method === 'bank_transfer' && topUp.data.status === 'PENDING' ? (
            <>
              {isStaff ? <ReceiveTopUpForm topUp={topUp.data} /> : null}
              <BankTransferInstructions topUp={topUp.data} />
            </>
          ) : null}
        </>
      )}
      <div className="flex flex-wrap gap-3">
        {justPaid ? (
          <Link to="/billing" className={primaryLinkClasses}>
            Back to balances
          </Link>
        ) : (
          <Link to="/billing" className={secondaryLinkClasses}>
            Back to balances
          </Link>
        )}
        {justPaid ? (
          <Link to="/transactions" className={secondaryLinkClasses}>
            See transactions
          </Link>
        ) : null}
      </div>
    </div>
  );
}
