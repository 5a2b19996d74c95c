import type { BalanceAlerts, BalanceAlertsUpdate } from '@boon/contracts';
import { moneyFromMinor, toDecimalString } from '@boon/domain';
import {
  and,
  balanceAlertSettings,
  balanceAlertThresholds,
  eq,
  notInArray,
  sql,
  type Database,
} from '@boon/db';
import { AppError, recordAudit } from '@boon/service-kit';
import type { CustomerBillingProfile } from '../deps.js';
import { minorUnits } from '../top-ups/amount.js';

/** The company's balance notifications as saved; none yet reads as no thresholds, no addresses. */
export async function readBalanceAlerts(db: Database, customerId: string): Promise<BalanceAlerts> {
  const [settings] = await db
    .select()
    .from(balanceAlertSettings)
    .where(eq(balanceAlertSettings.customerId, customerId));
  const thresholds = await thresholdsOf(db, customerId);
  return {
    thresholds: thresholds.map((row) => ({
      currency: row.currency,
      threshold: toDecimalString(moneyFromMinor(row.currency, row.threshold)),
      alerting: row.alerting,
    })),
    recipients: settings?.recipients ?? [],
    updatedAt: settings?.updatedAt.toISOString() ?? null,
  };
}

/** The company's thresholds, by currency. */
export function thresholdsOf(db: Database, customerId: string) {
  return db
    .select()
    .from(balanceAlertThresholds)
    .where(eq(balanceAlertThresholds.customerId, customerId))
    .orderBy(balanceAlertThresholds.currency);
}

/**
 * Replaces the company's balance notifications. A threshold must be for one of its balances, with
 * no more decimals than its currency has. A changed threshold starts afresh: if the balance is
 * already under it, the next check mails once.
 */
export async function saveBalanceAlerts(
  tx: Database,
  actor: { customerId: string; userId: string },
  profile: CustomerBillingProfile | undefined,
  update: BalanceAlertsUpdate,
): Promise<BalanceAlerts> {
  if (!profile) throw new AppError('no_customers_found');
  const thresholds = update.thresholds.map(({ currency, threshold }, index) => {
    if (!profile.floats.includes(currency)) throw new AppError('currency_not_a_float');
    return {
      currency,
      threshold: minorUnits(threshold, currency, `thresholds.${index}.threshold`),
    };
  });
  const recipients = update.recipients.map((address) => address.trim());

  await tx
    .insert(balanceAlertSettings)
    .values({ customerId: actor.customerId, recipients, updatedByUserId: actor.userId })
    .onConflictDoUpdate({
      target: balanceAlertSettings.customerId,
      set: { recipients, updatedByUserId: actor.userId, updatedAt: new Date() },
    });
  await tx.delete(balanceAlertThresholds).where(
    and(
      eq(balanceAlertThresholds.customerId, actor.customerId),
      thresholds.length > 0
        ? notInArray(
            balanceAlertThresholds.currency,
            thresholds.map((row) => row.currency),
          )
        : undefined,
    ),
  );
  for (const { currency, threshold } of thresholds) {
    await tx
      .insert(balanceAlertThresholds)
      .values({ customerId: actor.customerId, currency, threshold })
      .onConflictDoUpdate({
        target: [balanceAlertThresholds.customerId, balanceAlertThresholds.currency],
        set: {
          threshold,
          // Unchanged: keep whether this fall was already mailed about.
          alerting: sql`case when ${balanceAlertThresholds.threshold} = ${threshold} then ${balanceAlertThresholds.alerting} else false end`,
        },
      });
  }
  await recordAudit(tx, {
    actorUserId: actor.userId,
    customerId: actor.customerId,
    action: 'balance_alerts.update',
    target: actor.customerId,
    details: { thresholds: update.thresholds, recipients: recipients.length },
  });
  return readBalanceAlerts(tx, actor.customerId);
}
