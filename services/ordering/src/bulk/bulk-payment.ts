import type { BulkPayFrom } from '@boon/contracts';
import type { CustomerOrderingProfile } from '../deps.js';
import { payingRate } from '../orders/create-order.js';

/** The balance that pays a bulk order's rewards in `currency`: the one named, or their own. */
export function payingCurrency(payFrom: BulkPayFrom | undefined, currency: string): string {
  return payFrom?.[currency] ?? currency;
}

/**
 * A bulk order's choice of paying balances, checked against the customer as one order's payFrom
 * is (payingRate): Boon FX on, each paying balance held, each pair exchangeable. A problem names
 * its currency (body.payFrom.CAD).
 */
export function checkBulkPayFrom(
  payFrom: BulkPayFrom | undefined,
  profile: CustomerOrderingProfile,
): void {
  for (const [currency, pay] of Object.entries(payFrom ?? {})) {
    payingRate(pay, currency, profile, `body.payFrom.${currency}`);
  }
}
