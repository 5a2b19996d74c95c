import { formatMoney, moneyFromMinor } from '@boon/domain';
import {
  and,
  balanceAlertSettings,
  balanceAlertThresholds,
  eq,
  ledgerAccounts,
  sql,
  type Database,
} from '@boon/db';
import { job, type BillingDeps } from '../deps.js';

/** What the ledger says is spendable now: posted credits less posted and held debits. */
const available = sql<string>`${ledgerAccounts.creditsPosted} - ${ledgerAccounts.debitsPosted} - ${ledgerAccounts.debitsPending}`;

/**
 * Every minute: a balance that fell under its threshold since the last check is mailed about
 * once, to the company's addresses, and one back at or above it is armed again. Each change is a
 * conditional update in the transaction that writes the mails, so two runs at once, or a run
 * repeated after a crash, send one set of mails per fall.
 */
export const lowBalanceAlertsJob = job(
  'billing.low-balance-alerts',
  async (_data, _attempt, deps) => {
    const { db } = deps;
    const rows = await db
      .select({
        customerId: balanceAlertThresholds.customerId,
        currency: balanceAlertThresholds.currency,
        threshold: balanceAlertThresholds.threshold,
        alerting: balanceAlertThresholds.alerting,
        available,
      })
      .from(balanceAlertThresholds)
      .innerJoin(
        ledgerAccounts,
        and(
          eq(ledgerAccounts.kind, 'customer_float'),
          eq(ledgerAccounts.customerId, balanceAlertThresholds.customerId),
          eq(ledgerAccounts.currency, balanceAlertThresholds.currency),
        ),
      );
    for (const row of rows) {
      const balance = BigInt(row.available);
      if (!row.alerting && balance < row.threshold) {
        // Asked before the transaction opens: it reads through `db`, and on the embedded
        // database (one connection) a read outside the open transaction would wait for ever.
        const company = (await deps.customerProfile(row.customerId))?.name ?? 'Your company';
        await db.transaction((tx) => alert(tx, { ...row, balance, company }, deps));
      } else if (row.alerting && balance >= row.threshold) {
        await db
          .update(balanceAlertThresholds)
          .set({ alerting: false })
          .where(
            and(
              eq(balanceAlertThresholds.customerId, row.customerId),
              eq(balanceAlertThresholds.currency, row.currency),
            ),
          );
      }
    }
  },
  { schedule: '* * * * *' },
);

async function alert(
  tx: Database,
  row: {
    customerId: string;
    currency: string;
    threshold: bigint;
    balance: bigint;
    company: string;
  },
  deps: Pick<BillingDeps, 'mailer' | 'publicUrl' | 'productName'>,
): Promise<void> {
  const [claimed] = await tx
    .update(balanceAlertThresholds)
    .set({ alerting: true, alertedAt: new Date() })
    .where(
      and(
        eq(balanceAlertThresholds.customerId, row.customerId),
        eq(balanceAlertThresholds.currency, row.currency),
        eq(balanceAlertThresholds.alerting, false),
      ),
    )
    .returning();
  // Another run mailed about this fall first.
  if (!claimed) return;
  const [settings] = await tx
    .select()
    .from(balanceAlertSettings)
    .where(eq(balanceAlertSettings.customerId, row.customerId));
  const { company } = row;
  const left = formatMoney(moneyFromMinor(row.currency, row.balance));
  const threshold = formatMoney(moneyFromMinor(row.currency, row.threshold));
  for (const to of settings?.recipients ?? []) {
    await deps.mailer.send(tx, {
      kind: 'low-balance',
      to,
      subject: `${company}'s ${row.currency} balance is low: ${left} left`,
      content: {
        heading: `Your ${row.currency} balance is under its threshold`,
        paragraphs: [
          `${company}'s ${row.currency} balance is ${left}, under the ${threshold} you asked us to warn you about.`,
          'Rewards paid from this balance are refused once it runs out. Add funds to keep sending them.',
          `You get this once each time the balance falls under ${threshold}. Change the threshold or the addresses in the balance notifications on ${deps.productName}.`,
        ],
        action: { label: 'Add funds', url: `${deps.publicUrl}/billing/add-funds` },
      },
    });
  }
}
