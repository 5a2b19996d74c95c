import { and, eq, ledgerAccounts, type Database } from '@boon/db';

/** The provider's own accounts, one per currency; customers' floats are `customer_float`. */
export const providerAccountKinds = [
  'bank_receipts',
  'card_clearing',
  'fx_pool',
  'fee_revenue',
  'discounts',
  'supplier_payable',
] as const;
export type ProviderAccountKind = (typeof providerAccountKinds)[number];

/** The readable, stable id of an account: `float:C-ACME0001:USD`, `bank_receipts:USD`. */
export function floatAccountId(customerId: string, currency: string): string {
  return `float:${customerId}:${currency}`;
}

export function providerAccountId(kind: ProviderAccountKind, currency: string): string {
  return `${kind}:${currency}`;
}

/**
 * A customer's float in `currency`, opened if it is not there yet (safe to call twice, and by two
 * requests at once). A float may never be overdrawn.
 */
export async function openFloat(
  tx: Database,
  customerId: string,
  currency: string,
): Promise<string> {
  const id = floatAccountId(customerId, currency);
  await tx
    .insert(ledgerAccounts)
    .values({ id, currency, kind: 'customer_float', customerId, debitsMustNotExceedCredits: true })
    .onConflictDoNothing();
  return id;
}

/** One of the provider's accounts in `currency`, opened if it is not there yet. */
export async function openProviderAccount(
  tx: Database,
  kind: ProviderAccountKind,
  currency: string,
): Promise<string> {
  const id = providerAccountId(kind, currency);
  await tx.insert(ledgerAccounts).values({ id, currency, kind }).onConflictDoNothing();
  return id;
}

/** A customer's floats, by currency code. */
export async function floatsOf(tx: Database, customerId: string) {
  return tx
    .select()
    .from(ledgerAccounts)
    .where(
      and(eq(ledgerAccounts.customerId, customerId), eq(ledgerAccounts.kind, 'customer_float')),
    )
    .orderBy(ledgerAccounts.currency);
}
