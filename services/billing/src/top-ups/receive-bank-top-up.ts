import type { TopUp, TopUpReceipt } from '@boon/contracts';
import { moneyFromMinor, toDecimalString } from '@boon/domain';
import { eq, topUps, type Database } from '@boon/db';
import { AppError, recordAudit } from '@boon/service-kit';
import type { BillingDeps } from '../deps.js';
import { createTransfers } from '../ledger/create-transfers.js';
import { floatAccountId, openFloat, openProviderAccount } from '../ledger/ledger-accounts.js';
import { minorUnits } from './amount.js';
import { lockTopUp, toTopUp } from './top-up-repository.js';

/** The ledger transfer that credits a top-up: one per top-up, whoever records it and how often. */
export function topUpTransferId(topUpId: string): string {
  return `top-up:${topUpId}`;
}

/**
 * Staff record that a bank top-up's money arrived. What arrived is credited, even
 * when it differs from what was announced; the difference is flagged. The status, the ledger
 * transfer, the audit row and the customer's mail commit together or not at all.
 */
export async function receiveBankTopUp(
  tx: Database,
  actor: { userId: string },
  topUpId: string,
  receipt: TopUpReceipt,
  deps: Pick<BillingDeps, 'mailer' | 'publicUrl' | 'productName'>,
): Promise<TopUp> {
  const row = await lockTopUp(tx, topUpId);
  if (!row || row.method !== 'bank_transfer') throw new AppError('top_up_not_found');
  if (row.status !== 'PENDING') throw new AppError('top_up_not_pending');
  const received = minorUnits(receipt.receivedAmount, row.currency, 'receivedAmount');

  const bank = await openProviderAccount(tx, 'bank_receipts', row.currency);
  await openFloat(tx, row.customerId, row.currency);
  await createTransfers(tx, [
    {
      id: topUpTransferId(row.id),
      kind: 'posted',
      debitAccountId: bank,
      creditAccountId: floatAccountId(row.customerId, row.currency),
      amount: received,
      currency: row.currency,
      code: 'TOP_UP:BANK_TRANSFER',
      reference: row.paymentReference,
    },
  ]);
  const discrepancy =
    received < row.amount ? 'UNDERPAID' : received > row.amount ? 'OVERPAID' : null;
  const [updated] = await tx
    .update(topUps)
    .set({ status: 'COMPLETED', receivedAmount: received, discrepancy, completedAt: new Date() })
    .where(eq(topUps.id, row.id))
    .returning();

  const shown = toDecimalString(moneyFromMinor(row.currency, received));
  if (row.notifyEmail) {
    await deps.mailer.send(tx, {
      kind: 'top-up-received',
      to: row.notifyEmail,
      subject: `${shown} ${row.currency} added to your balance`,
      content: {
        heading: 'Your funds arrived',
        paragraphs: [
          `We received your bank transfer with reference ${row.paymentReference} and added ${shown} ${row.currency} to your ${row.currency} balance.`,
          ...(discrepancy === null
            ? []
            : [
                `You told us to expect ${toDecimalString(moneyFromMinor(row.currency, row.amount))} ${row.currency}. We credited what arrived; contact us if that is not what you meant to send.`,
              ]),
        ],
        action: {
          label: `See the top-up on ${deps.productName}`,
          url: `${deps.publicUrl}/billing/top-up/${row.id}`,
        },
      },
    });
  }
  await recordAudit(tx, {
    actorUserId: actor.userId,
    customerId: row.customerId,
    action: 'top_up.receive',
    target: row.id,
    details: { status: { from: 'PENDING', to: 'COMPLETED' }, receivedAmount: shown, discrepancy },
  });
  return toTopUp(updated!);
}
