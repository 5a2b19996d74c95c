import { BULK_BATCH_ABANDONED_DAYS, type BulkEstimate } from '@boon/contracts';
import {
  ErrorAlert,
  errorMessage,
  formatAmount,
  isApiError,
  useApiClient,
  useSelectedCustomerId,
} from '@boon/console-kit';
import { Button, primaryLinkClasses, secondaryLinkClasses } from '@boon/ui';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { bulkQueryKeys, ordersQueryKeys, useBulkEstimate } from '../api';
import { AmountRow } from '../order-parts';
import { useBulkDraft } from './bulk-context';
import { estimateGroups, submitBulkOrder, type SubmitProgress } from './bulk-submit';

function CurrencySummary({ entry }: { entry: BulkEstimate['currencies'][number] }) {
  const money = (amount: string) => formatAmount(amount, entry.currency);
  return (
    <section
      aria-labelledby={`bulk-${entry.currency}`}
      className="flex flex-col gap-2 rounded-md border border-line p-4"
    >
      <h2 id={`bulk-${entry.currency}`} className="text-lg font-semibold text-ink">
        {entry.currency}: {entry.items.toLocaleString()} {entry.items === 1 ? 'reward' : 'rewards'}{' '}
        in {entry.orders} {entry.orders === 1 ? 'order' : 'orders'}
      </h2>
      <dl className="divide-y divide-line text-sm">
        <AmountRow label="Face value" value={money(entry.faceValue)} />
        <AmountRow label="Discount" value={`−${money(entry.discount)}`} />
        <AmountRow label="Fees" value={money(entry.fees)} />
        <AmountRow label="Total" value={money(entry.total)} strong />
        <AmountRow label={`Your ${entry.currency} balance now`} value={money(entry.available)} />
        <AmountRow label="After this order" value={money(entry.after)} strong />
      </dl>
      {entry.sufficient ? null : (
        <ErrorAlert>
          Your {entry.currency} balance has {money(entry.available)} available, and these rewards
          cost {money(entry.total)}. Add funds to your balance, or send fewer or smaller rewards.
        </ErrorAlert>
      )}
    </section>
  );
}

/**
 * /bulk/summary-payment (spec 2.4): what the file's rewards cost per currency
 * and each balance after, then paying: the rows go in chunks with progress, and a lost connection
 * carries on where the server is, under the same batch.
 */
export function BulkPaymentPage() {
  const { file, ready, batchKey, renewBatchKey } = useBulkDraft();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const customerId = useSelectedCustomerId();
  const groups = useMemo(() => (ready ? { groups: estimateGroups(ready) } : null), [ready]);
  const estimate = useBulkEstimate(customerId, groups);
  const [progress, setProgress] = useState<SubmitProgress | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // Reached without a checked file (a reload, a bookmark): the bulk order starts with its file.
  if (!ready || !file) return <Navigate to="/bulk/create" replace />;
  const rows = ready;

  async function pay() {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const batch = await submitBulkOrder(
        api,
        rows,
        { batchKey, description: `Bulk order: ${file!.name}`.slice(0, 128) },
        setProgress,
      );
      void queryClient.invalidateQueries({ queryKey: ordersQueryKeys.orders(customerId) });
      void queryClient.invalidateQueries({ queryKey: ordersQueryKeys.balances(customerId) });
      queryClient.setQueryData(bulkQueryKeys.batch(customerId, batch.batchId), batch);
      await navigate({ to: '/bulk/progress/$batchId', params: { batchId: batch.batchId } });
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && error.code === 'bulk_batch_not_found') {
        // Started long ago and never paid, the batch was discarded: these rows go as a new one.
        renewBatchKey();
        setProblem(
          `We no longer hold this bulk order: an upload left unpaid for ${BULK_BATCH_ABANDONED_DAYS} days is discarded. Nothing was paid. Pay again to send these rows as a new bulk order.`,
        );
        return;
      }
      if (isApiError(error) && error.code === 'insufficient_funds') {
        void estimate.refetch();
        setProblem(`${errorMessage(error)} Nothing has been paid.`);
        return;
      }
      setProblem(
        `Sending the rows stopped: ${errorMessage(error)} Pay again to carry on where it stopped: rows already sent are not sent twice.`,
      );
    }
  }

  const single = estimate.data?.currencies.length === 1 ? estimate.data.currencies[0] : undefined;
  const payable = estimate.isSuccess && estimate.data.sufficient;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">Payment</h1>
        <p className="text-sm text-ink-muted">
          {rows.length.toLocaleString()} rewards by e-mail from {file.name}, paid from your balances
          when you place the order: all of it, or nothing.
        </p>
        <div>
          <Link to="/bulk/preview/summary" className={secondaryLinkClasses}>
            Preview the rows
          </Link>
        </div>
      </div>
      {estimate.isPending ? (
        <p role="status" className="text-sm text-ink-muted">
          Working out the price…
        </p>
      ) : estimate.isError ? (
        <div className="flex flex-col gap-3">
          <ErrorAlert>
            We couldn&apos;t price these rewards: {errorMessage(estimate.error)}
          </ErrorAlert>
          <div>
            <Link to="/bulk/create" className={secondaryLinkClasses}>
              Back to the spreadsheet
            </Link>
          </div>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6 md:grid-cols-2">
          {estimate.data.currencies.map((entry) => (
            <CurrencySummary key={entry.currency} entry={entry} />
          ))}
        </div>
      )}
      {estimate.isSuccess && !estimate.data.sufficient ? (
        <div>
          <Link to="/billing/add-funds" className={primaryLinkClasses}>
            Add funds
          </Link>
        </div>
      ) : null}
      {progress && busy ? (
        <div className="flex flex-col gap-2">
          <label htmlFor="bulk-send-progress" className="text-sm text-ink">
            Sending the rows: part {progress.sent} of {progress.total}
          </label>
          <progress
            id="bulk-send-progress"
            max={progress.total}
            value={progress.sent}
            className="h-2 w-full max-w-md"
          />
        </div>
      ) : null}
      <p role="status" className="text-sm text-ink-muted empty:hidden">
        {busy ? 'Placing your bulk order…' : ''}
      </p>
      {problem ? <ErrorAlert>{problem}</ErrorAlert> : null}
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void pay()} disabled={!payable || busy}>
          {single && payable
            ? `Pay ${formatAmount(single.total, single.currency)} and send`
            : 'Pay and send'}
        </Button>
        <Link to="/bulk/create" className={secondaryLinkClasses}>
          Back
        </Link>
      </div>
    </div>
  );
}
