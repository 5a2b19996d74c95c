import { orderExchangeRate } from '@boon/billing';
import type { BulkPayFrom } from '@boon/contracts';
import { AppError } from '@boon/service-kit';
import type { CustomerOrderingProfile } from '../deps.js';

/** The balance that pays a bulk order's rewards in `currency`: the one named, or their own. */
export function payingCurrency(payFrom: BulkPayFrom | undefined, currency: string): string {
  return payFrom?.[currency] ?? currency;
}

/**
 * A bulk order's choice of paying balances, checked against the customer as one order's payFrom
 * is (createOrder's paymentOf): Boon FX on, each paying balance held, each pair exchangeable.
 * Every problem names its currency (body.payFrom.CAD).
 */
export function checkBulkPayFrom(
  payFrom: BulkPayFrom | undefined,
  profile: CustomerOrderingProfile,
): void {
  const named = Object.entries(payFrom ?? {});
  if (named.length === 0) return;
  if (!profile.fxEnabled) throw new AppError('fx_not_enabled');
  const notHeld = named.filter(([, pay]) => !profile.floats.includes(pay));
  if (notHeld.length > 0) {
    throw new AppError(
      'currency_not_a_float',
      notHeld.map(([currency, pay]) => ({
        path: `body.payFrom.${currency}`,
        message: `This company has no ${pay} balance to pay for the ${currency} rewards. Choose one of your balances.`,
      })),
    );
  }
  const notExchanged = named.filter(([currency, pay]) => !orderExchangeRate(pay, currency));
  if (notExchanged.length > 0) {
    throw new AppError(
      'validation_error',
      notExchanged.map(([currency, pay]) => ({
        path: `body.payFrom.${currency}`,
        message: `Boon FX cannot exchange ${pay} for ${currency}. Choose another balance to pay from.`,
      })),
    );
  }
}
