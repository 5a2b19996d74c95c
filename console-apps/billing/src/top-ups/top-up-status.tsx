import type { TopUp, TopUpStatus } from '@boon/contracts';
import { formatAmount, utcDateFormat } from '@boon/console-kit';
import { Badge, type BadgeTone } from '@boon/ui';

export const topUpStatusLabels: Record<TopUpStatus, { label: string; tone: BadgeTone }> = {
  PENDING: { label: 'Waiting for your payment', tone: 'brand' },
  COMPLETED: { label: 'Added to your balance', tone: 'success' },
  FAILED: { label: 'Payment failed', tone: 'danger' },
  CANCELLED: { label: 'Cancelled', tone: 'neutral' },
};

const discrepancyTexts = {
  UNDERPAID: 'Less arrived than you told us to expect. We added what arrived.',
  OVERPAID: 'More arrived than you told us to expect. We added what arrived.',
} as const;

/** A top-up's state and amounts; Billing and Finance shows times in UTC (spec 2.6). */
export function TopUpStatusSummary({ topUp }: { topUp: TopUp }) {
  const status = topUpStatusLabels[topUp.status];
  const { formatDateTime } = utcDateFormat();
  return (
    <section aria-labelledby="top-up-status" className="flex flex-col gap-3">
      <h2 id="top-up-status" className="sr-only">
        Status
      </h2>
      <p>
        <Badge tone={status.tone}>{status.label}</Badge>
      </p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
        <div className="contents">
          <dt className="text-sm text-ink-muted">Reference</dt>
          <dd className="font-mono text-sm font-medium text-ink">{topUp.paymentReference}</dd>
        </div>
        <div className="contents">
          <dt className="text-sm text-ink-muted">Amount</dt>
          <dd className="text-sm font-medium text-ink tabular-nums">
            {formatAmount(topUp.amount, topUp.currency)}
          </dd>
        </div>
        {topUp.receivedAmount === null ? null : (
          <div className="contents">
            <dt className="text-sm text-ink-muted">Received</dt>
            <dd className="text-sm font-medium text-ink tabular-nums">
              {formatAmount(topUp.receivedAmount, topUp.currency)}
            </dd>
          </div>
        )}
        <div className="contents">
          <dt className="text-sm text-ink-muted">Requested</dt>
          <dd className="text-sm text-ink">{formatDateTime(topUp.createdAt)} UTC</dd>
        </div>
        {topUp.completedAt === null ? null : (
          <div className="contents">
            <dt className="text-sm text-ink-muted">Completed</dt>
            <dd className="text-sm text-ink">{formatDateTime(topUp.completedAt)} UTC</dd>
          </div>
        )}
      </dl>
      {topUp.discrepancy ? (
        <p className="rounded-md border border-line bg-surface-muted px-4 py-3 text-sm text-ink">
          {discrepancyTexts[topUp.discrepancy]}
        </p>
      ) : null}
    </section>
  );
}
