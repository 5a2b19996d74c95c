import { createHash } from 'node:crypto';
import type { CatalogProduct } from '@boon/catalog';
import type {
  BulkBatch,
  BulkChunk,
  BulkPayFrom,
  OrderCreate,
  RewardMessage,
} from '@boon/contracts';
import {
  and,
  asc,
  bulkBatches,
  bulkChunks,
  bulkRows,
  eq,
  sql,
  type BulkBatchRow,
  type BulkRowRow,
  type Database,
} from '@boon/db';
import { checkOrder, groupBulkRows, itemsPerOrder, parseMoney } from '@boon/domain';
import { AppError, recordAudit } from '@boon/service-kit';
import type { CustomerOrderingProfile, OrderingDeps } from '../deps.js';
import {
  orderRowsOf,
  paymentOf,
  placeOrder,
  type OrderActor,
  type OrderRows,
} from '../orders/create-order.js';
import { holdOrdersItems } from '../orders/order-ledger.js';
import { amount } from '../orders/order-repository.js';
import { checkBulkPayFrom } from './bulk-payment.js';
import { bulkBatchView, findBulkBatch } from './bulk-repository.js';
import { checkReward, type RewardCheck } from './check-reward.js';

type FieldError = { path: string; message: string };

/** At most this many row problems in one answer: enough to fix, never a megabyte of JSON. */
const ROW_PROBLEMS_MAX = 100;

/**
 * Every row checked as a one-reward order would be (the same rules as the server's
 * orders), and the balance that pays it: a row's problem names its spreadsheet row and field
 * (body.rows.3.faceValue: "Row 12: …"). Rows that agree are checked once.
 */
function checkRows(
  chunk: BulkChunk,
  profile: CustomerOrderingProfile,
  products: readonly CatalogProduct[],
  now: Date,
  payFrom: BulkPayFrom,
): void {
  if (!profile.balancesEnabled) throw new AppError('balances_not_enabled');
  const problems: FieldError[] = [];
  const checked = new Map<string, RewardCheck>();
  chunk.rows.forEach((row, index) => {
    const key = kindKey(row);
    let check = checked.get(key);
    if (!check) {
      check = checkReward(row, profile, products, now, payFrom);
      checked.set(key, check);
    }
    if (!check.ok && problems.length < ROW_PROBLEMS_MAX) {
      problems.push({
        path: `body.rows.${index}.${check.field}`,
        message: `Row ${chunk.firstRow + index}: ${check.message}`,
      });
    }
  });
  if (problems.length > 0) {
    const more = chunk.rows.length > 0 ? countProblemRows(checked, chunk) - problems.length : 0;
    if (more > 0) {
      problems.push({
        path: 'body.rows',
        message: `${more} more rows have problems: fix these, and the rest are checked again.`,
      });
    }
    throw new AppError('validation_error', problems);
  }
}

/** Rows alike for the rules: the same merchant, currency, value and delivery time. */
function kindKey(row: BulkChunk['rows'][number]): string {
  return [row.productCode, row.currency, row.faceValue, row.deliverAt ?? ''].join('\u0000');
}

/** How many of the chunk's rows have a problem, from the checks made of their kinds. */
function countProblemRows(checked: ReadonlyMap<string, RewardCheck>, chunk: BulkChunk): number {
  return chunk.rows.filter((row) => checked.get(kindKey(row))?.ok === false).length;
}

/** The same rows in the same places: how a chunk sent again is recognised. */
function fingerprintOf(chunk: BulkChunk): string {
  return createHash('sha256')
    .update(JSON.stringify([chunk.firstRow, chunk.rows]))
    .digest('base64url');
}

/**
 * POST /bulk-orders/{id}/chunks: checks the chunk's rows, keeps them once (the same
 * chunk again changes nothing; other rows under its number, or rows another chunk holds, are a
 * conflict), and when it is the last, pays the whole batch in the same transaction.
 */
export async function addBulkChunk(
  transaction: <T>(work: (tx: Database) => Promise<T>) => Promise<T>,
  actor: OrderActor,
  batchId: string,
  chunk: BulkChunk,
  deps: OrderingDeps,
): Promise<BulkBatch> {
  const now = new Date();
  // What the check needs, asked before the transaction (PGlite has one connection).
  const batch = await findBulkBatch(deps.db, actor.customerId, batchId);
  if (!batch) throw new AppError('bulk_batch_not_found');
  if (chunk.chunkNumber > batch.chunkCount) {
    throw new AppError('validation_error', [
      {
        path: 'body.chunkNumber',
        message: `This bulk order comes in ${batch.chunkCount} chunks; there is no chunk ${chunk.chunkNumber}.`,
      },
    ]);
  }
  const lastRow = chunk.firstRow + chunk.rows.length - 1;
  if (lastRow > batch.rowCount) {
    throw new AppError('validation_error', [
      {
        path: 'body.firstRow',
        message: `This bulk order has ${batch.rowCount} rows; this chunk would end at row ${lastRow}.`,
      },
    ]);
  }
  // A chunk sent again (its answer lost) is answered as it stands, not checked again: the rules
  // of now (a time passed, a merchant closed) must not refuse what was kept, or paid, before.
  const fingerprint = fingerprintOf(chunk);
  const [kept] = await deps.db
    .select({ fingerprint: bulkChunks.fingerprint })
    .from(bulkChunks)
    .where(and(eq(bulkChunks.batchId, batch.id), eq(bulkChunks.chunkNumber, chunk.chunkNumber)));
  if (kept) {
    if (kept.fingerprint !== fingerprint) throw new AppError('bulk_chunk_conflict');
    return bulkBatchView(
      deps.db,
      (await findBulkBatch(deps.db, actor.customerId, batchId)) ?? batch,
    );
  }
  const profile = await deps.orderingProfile(actor.customerId);
  if (!profile) throw new AppError('no_customers_found');
  const stored = (await deps.db
    .selectDistinct({ code: bulkRows.productCode })
    .from(bulkRows)
    .where(eq(bulkRows.batchId, batchId))) as { code: string }[];
  const codes = new Set([
    ...stored.map((row) => row.code),
    ...chunk.rows.map((row) => row.productCode),
  ]);
  const products = await deps.products([...codes]);
  // The balances chosen at the start must still pay (Boon FX turned off since, say): said at
  // every chunk, not only when the last one pays.
  checkBulkPayFrom(batch.payFrom, profile, 'payFrom');
  checkRows(chunk, profile, products, now, batch.payFrom);

  return transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(bulkBatches)
      .where(eq(bulkBatches.id, batch.id))
      .for('update');
    if (!locked) throw new AppError('bulk_batch_not_found');
    const [sent] = await tx
      .select({ fingerprint: bulkChunks.fingerprint })
      .from(bulkChunks)
      .where(and(eq(bulkChunks.batchId, batch.id), eq(bulkChunks.chunkNumber, chunk.chunkNumber)));
    if (sent) {
      if (sent.fingerprint !== fingerprint) throw new AppError('bulk_chunk_conflict');
      return bulkBatchView(tx, locked);
    }
    // Every chunk is in and the batch paid: a chunk it never had cannot join it.
    if (locked.status !== 'OPEN' || chunk.chunkNumber > locked.chunkCount) {
      throw new AppError('bulk_chunk_conflict');
    }
    await tx.insert(bulkChunks).values({
      batchId: batch.id,
      chunkNumber: chunk.chunkNumber,
      fingerprint,
      firstRow: chunk.firstRow,
      rowCount: chunk.rows.length,
      receivedAt: now,
    });
    const rows = chunk.rows.map((row, index): BulkRowRow => ({
      batchId: batch.id,
      rowNumber: chunk.firstRow + index,
      chunkNumber: chunk.chunkNumber,
      recipientName: row.name,
      recipientEmail: row.email,
      productCode: row.productCode,
      currency: row.currency,
      faceValue: moneyOf(row.faceValue, row.currency),
      message: row.message ?? null,
      deliverAt: row.deliverAt ? new Date(row.deliverAt) : null,
      orderId: null,
      itemId: null,
    }));
    let kept = 0;
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await tx
        .insert(bulkRows)
        .values(rows.slice(i, i + 500))
        .onConflictDoNothing()
        .returning({ rowNumber: bulkRows.rowNumber });
      kept += inserted.length;
    }
    // Rows another chunk holds already: the upload is not the one the batch was started for.
    if (kept !== rows.length) throw new AppError('bulk_chunk_conflict');
    const [{ received = 0 } = {}] = await tx
      .select({ received: sql<number>`count(*)::int` })
      .from(bulkChunks)
      .where(eq(bulkChunks.batchId, batch.id));
    if (received < locked.chunkCount) return bulkBatchView(tx, locked);
    const paid = await payBulkBatch(tx, actor, locked, profile, products, deps, now);
    return bulkBatchView(tx, paid);
  });
}

/** A row's face value in minor units (the check has accepted its decimals for the currency). */
function moneyOf(faceValue: string, currency: string): bigint {
  const parsed = parseMoney(faceValue, currency);
  if (!parsed.ok) throw new Error(`A checked row's value ${faceValue} ${currency} did not parse`);
  return parsed.value.minor;
}

/**
 * The whole batch paid at once: its rows as orders of at most 200 rewards (fewer
 * under the customer's order limit), each checked by the order rules again and its money held, in
 * the caller's transaction; a short balance refuses it all and nothing is written. A currency
 * the batch pays from another balance is exchanged per reward, as one order's payFrom is.
 */
async function payBulkBatch(
  tx: Database,
  actor: OrderActor,
  batch: BulkBatchRow,
  profile: CustomerOrderingProfile,
  products: readonly CatalogProduct[],
  deps: OrderingDeps,
  now: Date,
): Promise<BulkBatchRow> {
  const rows = await tx
    .select()
    .from(bulkRows)
    .where(eq(bulkRows.batchId, batch.id))
    .orderBy(asc(bulkRows.rowNumber));
  if (rows.length !== batch.rowCount) {
    throw new AppError('validation_error', [
      {
        path: 'body.chunkNumber',
        message: `Every chunk is in, but they hold ${rows.length} of the bulk order's ${batch.rowCount} rows. Start the upload again.`,
      },
    ]);
  }
  const byCode = new Map(products.map((product) => [product.productCode, product]));
  const groups = groupBulkRows(
    rows.map((row) => ({ ...row, deliverAt: row.deliverAt?.toISOString() ?? null })),
    (row) => itemsPerOrder(row.faceValue, row.currency, profile),
  );
  const placed: [number, string, string][] = [];
  const madeOrders: OrderRows[] = [];
  for (const indexes of groups) {
    const members = indexes.map((index) => rows[index]!);
    const first = members[0]!;
    const product = byCode.get(first.productCode);
    // Asked for before the transaction: a chunk that came meanwhile named one not fetched.
    if (!product) throw new AppError('service_unavailable');
    const body: OrderCreate = {
      deliveryType: 'email',
      productCode: first.productCode,
      currency: first.currency,
      faceValue: amount(first.currency, first.faceValue),
      recipients: members.map((row) => ({ name: row.recipientName, email: row.recipientEmail })),
      ...(batch.description ? { description: batch.description } : {}),
      ...(first.message ? { message: first.message as RewardMessage } : {}),
      ...(first.deliverAt ? { deliverAt: first.deliverAt.toISOString() } : {}),
      ...(batch.payFrom[first.currency] ? { payFrom: batch.payFrom[first.currency] } : {}),
    };
    const check = checkOrder(
      {
        productCodes: [first.productCode],
        currency: body.currency,
        faceValue: body.faceValue,
        itemCount: members.length,
        deliverAt: body.deliverAt,
        source: 'PORTAL',
      },
      profile,
      [product],
      now,
    );
    if (!check.ok) throw new AppError(check.code, check.fieldErrors);
    const prepared = {
      profile,
      products: [product],
      price: check.price,
      faceValue: check.faceValue,
      itemCount: members.length,
      fx: paymentOf(body, profile, check.price, members.length, `body.payFrom.${first.currency}`),
    };
    const made = orderRowsOf(actor, body, prepared, now, batch.id);
    await placeOrder(tx, actor, made, deps, now, { hold: false });
    madeOrders.push(made);
    members.forEach((row, index) => {
      placed.push([row.rowNumber, made.order.id, made.items[index]!.id]);
    });
  }
  for (let i = 0; i < placed.length; i += 1000) {
    const values = sql.join(
      placed.slice(i, i + 1000).map(([row, order, item]) => sql`(${row}::int, ${order}, ${item})`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${bulkRows} set order_id = made.order_id, item_id = made.item_id
        from (values ${values}) as made(row_number, order_id, item_id)
       where ${bulkRows.batchId} = ${batch.id} and ${bulkRows.rowNumber} = made.row_number`);
  }
  const [paid] = await tx
    .update(bulkBatches)
    .set({ status: 'PAID', paidAt: now })
    .where(eq(bulkBatches.id, batch.id))
    .returning();
  await recordAudit(tx, {
    actorUserId: actor.userId,
    customerId: actor.customerId,
    action: 'bulk_order.pay',
    target: batch.id,
    details: { rows: rows.length, orders: groups.length },
  });
  // Every reward's money last: the accounts all customers' orders share are locked from these
  // statements to the commit, not for the whole batch's writing.
  await holdOrdersItems(tx, madeOrders);
  return paid!;
}
