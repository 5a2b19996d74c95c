import type { FieldError, OrderLimit } from '@boon/contracts';
import { asc, customerOrderLimits, customers, eq, inArray, sql, type Database } from '@boon/db';
import {
  isPositiveMoney,
  moneyFromMinor,
  parseMoney,
  toDecimalString,
  type Money,
} from '@boon/domain';
import { AppError } from '@boon/service-kit';
import type { CustomerRow } from './customer-repository.js';

/**
 * A customer's order limits: decimal strings at the API ("5000.50" USD, "10000" JPY, "1.250"
 * BHD), whole minor units in the database (customer_order_limits), with each currency's ISO 4217
 * exponent from the domain's currency table in between.
 */

/**
 * The limits of a request as amounts in minor units. Each limit whose currency the table doesn't
 * know, or whose value has more decimals than its currency (USD "100.123", JPY "100.5"), is a
 * field error at `path` (e.g. "body.orderLimits") + ".N.currency" or ".N.maxOrderValue": 422.
 */
export function orderLimitAmounts(limits: readonly OrderLimit[] | null, path: string): Money[] {
  const amounts: Money[] = [];
  const fieldErrors: FieldError[] = [];
  (limits ?? []).forEach((limit, index) => {
    const parsed = parseMoney(limit.maxOrderValue, limit.currency);
    if (!parsed.ok) {
      const field = parsed.error.code === 'unknown_currency' ? 'currency' : 'maxOrderValue';
      fieldErrors.push({ path: `${path}.${index}.${field}`, message: parsed.error.message });
    } else if (!isPositiveMoney(parsed.value)) {
      fieldErrors.push({
        path: `${path}.${index}.maxOrderValue`,
        message: 'Must be greater than 0',
      });
    } else {
      amounts.push(parsed.value);
    }
  });
  if (fieldErrors.length > 0) throw new AppError('validation_error', fieldErrors);
  return amounts;
}

/** The API form of stored limits: by currency code; none at all is null. */
export function toOrderLimits(amounts: readonly Money[]): OrderLimit[] | null {
  if (amounts.length === 0) return null;
  return [...amounts]
    .sort((a, b) => (a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0))
    .map((amount) => ({ currency: amount.currency, maxOrderValue: toDecimalString(amount) }));
}

/** The stored limits of these customers, by customer id (a customer without any is absent). */
export async function loadOrderLimits(
  db: Database,
  customerIds: readonly string[],
): Promise<Map<string, OrderLimit[]>> {
  const byCustomer = new Map<string, StoredLimit[]>();
  if (customerIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(customerOrderLimits)
    .where(inArray(customerOrderLimits.customerId, [...customerIds]))
    .orderBy(asc(customerOrderLimits.customerId), asc(customerOrderLimits.currency));
  for (const row of rows) {
    const stored = byCustomer.get(row.customerId) ?? [];
    stored.push(row);
    byCustomer.set(row.customerId, stored);
  }
  return new Map(
    [...byCustomer].map(([customerId, stored]) => [customerId, storedLimits(stored) ?? []]),
  );
}

/** A stored limit: whole minor units of its currency. */
interface StoredLimit {
  currency: string;
  maxOrderMinor: bigint;
}

/** Stored limits in their API form; none at all is null. */
function storedLimits(stored: readonly StoredLimit[]): OrderLimit[] | null {
  return toOrderLimits(stored.map((limit) => moneyFromMinor(limit.currency, limit.maxOrderMinor)));
}

/** One customer's stored limits, or null for none. */
export async function loadCustomerOrderLimits(
  db: Database,
  customerId: string,
): Promise<OrderLimit[] | null> {
  return (await loadOrderLimits(db, [customerId])).get(customerId) ?? null;
}

/** Replaces a customer's limits with these (none: no limits at all). */
export async function replaceOrderLimits(
  tx: Database,
  customerId: string,
  amounts: readonly Money[],
): Promise<void> {
  await tx.delete(customerOrderLimits).where(eq(customerOrderLimits.customerId, customerId));
  if (amounts.length === 0) return;
  await tx.insert(customerOrderLimits).values(
    amounts.map((amount) => ({
      customerId,
      currency: amount.currency,
      maxOrderMinor: amount.minor,
    })),
  );
}

/**
 * A customer's row with its stored limits (null for none), read in one statement: ordering asks
 * for both on every order, and each statement costs the server a round trip.
 */
export async function findCustomerWithOrderLimits(
  db: Database,
  customerId: string,
): Promise<{ customer: CustomerRow; orderLimits: OrderLimit[] | null } | undefined> {
  const [row] = await db
    .select({
      customer: customers,
      // Minor units as text: a JSON number would lose what a bigint holds beyond 2^53.
      limits: sql<{ currency: string; maxOrderMinor: string }[] | null>`(
        select json_agg(json_build_object(
                 'currency', ${customerOrderLimits.currency},
                 'maxOrderMinor', ${customerOrderLimits.maxOrderMinor}::text))
          from ${customerOrderLimits}
         where ${customerOrderLimits.customerId} = ${customers.id}
      )`,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!row) return undefined;
  const stored = (row.limits ?? []).map((limit) => ({
    currency: limit.currency,
    maxOrderMinor: BigInt(limit.maxOrderMinor),
  }));
  return { customer: row.customer, orderLimits: storedLimits(stored) };
}
