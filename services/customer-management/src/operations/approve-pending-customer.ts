import type { Customer, PendingCustomerApprove } from '@boon/contracts';
import {
  approvedCustomerDefaultCurrency,
  featureFlaggedCurrencyDefaults,
  isCurrencyCode,
} from '@boon/domain';
import { customers, eq, memberships, pendingCustomers, type Database } from '@boon/db';
import { AppError, prefixedId, recordAudit } from '@boon/service-kit';
import type { CustomerManagementDeps } from '../deps.js';
import { toCustomer } from '../repositories/customer-serializer.js';
import {
  customerHasDomain,
  refusingTakenDomain,
  lockPendingCustomer,
} from '../repositories/pending-customer-repository.js';
import {
  orderLimitAmounts,
  replaceOrderLimits,
  toOrderLimits,
} from '../repositories/order-limits.js';
import { isOpen, notOpen, requireSetUp } from './pending-customer-rules.js';

/**
 * Staff approve a pending customer: one transaction creates the customer with the settings staff
 * chose, makes the requester its owner, marks the request APPROVED, mails the requester and
 * audits each change. The domain is checked again, since another request for it may have been
 * approved since this one was made.
 */
export async function approvePendingCustomer(
  tx: Database,
  {
    mailer,
    productName,
    publicUrl,
  }: Pick<CustomerManagementDeps, 'mailer' | 'productName' | 'publicUrl'>,
  { actorUserId, customerId }: { actorUserId: string; customerId: string | undefined },
  { pendingCustomerId, settings }: PendingCustomerApprove,
): Promise<Customer> {
  // A float in a currency the ledger doesn't know could never be funded.
  const unknown = settings.currencies.filter((code) => !isCurrencyCode(code));
  if (unknown.length > 0) {
    throw new AppError('validation_error', [
      {
        path: 'body.settings.currencies',
        message: `We don't hold balances in ${unknown.join(', ')}. Choose other currencies.`,
      },
    ]);
  }
  // Each limit in its currency's minor units; a value its currency can't hold is a 422.
  const limitAmounts = orderLimitAmounts(settings.orderLimits, 'body.settings.orderLimits');
  const created = await refusingTakenDomain(async () => {
    const pending = await lockPendingCustomer(tx, pendingCustomerId);
    if (!pending) throw new AppError('not_found');
    const { row } = pending;
    if (!isOpen(row.approvalStatus)) throw notOpen(row.approvalStatus);
    requireSetUp(row, 'approve');

    // Another request for the domain may have been approved since this one was made.
    if (row.domain && (await customerHasDomain(tx, row.domain))) {
      throw new AppError('customer_with_domain_exists');
    }

    const values = {
      name: row.companyName,
      contactEmail: pending.requesterEmail,
      domain: row.domain,
      source: 'direct' as const,
      limitedAccess: false,
      playgroundMode: false,
      // The currency of the company's country when it holds a float in it.
      defaultCurrency: approvedCustomerDefaultCurrency(row.country, settings.currencies),
      featureFlags: {
        balances: {
          enabled: settings.balancesEnabled,
          floats: settings.currencies,
          cardFees: false,
        },
        fx: settings.fxEnabled,
        breakage: false,
        discounts: settings.discountMultiplier !== null,
      },
      discountMultiplier: settings.discountMultiplier,
      currencyToggles: { ...featureFlaggedCurrencyDefaults },
    };
    let created: typeof customers.$inferSelect | undefined;
    // A fresh random id; on the rare clash with an existing one, another. Only the id: a
    // clash on the domain's index is an error (409 below), not a reason to try again.
    for (let attempt = 0; !created && attempt < 5; attempt += 1) {
      [created] = await tx
        .insert(customers)
        .values({ id: prefixedId('C-', 8), ...values })
        .onConflictDoNothing({ target: customers.id })
        .returning();
    }
    if (!created) throw new Error('could not allocate a customer id');

    await replaceOrderLimits(tx, created.id, limitAmounts);
    await tx
      .insert(memberships)
      .values({ userId: row.requestedByUserId, customerId: created.id, roles: ['owner'] });
    await tx
      .update(pendingCustomers)
      .set({ approvalStatus: 'APPROVED', customerId: created.id, updatedAt: new Date() })
      .where(eq(pendingCustomers.id, row.id));
    await mailer.send(tx, {
      kind: 'company-approved',
      to: pending.requesterEmail,
      subject: `${row.companyName} is approved`,
      content: {
        heading: `${row.companyName} is ready on ${productName}`,
        paragraphs: [
          'Your company account is approved. Sign in to order rewards and invite your team.',
        ],
        action: { label: `Sign in to ${productName}`, url: `${publicUrl}/` },
      },
    });

    const audit = { actorUserId, customerId };
    await recordAudit(tx, {
      ...audit,
      action: 'pending_customer.approve',
      target: row.id,
      details: {
        approvalStatus: { from: row.approvalStatus, to: 'APPROVED' },
        customerId: created.id,
      },
    });
    await recordAudit(tx, {
      ...audit,
      action: 'customer.create',
      target: created.id,
      details: { pendingCustomerId: row.id, name: created.name, settings },
    });
    await recordAudit(tx, {
      ...audit,
      action: 'membership.create',
      target: row.requestedByUserId,
      details: { customerId: created.id, roles: ['owner'] },
    });
    return created;
  });
  return toCustomer(created, toOrderLimits(limitAmounts));
}
