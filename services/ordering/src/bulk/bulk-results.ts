import { and, asc, bulkRows, eq, gt, orderItems, type Database } from '@boon/db';
import { csvLine } from '@boon/domain';
import type { OrderingDeps } from '../deps.js';
import { amount, emailStatusOf } from '../orders/order-repository.js';

/** Rows read at a time: memory stays flat whatever the batch's size. */
const PAGE = 1000;

/**
 * A bulk order's results as CSV lines: each spreadsheet row with its order, its
 * reward's status and its e-mail's, every cell escaped against formula injection (csvLine).
 */
export async function* bulkResultLines(
  db: Database,
  batchId: string,
  deps: Pick<OrderingDeps, 'mailDeliveries'>,
): AsyncGenerator<string> {
  yield csvLine([
    'Row',
    'Recipient name',
    'Recipient e-mail',
    'Merchant code',
    'Currency',
    'Value',
    'Order',
    'Reward status',
    'E-mail status',
    'Reason',
  ]);
  let after = 0;
  for (;;) {
    const page = await db
      .select({ row: bulkRows, item: orderItems })
      .from(bulkRows)
      .leftJoin(orderItems, eq(orderItems.id, bulkRows.itemId))
      .where(and(eq(bulkRows.batchId, batchId), gt(bulkRows.rowNumber, after)))
      .orderBy(asc(bulkRows.rowNumber))
      .limit(PAGE);
    if (page.length === 0) return;
    const mails = await deps.mailDeliveries(
      db,
      page.flatMap(({ item }) => (item?.mailId ? [item.mailId] : [])),
    );
    for (const { row, item } of page) {
      const mail = item?.mailId ? mails.get(item.mailId) : undefined;
      yield csvLine([
        row.rowNumber,
        row.recipientName,
        row.recipientEmail,
        row.productCode,
        row.currency,
        amount(row.currency, row.faceValue),
        row.orderId,
        item?.status ?? '',
        item ? (emailStatusOf(item, mail) ?? '') : '',
        item?.failureReason ?? mail?.error ?? '',
      ]);
    }
    after = page.at(-1)!.row.rowNumber;
    if (page.length < PAGE) return;
  }
}
