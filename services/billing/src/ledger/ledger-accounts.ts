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

/** The provider's accounts this process has seen open, per database. */
const providerAccountsOpen = new WeakMap<Database, Set<string>>();

/**
 * One of the provider's accounts in `currency`, opened by a statement of its own (so on `db`,
 * never in a transaction) the first time this process asks for it in this database. Accounts are
 * never closed, so an order holding money on one needs no insert of its own after that.
 */
export async function openProviderAccountOnce(
  db: Database,
  kind: ProviderAccountKind,
  currency: string,
): Promise<string> {
  const id = providerAccountId(kind, currency);
  let open = providerAccountsOpen.get(db);
  if (!open) {
    open = new Set();
    providerAccountsOpen.set(db, open);
  }
  if (!open.has(id)) {
    await openProviderAccount(db, kind, currency);
    open.add(id);
  }
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
