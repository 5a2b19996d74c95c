import type { FxQuote, FxQuoteRequest } from '@boon/contracts';
import { customerRate, quoteBuying, quoteSelling } from '@boon/domain/rates';
import { fxQuotes, type Database } from '@boon/db';
import { AppError, prefixedId } from '@boon/service-kit';
import type { CustomerBillingProfile } from '../deps.js';
import { minorUnits } from '../top-ups/amount.js';
import { toFxQuote } from './fx-repository.js';
import type { RateProvider } from './rate-table.js';

/** How long a quote holds ("a quote gives the rate, the fee and an expiry"). */
export const FX_QUOTE_VALIDITY_SECONDS = 60;

/**
 * Whether the customer may exchange between these balances (spec 6: fx on for the customer, both
 * currencies its floats; the balances terms are not needed for FX).
 */
export function requireExchangeable(
  profile: CustomerBillingProfile | undefined,
  currencies: readonly string[],
): CustomerBillingProfile {
  if (!profile) throw new AppError('no_customers_found');
  if (!profile.balancesEnabled || !profile.fxEnabled) throw new AppError('fx_not_enabled');
  if (!currencies.every((currency) => profile.floats.includes(currency))) {
    throw new AppError('currency_not_a_float');
  }
  return profile;
}

export async function createFxQuote(
  db: Database,
  customerId: string,
  profile: CustomerBillingProfile | undefined,
  request: FxQuoteRequest,
  rates: RateProvider,
  now = new Date(),
): Promise<FxQuote> {
  requireExchangeable(profile, [request.sellCurrency, request.buyCurrency]);
  const sellPerUsd = rates.perUsd(request.sellCurrency);
  const buyPerUsd = rates.perUsd(request.buyCurrency);
  if (!sellPerUsd || !buyPerUsd) throw new AppError('currency_not_a_float');
  const rate = customerRate(sellPerUsd, buyPerUsd);
  const amounts =
    request.sellAmount !== undefined
      ? quoteSelling(
          {
            currency: request.sellCurrency as never,
            minor: minorUnits(request.sellAmount, request.sellCurrency, 'sellAmount'),
          },
          request.buyCurrency,
          rate,
        )
      : quoteBuying(
          {
            currency: request.buyCurrency as never,
            minor: minorUnits(request.buyAmount!, request.buyCurrency, 'buyAmount'),
          },
          request.sellCurrency,
          rate,
        );
  if (amounts.buy.minor <= 0n || amounts.exchanged.minor <= 0n) {
    throw new AppError('validation_error', [
      { path: 'sellAmount', message: 'This amount is too small to exchange.' },
    ]);
  }
  const [row] = await db
    .insert(fxQuotes)
    .values({
      id: prefixedId('FXQ-', 12),
      customerId,
      sellCurrency: request.sellCurrency,
      buyCurrency: request.buyCurrency,
      sellAmount: amounts.sell.minor,
      exchangedAmount: amounts.exchanged.minor,
      feeAmount: amounts.fee.minor,
      buyAmount: amounts.buy.minor,
      rate,
      expiresAt: new Date(now.getTime() + FX_QUOTE_VALIDITY_SECONDS * 1000),
      createdAt: now,
    })
    .returning();
  return toFxQuote(row!);
}
