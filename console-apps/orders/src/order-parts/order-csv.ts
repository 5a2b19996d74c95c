import type { Order, OrderSummary } from '@boon/contracts';
import { csvLine } from '@boon/domain';
import { emailStatusLabels, itemStatusLabels, orderStatusLabels } from './order-labels';

/** A link order's links as CSV, every cell formula-escaped (domain's csvCell). */
export function linksCsv(order: Order): string {
  const header = csvLine(['Order', 'Link', 'Redemption URL', 'Status', 'Expires']);
  const rows = order.items
    .filter((item) => item.redemptionUrl)
    .map((item, index) =>
      csvLine([
        order.orderId,
        index + 1,
        item.redemptionUrl,
        itemStatusLabels[item.status].label,
        item.expiresAt,
      ]),
    );
  return header + rows.join('');
}

/** An e-mail order's recipients as CSV. */
export function recipientsCsv(order: Order): string {
  const header = csvLine(['Order', 'Name', 'E-mail', 'Status', 'E-mail status']);
  const rows = order.items.map((item) =>
    csvLine([
      order.orderId,
      item.recipient?.name,
      item.recipient?.email,
      itemStatusLabels[item.status].label,
      item.emailStatus ? emailStatusLabels[item.emailStatus] : '',
    ]),
  );
  return header + rows.join('');
}

/** The orders listed in Order history as CSV. */
export function ordersCsv(orders: readonly OrderSummary[]): string {
  const header = csvLine([
    'Order',
    'Created',
    'Status',
    'Delivery',
    'Merchants',
    'Description',
    'Rewards',
    'Currency',
    'Face value each',
    'Face value',
    'Discount',
    'Fees',
    'Total',
    // Paid from a balance in another currency: that currency, the rate and what it paid.
    'Paid from',
    'FX rate',
    'FX fee',
    'Paid',
  ]);
  const rows = orders.map((order) =>
    csvLine([
      order.orderId,
      order.createdAt,
      orderStatusLabels[order.status].label,
      order.deliveryType,
      order.productNames.join('; '),
      order.description,
      order.itemCount,
      order.currency,
      order.faceValue,
      order.totals.faceValue,
      order.totals.discount,
      order.totals.fees,
      order.totals.total,
      order.payment?.currency ?? order.currency,
      order.payment?.rate ?? '',
      order.payment?.fee ?? '',
      order.payment?.total ?? order.totals.total,
    ]),
  );
  return header + rows.join('');
}
