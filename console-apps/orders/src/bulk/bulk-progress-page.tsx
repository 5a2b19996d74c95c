import {
  ErrorAlert,
  errorMessage,
  saveFile,
  useApiClient,
  useSelectedCustomerId,
} from '@boon/console-kit';
import { Button, primaryLinkClasses } from '@boon/ui';
import { useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { downloadBulkResults, useBulkBatch } from '../api';
import { orderStatusLabels } from '../order-parts';

/**
 * /bulk/progress/{id}: a paid bulk order's rewards as they go, asked for every
 * second until none is pending, with its orders.
 */
export function BulkProgressPage() {
  const { batchId } = useParams({ strict: false }) as { batchId: string };
  const customerId = useSelectedCustomerId();
  const batch = useBulkBatch(customerId, batchId);
  const api = useApiClient();
  const [saving, setSaving] = useState<'saving' | 'failed' | null>(null);

  async function saveResults() {
    setSaving('saving');
    try {
      const file = await downloadBulkResults(api, batchId);
      saveFile(file.blob, file.filename ?? `${batchId}-results.csv`);
      setSaving(null);
    } catch {
      setSaving('failed');
    }
  }
  if (batch.isPending) {
    return (
      <p role="status" className="text-sm text-ink-muted">
        Loading the bulk order…
      </p>
    );
  }
  if (batch.isError) {
    return (
      <ErrorAlert>We couldn&apos;t load this bulk order: {errorMessage(batch.error)}</ErrorAlert>
    );
  }
  const { progress, orders } = batch.data;
  const total = progress.sent + progress.failed + progress.cancelled + progress.pending;
  const done = progress.pending === 0 && batch.data.status === 'PAID';
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">
          {done ? 'Bulk order sent' : 'Sending your rewards'}
        </h1>
        <p className="text-sm text-ink-muted">Bulk order {batch.data.batchId}</p>
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor="bulk-progress" className="text-sm text-ink">
          {progress.sent.toLocaleString()} of {total.toLocaleString()} rewards sent
        </label>
        <progress
          id="bulk-progress"
          max={total || 1}
          value={progress.sent}
          className="h-2 w-full max-w-md"
        />
        <p role="status" className="text-sm text-ink-muted">
          {done
            ? `All done: ${progress.sent.toLocaleString()} sent, ${progress.failed.toLocaleString()} failed.`
            : `${progress.pending.toLocaleString()} still to send.`}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {(
          [
            ['Sent', progress.sent],
            ['Failed', progress.failed],
            ['Cancelled', progress.cancelled],
            ['Pending', progress.pending],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-md border border-line p-3">
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums text-ink">
              {value.toLocaleString()}
            </dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="bulk-orders-heading" className="flex flex-col gap-2">
        <h2 id="bulk-orders-heading" className="text-lg font-semibold text-ink">
          Its orders
        </h2>
        {orders.length === 0 ? (
          <p className="text-sm text-ink-muted">
            No orders yet: the bulk order is paid, and its orders made, when its last part arrives.
          </p>
        ) : null}
        <ul className="flex flex-col divide-y divide-line text-sm empty:hidden">
          {orders.map((order) => (
            <li key={order.orderId} className="flex flex-wrap justify-between gap-2 py-2">
              <Link
                to="/orders/$orderId"
                params={{ orderId: order.orderId }}
                className="text-brand-700 underline"
              >
                {order.orderId}
              </Link>
              <span>
                {order.itemCount} rewards, {order.currency}: {orderStatusLabels[order.status].label}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="secondary"
          onClick={() => void saveResults()}
          disabled={saving === 'saving'}
        >
          Download the results (CSV)
        </Button>
        <Link to="/orders" className={primaryLinkClasses}>
          Go to Order history
        </Link>
      </div>
      <p role="status" className="text-sm text-ink-muted empty:hidden">
        {saving === 'saving' ? 'Preparing the results…' : ''}
      </p>
      {saving === 'failed' ? (
        <ErrorAlert>We couldn&apos;t download the results. Try again in a moment.</ErrorAlert>
      ) : null}
    </div>
  );
}
