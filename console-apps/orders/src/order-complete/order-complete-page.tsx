import { ListLoadError, useDateFormat, useSelectedCustomerId } from '@boon/console-kit';
import { Button, primaryLinkClasses, secondaryLinkClasses } from '@boon/ui';
import { Link, useParams } from '@tanstack/react-router';
import { isIssuing, useOrder } from '../api';
import {
  OrderItems,
  downloadCsv,
  linksCsv,
  orderStatusLabels,
  recipientsCsv,
} from '../order-parts';

/**
 * After paying: the order is asked for every ORDER_POLL_INTERVAL_MS while its
 * rewards are issued, with the progress; then the links (each to copy, all as CSV) or the
 * recipients with their e-mail status.
 */
export function OrderCompletePage() {
  const { orderId } = useParams({ strict: false }) as { orderId: string };
  const customerId = useSelectedCustomerId();
  const order = useOrder(customerId, orderId, true);
  const { formatDateTime } = useDateFormat();

  if (order.isPending) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold text-ink">Order placed</h1>
        <p role="status" className="text-sm text-ink-muted">
          Loading your order…
        </p>
      </div>
    );
  }
  if (order.isError) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-semibold text-ink">Order placed</h1>
        <ListLoadError what="your order" error={order.error} onRetry={() => void order.refetch()} />
      </div>
    );
  }

  const placed = order.data;
  if (placed.status === 'SCHEDULED') {
    return (
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold text-ink">Order scheduled</h1>
          <p className="text-sm text-ink-muted">Order {placed.orderId}</p>
        </div>
        <p className="text-sm text-ink">
          {placed.deliveryType === 'link' ? 'The links are created' : 'The rewards go out'} on{' '}
          {placed.deliverAt ? formatDateTime(placed.deliverAt) : 'the day you chose'}. The money
          stays held in your balance until then, and you can cancel the order from its page before
          it goes.
        </p>
        <WhatNext orderId={placed.orderId} />
      </div>
    );
  }
  const { done, total } = placed.progress;
  const issuing = isIssuing(placed);
  const isLink = placed.deliveryType === 'link';
  const title = issuing
    ? isLink
      ? 'Creating your links'
      : 'Sending your rewards'
    : placed.status === 'COMPLETED'
      ? 'Order complete'
      : `Order ${orderStatusLabels[placed.status].label.toLowerCase()}`;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold text-ink">{title}</h1>
        <p className="text-sm text-ink-muted">Order {placed.orderId}</p>
      </div>
      <div className="flex flex-col gap-2">
        <progress
          className="h-2 w-full max-w-md"
          aria-label={isLink ? 'Links created' : 'Rewards issued'}
          value={done}
          max={Math.max(total, 1)}
        />
        <p role="status" className="text-sm text-ink">
          {done} of {total} {isLink ? 'links created' : 'rewards issued'}
          {issuing ? '…' : '.'}
        </p>
      </div>
      {placed.status === 'FAILED' ? (
        <p role="alert" className="rounded-md bg-danger-surface px-4 py-3 text-sm text-danger">
          The merchant could not issue these rewards. The money held for them is back in your
          balance.
        </p>
      ) : null}
      {!issuing && isLink ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => downloadCsv(linksCsv(placed), `${placed.orderId}-links.csv`)}
          >
            Download links as CSV
          </Button>
        </div>
      ) : null}
      {!issuing && !isLink ? (
        <div>
          <Button
            variant="secondary"
            onClick={() => downloadCsv(recipientsCsv(placed), `${placed.orderId}-recipients.csv`)}
          >
            Download recipients as CSV
          </Button>
        </div>
      ) : null}
      <OrderItems order={placed} />
      <WhatNext orderId={placed.orderId} />
    </div>
  );
}

/** Where to go from a placed order: its page, or the next reward. */
function WhatNext({ orderId }: { orderId: string }) {
  return (
    <div className="flex flex-wrap gap-3">
      <Link to="/orders/$orderId" params={{ orderId }} className={secondaryLinkClasses}>
        View the order
      </Link>
      <Link to="/order/type" className={primaryLinkClasses}>
        Create another reward
      </Link>
    </div>
  );
}
