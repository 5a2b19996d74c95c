import type { BulkPayFrom } from '@boon/contracts';
import { AppError } from '@boon/service-kit';
import type { CustomerOrderingProfile } from '../deps.js';
import { payingRate } from '../orders/create-order.js';

/**
 * A bulk order's choice of paying balances, checked against the customer as one order's payFrom
 * is (payingRate): Boon FX on, each paying balance held, each pair exchangeable. Every currency's
 * problem is said at once, each at `at`.<currency> (body.payFrom.CAD when the request names them).
 */
export function checkBulkPayFrom(
  payFrom: BulkPayFrom | undefined,
  profile: CustomerOrderingProfile,
  at = 'body.payFrom',
): void {
  const problems: AppError[] = [];
  for (const [currency, pay] of Object.entries(payFrom ?? {})) {
    try {
      payingRate(pay, currency, profile, `${at}.${currency}`);
    } catch (error) {
      if (!(error instanceof AppError) || error.code === 'fx_not_enabled') throw error;
      problems.push(error);
    }
  }
  if (problems.length === 0) return;
  // A balance the company does not hold is the refusal to name first.
  const code = problems.some((problem) => problem.code === 'currency_not_a_float')
    ? 'currency_not_a_float'
    : 'validation_error';
  throw new AppError(
    code,
    problems.flatMap((problem) => problem.fieldErrors ?? []),
  );
}
