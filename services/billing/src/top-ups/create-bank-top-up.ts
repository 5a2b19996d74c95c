import type { BankTopUpCreate, TopUp } from '@boon/contracts';
import { topUps, type Database } from '@boon/db';
import { AppError, prefixedId, recordAudit } from '@boon/service-kit';
import type { CustomerBillingProfile } from '../deps.js';
import { openFloat } from '../ledger/ledger-accounts.js';
import { minorUnits } from './amount.js';
import { toTopUp } from './top-up-repository.js';

export interface TopUpActor {
  customerId: string;
  userId: string;
  email: string;
}

/**
 * Whether the customer may add funds to a balance in `currency`, and the person asking may (spec
 * 6: balances on, the balances terms accepted by them; the currency one of the floats). The
 * console only mirrors these.
 */
export function requireFundable(
  profile: CustomerBillingProfile | undefined,
  currency: string,
  termsAccepted: boolean,
): CustomerBillingProfile {
  if (!profile) throw new AppError('no_customers_found');
  if (!profile.balancesEnabled) throw new AppError('balances_not_enabled');
  if (!termsAccepted) throw new AppError('balances_terms_not_accepted');
  if (!profile.floats.includes(currency)) throw new AppError('currency_not_a_float');
  return profile;
}

/**
 * A bank top-up: the customer is to pay `amount` quoting the payment reference,
 * which is the top-up's id. Nothing is credited yet; the float is opened so its balance shows.
 */
export async function createBankTopUp(
  tx: Database,
  actor: TopUpActor,
  profile: CustomerBillingProfile | undefined,
  termsAccepted: boolean,
  request: BankTopUpCreate,
): Promise<TopUp> {
  requireFundable(profile, request.currency, termsAccepted);
  const amount = minorUnits(request.amount, request.currency, 'amount');
  await openFloat(tx, actor.customerId, request.currency);
  const id = prefixedId('TU-', 10);
  const [row] = await tx
    .insert(topUps)
    .values({
      id,
      customerId: actor.customerId,
      method: 'bank_transfer',
      status: 'PENDING',
      currency: request.currency,
      amount,
      paymentReference: id,
      createdByUserId: actor.userId,
      notifyEmail: actor.email,
      // Milliseconds, as the list's cursor carries them (PostgreSQL would keep microseconds).
      createdAt: new Date(),
    })
    .returning();
  await recordAudit(tx, {
    actorUserId: actor.userId,
    customerId: actor.customerId,
    action: 'top_up.create',
    target: id,
    details: { method: 'bank_transfer', currency: request.currency, amount: request.amount },
  });
  return toTopUp(row!);
}
