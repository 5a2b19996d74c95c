// The ledger's throughput on PostgreSQL (`npm run bench`'s "ledger" step): first the ceiling
// this machine's PostgreSQL sets for one change a transaction (a bare one-row update); then
// single-transfer batches, each in its own transaction, from 20 concurrent clients for a few
// seconds, once spread over 50 accounts and once with every transfer debiting one hot account;
// then the same with batches of 100 transfers a transaction, as a bulk order's chunk writes them;
// and last the single transfers again through a TransferBatcher, which coalesces the requests of
// callers without a transaction of their own into shared transactions (each request still
// answered on its own).
// Needs DATABASE_URL; it creates a database of its own there and drops it afterwards.
import { TransferBatcher, createTransfers, openFloat, openProviderAccount } from '@boon/billing';
import { openTestDatabase } from '@boon/db/testing';

const CLIENTS = 20;
const ACCOUNTS = 50;

/**
 * @param {{ seconds?: number }} [options]
 * @returns {Promise<{ spreadCeiling: number, hotCeiling: number, spread: number, hot: number,
 *   spreadBatched: number, hotBatched: number, spreadCoalesced: number, hotCoalesced: number }
 *   | undefined>} transfers (or, for the ceilings, one-row updates) per second
 */
export async function benchLedger({ seconds = 5 } = {}) {
  if (!process.env.DATABASE_URL) return undefined;
  // A database of its own on that server, dropped again on close.
  const handle = await openTestDatabase('empty', { maxConnections: CLIENTS + 2 });
  try {
    await handle.migrate();
    const db = handle.db;
    const floats = await db.transaction(async (tx) => {
      const ids = [];
      for (let i = 0; i < ACCOUNTS; i += 1) ids.push(await openFloat(tx, `C-BENCH${i}`, 'USD'));
      return ids;
    });
    const bank = await db.transaction((tx) => openProviderAccount(tx, 'bank_receipts', 'USD'));
    await db.transaction((tx) =>
      createTransfers(
        tx,
        floats.map((float, i) => ({
          id: `fund-${i}`,
          kind: 'posted',
          debitAccountId: bank,
          creditAccountId: float,
          amount: 10n ** 12n,
          currency: 'USD',
          code: 'TOP_UP:BANK_TRANSFER',
        })),
      ),
    );

    /** @param {import('@boon/billing').TransferInput[]} batch */
    const inItsOwnTransaction = (batch) => db.transaction((tx) => createTransfers(tx, batch));
    /**
     * @param {string} label @param {() => [string, string]} pair @param {number} [size]
     * @param {(batch: import('@boon/billing').TransferInput[]) => Promise<unknown>} [make]
     */
    const run = async (label, pair, size = 1, make = inItsOwnTransaction) => {
      let done = 0;
      const until = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          let n = 0;
          while (performance.now() < until) {
            const batch = Array.from({ length: size }, () => {
              const [from, to] = pair();
              return {
                id: `${label}-${client}-${(n += 1)}`,
                kind: /** @type {const} */ ('posted'),
                debitAccountId: from,
                creditAccountId: to,
                amount: 1n,
                currency: 'USD',
                code: 'BENCH',
              };
            });
            await make(batch);
            done += size;
          }
        }),
      );
      return done / seconds;
    };
    const randomFloat = () =>
      /** @type {string} */ (floats[Math.floor(Math.random() * floats.length)]);
    const spreadPair = () => {
      const from = randomFloat();
      let to = randomFloat();
      while (to === from) to = randomFloat();
      return /** @type {[string, string]} */ ([from, to]);
    };
    const hotPair = () => {
      let to = randomFloat();
      while (to === floats[0]) to = randomFloat();
      return /** @type {[string, string]} */ ([/** @type {string} */ (floats[0]), to]);
    };
    // What this machine's PostgreSQL does at most with one row changed a transaction, from the
    // same 20 clients: a one-column update (autocommit, one round trip), over 50 rows and on one
    // row. A ledger that updates each account's row, as this one does, cannot make one transfer a
    // transaction faster than that here.
    await handle.executeSql(
      'create table bench_ceiling (id int primary key, v bigint not null default 0);' +
        'insert into bench_ceiling (id) select generate_series(1, 50)',
    );
    /** @param {() => number} row */
    const ceiling = async (row) => {
      let done = 0;
      const until = performance.now() + seconds * 1000;
      await Promise.all(
        Array.from({ length: CLIENTS }, async () => {
          while (performance.now() < until) {
            await handle.executeSql('update bench_ceiling set v = v + 1 where id = $1', [row()]);
            done += 1;
          }
        }),
      );
      return done / seconds;
    };
    // Every client's connection open before the clock starts.
    await Promise.all(Array.from({ length: CLIENTS }, () => handle.executeSql('select 1')));
    const spreadCeiling = await ceiling(() => 1 + Math.floor(Math.random() * ACCOUNTS));
    const hotCeiling = await ceiling(() => 1);

    const spread = await run('spread', spreadPair);
    const hot = await run('hot', hotPair);
    const spreadBatched = await run('spread-batched', spreadPair, 100);
    const hotBatched = await run('hot-batched', hotPair, 100);
    const batcher = new TransferBatcher(db);
    /** @param {import('@boon/billing').TransferInput[]} batch */
    const coalesced = (batch) => batcher.createTransfers(batch);
    const spreadCoalesced = await run('spread-coalesced', spreadPair, 1, coalesced);
    const hotCoalesced = await run('hot-coalesced', hotPair, 1, coalesced);
    return {
      spreadCeiling,
      hotCeiling,
      spread,
      hot,
      spreadBatched,
      hotBatched,
      spreadCoalesced,
      hotCoalesced,
    };
  } finally {
    await handle.close();
  }
}
