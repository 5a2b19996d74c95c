import type { Database } from '@boon/db';

/**
 * A transaction that one party opens (the route handler, on demand) and another finishes later
 * (the idempotency plugin, once the answer is known), so the handler's effect and the recorded
 * answer commit together. Drizzle only offers transactions as a callback, so the callback is held
 * open on a promise until `commit` or `rollback` settles it.
 */
export interface DeferredTransaction {
  /** The transaction, opened on the first call. */
  get(): Promise<Database>;
  readonly opened: boolean;
  /** Runs `last` in the transaction, then commits; if `last` throws, rolls back and rethrows. */
  commit<T>(last: (tx: Database) => Promise<T>): Promise<T>;
  /** Rolls back what was written; nothing to do when it was never opened. */
  rollback(): Promise<void>;
}

type Ending = { kind: 'commit'; last: (tx: Database) => Promise<unknown> } | { kind: 'rollback' };

class Rollback extends Error {
  override name = 'Rollback';
}

export function deferTransaction(db: Database): DeferredTransaction {
  let opening: Promise<Database> | undefined;
  let end: ((ending: Ending) => void) | undefined;
  let finished: Promise<unknown> | undefined;

  return {
    get() {
      opening ??= new Promise<Database>((resolve, reject) => {
        const ending = new Promise<Ending>((settle) => {
          end = settle;
        });
        finished = db.transaction(async (tx) => {
          resolve(tx);
          const decided = await ending;
          if (decided.kind === 'rollback') throw new Rollback();
          return decided.last(tx);
        });
        // Before `resolve`, a failure is the transaction failing to open: the opener hears of it.
        finished.catch(reject);
      });
      return opening;
    },
    get opened() {
      return opening !== undefined;
    },
    async commit<T>(last: (tx: Database) => Promise<T>): Promise<T> {
      if (!opening || !end || !finished) throw new Error('The transaction was never opened');
      await opening;
      end({ kind: 'commit', last });
      return (await finished) as T;
    },
    async rollback() {
      if (!opening || !end || !finished) return;
      // A transaction that failed to open has nothing to roll back.
      if (
        !(await opening.then(
          () => true,
          () => false,
        ))
      )
        return;
      end({ kind: 'rollback' });
      await finished.catch((error: unknown) => {
        if (!(error instanceof Rollback)) throw error;
      });
    },
  };
}
