import { errorMessage, useSelectedCustomerId, utcDateFormat } from '@boon/console-kit';
import { Badge, Button, primaryLinkClasses, secondaryLinkClasses } from '@boon/ui';
import { Link } from '@tanstack/react-router';
import { useTrade } from '../api';
import { QuoteSummary } from './quote-summary';

const statusLabels = {
  SUCCESSFUL: { label: 'Successful', tone: 'success' },
  PENDING: { label: 'Pending', tone: 'brand' },
  FAILED: { label: 'Failed', tone: 'danger' },
} as const;

/** An exchange: on trade-success/{trade_id} right after it, and at /billing/trade/{trade_id}. */
export function TradeView({ tradeId, justMade }: { tradeId: string; justMade: boolean }) {
  const customerId = useSelectedCustomerId();
  const trade = useTrade(customerId, tradeId);
  const { formatDateTime } = utcDateFormat();
  return (
    <div className="flex w-full max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-semibold text-ink">
        {justMade ? 'Your exchange is done' : 'Exchange'}
      </h1>
      {trade.isPending ? (
        <p role="status" className="text-sm text-ink-muted">
          Loading the exchange…
        </p>
      ) : trade.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center gap-3 rounded-md bg-danger-surface px-4 py-3 text-sm text-danger"
        >
          <span>We couldn&apos;t load this exchange: {errorMessage(trade.error)}</span>
          <Button variant="secondary" onClick={() => void trade.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <p className="flex flex-wrap items-center gap-3 text-sm text-ink">
            <Badge tone={statusLabels[trade.data.status].tone}>
              {statusLabels[trade.data.status].label}
            </Badge>
            <span>
              {trade.data.tradeId} · {formatDateTime(trade.data.createdAt)} UTC
            </span>
          </p>
          <QuoteSummary quote={trade.data.quote} />
        </>
      )}
      <div className="flex flex-wrap gap-3">
        <Link to="/billing" className={primaryLinkClasses}>
          Back to balances
        </Link>
        <Link to="/transactions" className={secondaryLinkClasses}>
          See transactions
        </Link>
      </div>
    </div>
  );
}
