import { AppError } from '@boon/service-kit';
import { job } from '../deps.js';
import { createTransfers, expiredHolds } from '../ledger/create-transfers.js';

/**
 * Every minute: voids the holds whose time is up and that nothing resolved, releasing their
 * funds. Each void has an id made from its hold's, so a second run, or a run racing a claim that
 * posts the hold, changes nothing: the ledger lets a hold resolve exactly once.
 */
export const expireHoldsJob = job(
  'billing.expire-holds',
  async (_data, _attempt, { db }) => {
    for (;;) {
      const holds = await expiredHolds(db, new Date());
      if (holds.length === 0) return;
      let voided = 0;
      for (const holdId of holds) {
        try {
          await db.transaction((tx) =>
            createTransfers(tx, [
              {
                id: `expire:${holdId}`,
                kind: 'void_pending',
                pendingId: holdId,
                code: 'ORDER_ITEM:UNSPENT_VALUE',
              },
            ]),
          );
          voided += 1;
        } catch (error) {
          // Resolved meanwhile (claimed, cancelled, or voided by another run): nothing to do.
          if (error instanceof AppError && error.code === 'ledger_hold_already_resolved') continue;
          throw error;
        }
      }
      if (voided === 0) return;
    }
  },
  { schedule: '* * * * *' },
);
