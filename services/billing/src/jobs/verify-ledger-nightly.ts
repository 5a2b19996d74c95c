import { job } from '../deps.js';
import { verifyLedger } from '../ledger/verify-ledger.js';

/**
 * Every night at 03:17 UTC: the checks of `npm run ledger:verify`. A mismatch means money is
 * misrecorded somewhere, so staff hear of it by mail (LEDGER_ALERTS_TO) and it is logged.
 */
export const verifyLedgerNightlyJob = job(
  'billing.verify-ledger',
  async (_data, _attempt, { db, mailer, ledgerAlertsTo, log }) => {
    const checks = await verifyLedger(db);
    const failed = checks.filter((check) => check.mismatches.length > 0);
    if (failed.length === 0) {
      log.info({ checks: checks.length }, 'ledger verified: no mismatch');
      return;
    }
    log.error({ failed }, 'ledger verification found mismatches');
    if (!ledgerAlertsTo) return;
    await mailer.send(db, {
      kind: 'ledger-alert',
      to: ledgerAlertsTo,
      subject: 'The ledger check found mismatches',
      content: {
        heading: 'The nightly ledger check found mismatches',
        paragraphs: [
          'Some recorded balances no longer agree with the transfers behind them. No money moves until someone looks: run npm run ledger:verify on the server for the full list.',
          ...failed.flatMap((check) => [
            `${check.name}: ${check.mismatches.length} mismatch(es)`,
            ...check.mismatches.slice(0, 10),
          ]),
        ],
      },
    });
  },
  { schedule: '17 3 * * *' },
);
