import type { CatalogProduct } from '@boon/catalog';
import type { BulkPayFrom } from '@boon/contracts';
import { checkOrder, type OrderPrice } from '@boon/domain';
import { AppError } from '@boon/service-kit';
import type { CustomerOrderingProfile } from '../deps.js';

/** Rewards alike in a bulk order: a row, or a group of rows in an estimate. */
export interface RewardKind {
  productCode: string;
  currency: string;
  faceValue: string;
  deliverAt?: string | undefined;
}

export type RewardCheck =
  | { ok: true; faceValue: bigint; item: OrderPrice['item'] }
  | { ok: false; field: string; message: string };

/** Refusals about the customer, not a reward: the whole request gets them as they are. */
const customerRefusals = new Set(['ordering_restricted', 'portal_ordering_restricted']);

/**
 * One reward checked as a one-reward order would be (a bulk order keeps the order
 * rules), then the balance that pays it: its currency's own, or the one the bulk order names for
 * it (checkBulkPayFrom checks that choice). A problem names the field it is about, in the rules'
 * words. The order limit is checked per reward here; the bulk order sizes its orders to it.
 */
export function checkReward(
  kind: RewardKind,
  profile: CustomerOrderingProfile,
  products: readonly CatalogProduct[],
  now: Date,
  payFrom?: BulkPayFrom,
): RewardCheck {
  const check = checkOrder(
    {
      productCodes: [kind.productCode],
      currency: kind.currency,
      faceValue: kind.faceValue,
      itemCount: 1,
      deliverAt: kind.deliverAt,
      source: 'PORTAL',
    },
    profile,
    products,
    now,
  );
  if (!check.ok && customerRefusals.has(check.code)) throw new AppError(check.code);
  if (!check.ok) {
    const first = check.fieldErrors?.[0];
    const field = first
      ? first.path.replace(/^body\./, '').replace(/^productCodes$/, 'productCode')
      : check.code === 'order_currency_not_enabled'
        ? 'currency'
        : 'productCode';
    return { ok: false, field, message: first?.message ?? new AppError(check.code).message };
  }
  if (!profile.floats.includes(kind.currency) && !payFrom?.[kind.currency]) {
    return { ok: false, field: 'currency', message: new AppError('currency_not_a_float').message };
  }
  return { ok: true, faceValue: check.faceValue, item: check.price.item };
}
