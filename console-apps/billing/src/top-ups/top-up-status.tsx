import type { TopUp, TopUpStatus } from '@boon/contracts';
import { formatAmount, utcDateFormat } from '@boon/console-kit';
import { Badge, type BadgeTone } from '@boon/ui';

export const topUpStatusLabels: Record<TopUpStatus, { label: string; tone: BadgeTone }> = {
  PENDING: { label: 'Waiting for your payment', tone: 'brand' },
  COMPLETED: { label: 'Added to your balance', tone: 'success' },
  FAILED: { label: 'Payment failed', tone: 'danger' },
  CANCELLED: { label: 'Cancelled', tone: 'neutral' },
};

/** A card payment waits for the cardholder's bank, not for a transfer. */
const cardPendingLabel = "Waiting for your bank's confirmation";

/** A top-up's status as a badge says it, by method. */
export function topUpStatusLabel(topUp: Pick<TopUp, 'method' | 'status'>): {
  label: string;
  tone: BadgeTone;
} {
  return topUp.method === 'card' && topUp.status === 'PENDING'
    ? { ...topUpStatusLabels.PENDING, label: cardPendingLabel }
    : topUpStatusLabels[topUp.status];
}

/** How it was paid: "Bank transfer", "Card · Visa 4242". */
export function topUpMethodLabel(topUp: Pick<TopUp, 'method' | 'card'>): string {
  if (topUp.method === 'bank_transfer') return 'Bank transfer';
  return topUp.card ? `Card · ${topUp.card.brand} ${topUp.card.last4}` : 'Card';
}

export const cardFailureTexts: Record<NonNullable<TopUp['failureReason']>, string> = {
  not_charged: 'The card was not charged.',
  card_declined: 'The card was declined. No money was taken.',
  insufficient_funds: 'The card was declined for insufficient funds. No money was taken.',
  expired_card: 'The card has expired. No money was taken.',
  authentication_failed: 'The bank did not confirm the payment. No money was taken.',
  authentication_expired: 'The bank confirmation was not completed in time. No money was taken.',
};

const discrepancyTexts = {
  UNDERPAID: 'Less arrived than you told us to expect. We added what arrived.',
  OVERPAID: 'More arrived than you told us to expect. We added what arrived.',
} as const;

/** A top-up's state and amounts; Billing and Finance shows times in UTC (spec 2.6). */
export function TopUpStatusSummary({ topUp }: { topUp: TopUp }) {
  const status = topUpStatusLabel(topUp);
  const hasFee = topUp.method === 'card' && /[1-9]/.test(topUp.fee);
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
        {topUp.card ? (
          <div className="contents">
            <dt className="text-sm text-ink-muted">Card</dt>
            <dd className="text-sm text-ink">
              {topUp.card.brand} ending {topUp.card.last4}
            </dd>
          </div>
        ) : null}
        {hasFee ? (
          <div className="contents">
            <dt className="text-sm text-ink-muted">Card fee</dt>
            <dd className="text-sm font-medium text-ink tabular-nums">
              {formatAmount(topUp.fee, topUp.currency)}
            </dd>
          </div>
        ) : null}
        {topUp.receivedAmount === null || topUp.method === 'card' ? null : (
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
      {topUp.failureReason ? (
        <p className="rounded-md border border-line bg-surface-muted px-4 py-3 text-sm text-ink">
          {cardFailureTexts[topUp.failureReason]}
        </p>
      ) : null}
      {topUp.discrepancy ? (
        <p className="rounded-md border border-line bg-surface-muted px-4 py-3 text-sm text-ink">
          {discrepancyTexts[topUp.discrepancy]}
        </p>
      ) : null}
    </section>
  );
}
