import type { Order, OrderItem } from '@boon/contracts';
import {
  ErrorAlert,
  errorMessage,
  formatAmount,
  ListLoadError,
  useApiClient,
  useDateFormat,
  useHasPermission,
  useSelectedCustomerId,
} from '@boon/console-kit';
import { newIdempotencyKey } from '@boon/console-kit/forms';
import { Badge, Button, Dialog, secondaryLinkClasses, type RowAction } from '@boon/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { cancelOrder, ordersQueryKeys, useOrder } from '../api';
import {
  OrderItems,
  deliveryLabels,
  amountWithCode,
  downloadCsv,
  exchangeRateText,
  fxName,
  linksCsv,
  orderStatusLabels,
} from '../order-parts';
import { ResendDialog } from './resend-dialog';

const cancellable = ['SCHEDULED', 'PROCESSING', 'COMPLETED', 'PARTIALLY_CANCELLED'];
const resendable = ['ISSUED', 'SENT', 'FAILED'];

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="text-sm text-ink">{children}</dd>
    </div>
  );
}

function OrderSummaryList({ order }: { order: Order }) {
  const { formatDateTime } = useDateFormat();
  const money = (amount: string) => formatAmount(amount, order.currency);
  return (
    <dl className="grid grid-cols-1 gap-4 rounded-md border border-line p-4 sm:grid-cols-2 lg:grid-cols-3">
      <Detail label="Created">{formatDateTime(order.createdAt)}</Detail>
      <Detail label="Delivery">{deliveryLabels[order.deliveryType]}</Detail>
      <Detail label={order.productNames.length > 1 ? 'Merchants (recipient chooses)' : 'Merchant'}>
        {order.productNames.join(', ')}
      </Detail>
      <Detail label="Each reward">{money(order.faceValue)}</Detail>
      <Detail label="Rewards">{order.itemCount}</Detail>
      <Detail label="Description">{order.description ?? '—'}</Detail>
      <Detail label="Face value">{money(order.totals.faceValue)}</Detail>
      <Detail label="Discount">−{money(order.totals.discount)}</Detail>
      <Detail label="Fees">{money(order.totals.fees)}</Detail>
      <Detail label="Total">
        <strong>{money(order.totals.total)}</strong>
      </Detail>
      {order.payment ? (
        <Detail label={`Paid from your ${order.payment.currency} balance`}>
          <strong>{amountWithCode(order.payment.total, order.payment.currency)}</strong>
          {` at ${exchangeRateText(order.payment, order.currency)}, ${fxName()} fee ${amountWithCode(order.payment.fee, order.payment.currency)} included`}
        </Detail>
      ) : null}
      {order.createdBy ? <Detail label="Ordered by">{order.createdBy}</Detail> : null}
      {order.deliverAt ? (
        <Detail label="Delivery time">{formatDateTime(order.deliverAt)}</Detail>
      ) : null}
    </dl>
  );
}

function CancelDialog({ order, onDone }: { order: Order; onDone: (done: boolean) => void }) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  const customerId = useSelectedCustomerId();
  const [key] = useState(newIdempotencyKey);
  const cancel = useMutation({
    mutationFn: () => cancelOrder(api, order.orderId, key),
    onSuccess: async (updated) => {
      queryClient.setQueryData(ordersQueryKeys.order(customerId, order.orderId), updated);
      await queryClient.invalidateQueries({ queryKey: ordersQueryKeys.orders(customerId) });
      onDone(true);
    },
  });
  return (
    <Dialog
      open
      title="Cancel this order?"
      description="Links not yet claimed and rewards not yet sent are cancelled, and their money goes back to your balance. Rewards already sent or claimed stay as they are."
      onOpenChange={(open) => {
        if (!open) onDone(false);
      }}
      yesLabel={cancel.isPending ? 'Cancelling…' : 'Cancel order'}
      yesDisabled={cancel.isPending}
      onYes={() => cancel.mutate()}
      noLabel="Keep order"
      onNo={() => onDone(false)}
    >
      {cancel.isError ? (
        <p role="alert" className="text-danger">
          We couldn&apos;t cancel the order: {errorMessage(cancel.error)}
        </p>
      ) : null}
    </Dialog>
  );
}

/**
 * Order details (spec 2.4 /orders/{id}, with a back button to orders): totals, message, the
 * rewards with their status and e-mail status, a resend for an e-mail reward (write:orders),
 * and cancelling the order (cancel:orders).
 */
export function OrderDetailsPage() {
  const { orderId } = useParams({ strict: false }) as { orderId: string };
  const customerId = useSelectedCustomerId();
  const queryClient = useQueryClient();
  const order = useOrder(customerId, orderId, true);
  const mayCancel = useHasPermission('cancel:orders');
  const mayResend = useHasPermission('write:orders');
  const [dialog, setDialog] = useState<
    { kind: 'cancel' } | { kind: 'resend'; item: OrderItem } | null
  >(null);
  const [announcement, setAnnouncement] = useState('');

  const back = (
    <div>
      <Link to="/orders" className={secondaryLinkClasses}>
        Back to orders
      </Link>
    </div>
  );

  if (order.isPending || order.isError) {
    return (
      <div className="flex flex-col gap-6">
        {back}
        <h1 className="text-2xl font-semibold text-ink">Order {orderId}</h1>
        {order.isPending ? (
          <p role="status" className="text-sm text-ink-muted">
            Loading the order…
          </p>
        ) : (
          <ListLoadError
            what="this order"
            error={order.error}
            onRetry={() => void order.refetch()}
          />
        )}
      </div>
    );
  }

  const shown = order.data;
  const status = orderStatusLabels[shown.status];
  const actions =
    mayResend && shown.deliveryType === 'email'
      ? (item: OrderItem): RowAction[] =>
          resendable.includes(item.status) && item.recipient
            ? [
                {
                  label: 'Resend',
                  accessibleLabel: `Resend to ${item.recipient.name}`,
                  onSelect: () => setDialog({ kind: 'resend', item }),
                },
              ]
            : []
      : undefined;

  return (
    <div className="flex w-full max-w-6xl flex-col gap-6">
      {back}
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold text-ink">Order {shown.orderId}</h1>
          <Badge tone={status.tone}>{status.label}</Badge>
        </div>
        <div className="flex flex-wrap gap-3">
          {shown.deliveryType === 'link' && shown.items.some((item) => item.redemptionUrl) ? (
            <Button
              variant="secondary"
              onClick={() => downloadCsv(linksCsv(shown), `${shown.orderId}-links.csv`)}
            >
              Download links as CSV
            </Button>
          ) : null}
          {mayCancel && cancellable.includes(shown.status) ? (
            <Button variant="secondary" onClick={() => setDialog({ kind: 'cancel' })}>
              Cancel order
            </Button>
          ) : null}
        </div>
      </div>
      <p role="status" className="text-sm text-ink-muted empty:hidden">
        {announcement}
      </p>
      {shown.status === 'PROCESSING' ? (
        <p className="text-sm text-ink-muted">
          {shown.progress.done} of {shown.progress.total} rewards issued so far.
        </p>
      ) : null}
      <OrderSummaryList order={shown} />
      {shown.message ? (
        <section aria-labelledby="message-heading" className="flex flex-col gap-2">
          <h2 id="message-heading" className="text-lg font-semibold text-ink">
            Message
          </h2>
          <div
            className="rounded-md border border-line border-l-4 px-4 py-3 text-sm"
            style={{ borderLeftColor: shown.message.colour }}
          >
            <p className="font-semibold text-ink">{shown.message.header}</p>
            <p className="mt-1 whitespace-pre-line text-ink-muted">{shown.message.body}</p>
          </div>
        </section>
      ) : null}
      <section aria-labelledby="items-heading" className="flex flex-col gap-2">
        <h2 id="items-heading" className="text-lg font-semibold text-ink">
          {shown.deliveryType === 'link' ? 'Links' : 'Recipients'}
        </h2>
        {shown.items.some((item) => item.deliveryError) ? (
          <ErrorAlert>
            Some rewards could not be delivered. Check the address and resend them.
          </ErrorAlert>
        ) : null}
        <OrderItems order={shown} {...(actions ? { actions } : {})} />
      </section>
      {dialog?.kind === 'cancel' ? (
        <CancelDialog
          order={shown}
          onDone={(done) => {
            setDialog(null);
            if (done)
              setAnnouncement('Order cancelled: what was not redeemed is back in your balance.');
          }}
        />
      ) : null}
      {dialog?.kind === 'resend' ? (
        <ResendDialog
          order={shown}
          item={dialog.item}
          onDone={(updated) => {
            setDialog(null);
            if (updated) {
              queryClient.setQueryData(ordersQueryKeys.order(customerId, shown.orderId), updated);
              setAnnouncement(
                `Reward sent again to ${dialog.item.recipient?.name ?? 'the recipient'}.`,
              );
            }
          }}
        />
      ) : null}
    </div>
  );
}
