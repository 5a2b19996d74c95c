import { seedOnce, type Database } from '@boon/db';
import { createTransfers, type TransferInput } from './ledger/create-transfers.js';
import { openFloat, openProviderAccount } from './ledger/ledger-accounts.js';

const SEED_NAME = 'billing-demo-ledger-v1';

/**
 * decisions.md's demo balances, written through the ledger (never as bare balances): a year of
 * top-ups, monthly by bank transfer with a card payment each quarter, ending at Acme's 25,000 USD,
 * 10,000 GBP and 8,000 EUR and Globex's 5,000 USD and 2,000 GBP. Amounts in minor units.
 */
const demoFloats: { customerId: string; currency: string; total: bigint; months: number }[] = [
  { customerId: 'C-ACME0001', currency: 'USD', total: 2_500_000n, months: 12 },
  { customerId: 'C-ACME0001', currency: 'GBP', total: 1_000_000n, months: 12 },
  { customerId: 'C-ACME0001', currency: 'EUR', total: 800_000n, months: 12 },
  { customerId: 'C-GLOBEX01', currency: 'USD', total: 500_000n, months: 3 },
  { customerId: 'C-GLOBEX01', currency: 'GBP', total: 200_000n, months: 3 },
];

/** Uneven monthly amounts (so the history looks lived-in) that add up to `total` exactly. */
export function monthlyAmounts(total: bigint, months: number): bigint[] {
  const weights = Array.from({ length: months }, (_, i) => BigInt(7 + ((i * 5) % 6)));
  const sum = weights.reduce((a, b) => a + b, 0n);
  const amounts = weights.map((w) => ((total * w) / sum / 100n) * 100n);
  const rest = total - amounts.reduce((a, b) => a + b, 0n);
  amounts[amounts.length - 1] = (amounts[amounts.length - 1] ?? 0n) + rest;
  return amounts;
}

/** Writes the demo balances once; true when it wrote them. */
export async function seedDemoLedger(db: Database, now = new Date()): Promise<boolean> {
  return seedOnce(db, SEED_NAME, async (tx) => {
    for (const { customerId, currency, total, months } of demoFloats) {
      const float = await openFloat(tx, customerId, currency);
      const bank = await openProviderAccount(tx, 'bank_receipts', currency);
      const card = await openProviderAccount(tx, 'card_clearing', currency);
      const transfers: TransferInput[] = monthlyAmounts(total, months).map((amount, i) => {
        const monthsAgo = months - i;
        const at = new Date(
          Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 3 + (i % 20), 10, 15),
        );
        const byCard = i % 3 === 2;
        return {
          id: `demo:${customerId}:${currency}:${i + 1}`,
          kind: 'posted',
          debitAccountId: byCard ? card : bank,
          creditAccountId: float,
          amount,
          currency,
          code: byCard ? 'TOP_UP:CARD_PAYMENT' : 'TOP_UP:BANK_TRANSFER',
          reference: `DEMO-${customerId.slice(2, 6)}-${currency}-${String(i + 1).padStart(2, '0')}`,
          at,
        };
      });
      await createTransfers(tx, transfers);
    }
  });
}
