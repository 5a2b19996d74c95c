// `npm run seed:volume -- --transactions 1000000`: a large, lived-in history for the benchmarks
// (`npm run bench -- --only transactions`), written through the ledger like every other movement
// (createTransfers), never as bare balance rows, so `npm run ledger:verify` still holds.
//
// It fills the demo customer Acme's floats (C-ACME0001, so the demo users list them) in a few
// currencies with N posted transfers over the last 12 months: orders from every order source,
// returned unspent value, bank and card top-ups (the card fee linked to its payment), Boon FX in
// and out with its fee. Each currency is one stream of batches (one database transaction each),
// in time order per account and never overdrawing: a float that runs low is topped up first.
// The streams run side by side, as their accounts are disjoint.
//
// Idempotent by transfer id: ids are `volume:<customer>:<currency>:<n>` and a stream's batches
// commit in order, so a re-run finds how far each stream got (a binary search on the ids) and adds
// only what is missing; `--transactions` larger than before extends the history up to now.
// The default currencies are ones the demo seed leaves alone (CAD, AUD, JPY), so the volume can
// span the whole 12 months while each account's entries stay in time order; a currency that
// already has entries (say USD) gets the volume after its latest one.
//
// PostgreSQL only (DATABASE_URL); it applies the migrations. The demo users come from the
// server's demo seed (SEED_DEMO=true on PostgreSQL), which the benchmark's server turns on.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/boon_bench npm run seed:volume -- \
//     --transactions 1000000 [--currencies CAD,AUD,JPY] [--batch 2000] [--months 12]
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

import { createTransfers, openFloat, openProviderAccount } from '@boon/billing';
import { eq, ledgerAccounts, ledgerTransfers, openDatabase, sql } from '@boon/db';
import { currencyExponent, floatCurrencies } from '@boon/domain';

export const VOLUME_CUSTOMER = 'C-ACME0001';
export const DEFAULT_VOLUME_CURRENCIES = ['CAD', 'AUD', 'JPY'];
/**
 * Transfers per createTransfers call (one transaction). Its inserts bind 13 parameters per
 * transfer and 9 per entry (two per transfer), and PostgreSQL takes at most 65,535 per statement:
 * at most 3,640 transfers.
 */
const DEFAULT_BATCH = 2000;
const MAX_BATCH = 3600;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The spec's order sources ({product} is Boon), weighted by how often orders come from each.
 * @type {readonly (readonly [string, number])[]}
 */
const ORDER_SOURCES = [
  ['PORTAL', 30],
  ['SYNC_API', 25],
  ['BOON_API', 15],
  ['QUICK_ORDER', 12],
  ['ORDER_TEMPLATE', 10],
  ['BOON_WEB_APP', 6],
  ['BOON_ORDER_SERVICE', 2],
];
const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/**
 * A small seeded generator (mulberry32), so a fresh run always writes the same history.
 * @param {number} seed
 */
function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (/** @type {number} */ min, /** @type {number} */ max) =>
      min + Math.floor(next() * (max - min + 1)),
    chance: (/** @type {number} */ p) => next() < p,
    /** @template T @param {readonly (readonly [T, number])[]} weighted @returns {T} */
    weighted(weighted) {
      const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [item, weight] of weighted) {
        roll -= weight;
        if (roll < 0) return item;
      }
      return /** @type {T} */ (weighted.at(-1)?.[0]);
    },
    id: (/** @type {string} */ prefix, /** @type {number} */ length) => {
      let id = prefix;
      for (let i = 0; i < length; i += 1) id += ID_ALPHABET[Math.floor(next() * 36)];
      return id;
    },
  };
}

/** @param {string} text */
function hash(text) {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

/** @param {string} customerId @param {string} currency @param {number} n */
export function volumeTransferId(customerId, currency, n) {
  return `volume:${customerId}:${currency}:${String(n).padStart(9, '0')}`;
}

/** @param {number} value */
const count = (value) => Math.round(value).toLocaleString('en-US');

/** Rows of a raw query. @param {import('@boon/db').Database} db @param {any} query */
async function rows(db, query) {
  return /** @type {{ rows: any[] }} */ (await db.execute(query)).rows;
}

/**
 * How many of a stream's transfers are there already: its batches commit in order, so they are a
 * prefix of its ids, found by a binary search (about 20 lookups for a million).
 * @param {import('@boon/db').Database} db @param {(n: number) => string} idOf @param {number} target
 */
async function existingPrefix(db, idOf, target) {
  const exists = async (/** @type {number} */ n) =>
    (
      await db
        .select({ id: ledgerTransfers.id })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.id, idOf(n)))
    ).length > 0;
  if (target === 0 || !(await exists(1))) return 0;
  let low = 1; // exists
  let high = target + 1; // treated as missing
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (await exists(middle)) low = middle;
    else high = middle;
  }
  return low;
}

/**
 * @typedef {object} SeedVolumeOptions
 * @property {number} transactions how many transfers (= rows in the customer's transactions) in all
 * @property {string} [databaseUrl] default DATABASE_URL
 * @property {string} [customerId]
 * @property {string[]} [currencies]
 * @property {number} [batchSize]
 * @property {number} [months]
 * @property {(line: string) => void} [log]
 */

/**
 * Makes sure the customer has `transactions` volume transfers, writing the missing ones.
 * @param {SeedVolumeOptions} options
 * @returns {Promise<{ created: number, existing: number, seconds: number, perSecond: number }>}
 */
export async function seedVolume({
  transactions,
  databaseUrl = process.env.DATABASE_URL,
  customerId = VOLUME_CUSTOMER,
  currencies = DEFAULT_VOLUME_CURRENCIES,
  batchSize = DEFAULT_BATCH,
  months = 12,
  log = console.log,
}) {
  if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error(
      'seed:volume writes to PostgreSQL only: set DATABASE_URL=postgres://… (e.g. postgres://postgres@127.0.0.1:5432/boon_bench)',
    );
  }
  if (process.env.NODE_ENV === 'production') {
    throw new Error('seed:volume writes demo data, which is never written in production');
  }
  if (!Number.isSafeInteger(transactions) || transactions < 1) {
    throw new Error(`--transactions must be a positive whole number, not ${transactions}`);
  }
  const known = new Set(floatCurrencies.map((currency) => currency.code));
  for (const currency of currencies) {
    if (!known.has(/** @type {any} */ (currency))) {
      throw new Error(`${currency} is not one of the float currencies`);
    }
  }
  const batch = Math.min(Math.max(1, Math.floor(batchSize)), MAX_BATCH);

  const handle = await openDatabase({
    kind: 'postgres',
    url: databaseUrl,
    maxConnections: currencies.length + 1,
  });
  try {
    await handle.migrate();
    const db = handle.db;
    const now = Date.now();
    const earliest = new Date(now);
    earliest.setUTCMonth(earliest.getUTCMonth() - months);

    // Each currency's share of the transfers, its accounts, and how far an earlier run got.
    const streams = [];
    for (const [index, currency] of currencies.entries()) {
      const target =
        Math.floor(transactions / currencies.length) +
        (index < transactions % currencies.length ? 1 : 0);
      const accounts = await db.transaction(async (tx) => ({
        float: await openFloat(tx, customerId, currency),
        bank: await openProviderAccount(tx, 'bank_receipts', currency),
        card: await openProviderAccount(tx, 'card_clearing', currency),
        supplier: await openProviderAccount(tx, 'supplier_payable', currency),
        fees: await openProviderAccount(tx, 'fee_revenue', currency),
        fx: await openProviderAccount(tx, 'fx_pool', currency),
      }));
      const idOf = (/** @type {number} */ n) => volumeTransferId(customerId, currency, n);
      const existing = await existingPrefix(db, idOf, target);
      // Entries are in time order per account: new ones come after the latest there is.
      let latest = earliest.getTime();
      for (const account of Object.values(accounts)) {
        const [row] = await rows(
          db,
          sql`select max(created_at) as at from ledger_entries where account_id = ${account}`,
        );
        if (row?.at) latest = Math.max(latest, new Date(row.at).getTime() + 1);
      }
      const [float] = await db
        .select()
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.id, accounts.float));
      if (!float) throw new Error(`the float ${accounts.float} did not open`);
      streams.push({
        currency,
        target,
        existing,
        accounts,
        idOf,
        from: latest,
        available: float.creditsPosted - float.debitsPosted - float.debitsPending,
        exponent: currencyExponent(currency),
      });
    }

    const existing = streams.reduce((sum, stream) => sum + stream.existing, 0);
    const missing = transactions - Math.min(transactions, existing);
    log(
      `Volume for ${customerId} in ${currencies.join(', ')}: ${count(transactions)} transfers asked, ` +
        `${count(existing)} there already, ${count(missing)} to write (batches of ${count(batch)})`,
    );
    for (const stream of streams) {
      if (stream.existing < stream.target && stream.from > earliest.getTime() + DAY_MS) {
        log(
          `  ${stream.currency}: its accounts have entries up to ${new Date(stream.from).toISOString()}; ` +
            'the new transfers come after them, up to now',
        );
      }
    }
    const started = performance.now();
    if (missing === 0) return { created: 0, existing, seconds: 0, perSecond: 0 };

    let created = 0;
    let lastReport = started;
    const report = (/** @type {boolean} */ final) => {
      const seconds = (performance.now() - started) / 1000;
      const line =
        `  ${count(existing + created).padStart(11)} / ${count(transactions)}` +
        `  (${(((existing + created) / transactions) * 100).toFixed(0).padStart(3)}%)` +
        `  ${count(created / Math.max(seconds, 0.001)).padStart(7)} transfers/s  ${seconds.toFixed(0)} s`;
      if (final || performance.now() - lastReport >= 5000) {
        lastReport = performance.now();
        log(line);
      }
    };

    await Promise.all(
      streams.map(async (stream) => {
        const { currency, accounts, idOf, exponent } = stream;
        const rng = random(hash(`${customerId}:${currency}:${stream.existing}`));
        /** A price in minor units: `units` of 1 (cent currencies) or 100 (yen…), plus change. */
        const unit = exponent === 0 ? 100n : 10n ** BigInt(exponent);
        const money = (/** @type {number} */ units) =>
          BigInt(units) * unit + (exponent === 0 ? 0n : BigInt(rng.int(0, Number(unit) - 1)));
        const target = 50_000n * unit; // what the customer keeps on the float, roughly
        let available = stream.available;
        let n = stream.existing;
        const toWrite = stream.target - stream.existing;
        const span = Math.max(0, now - stream.from);
        /** The time of the k-th new transfer: spread evenly, jittered, never going back. */
        const at = (/** @type {number} */ k) =>
          new Date(stream.from + Math.floor((span * (k + rng.next())) / (toWrite + 1)));

        /** @param {string} code @param {string} debit @param {string} credit @param {bigint} amount @param {string} reference @param {Date} when */
        const posted = (code, debit, credit, amount, reference, when) => {
          n += 1;
          available += credit === accounts.float ? amount : -amount;
          return {
            id: idOf(n),
            kind: /** @type {const} */ ('posted'),
            debitAccountId: debit,
            creditAccountId: credit,
            amount,
            currency,
            code,
            reference,
            at: when,
          };
        };

        /** The next movement: one transfer, or two linked (a fee with its payment). */
        const operation = (/** @type {number} */ room) => {
          const when = at(n - stream.existing);
          const low = available < target / 20n;
          const topUp = low || (available < target / 2n && rng.chance(0.02));
          if (topUp) {
            // A bank transfer back to about the usual level; a card payment (with its linked
            // fee) for smaller amounts, now and then.
            const wanted = ((target - available) / (1000n * unit) + 1n) * 1000n * unit;
            if (!low && room >= 2 && rng.chance(0.35)) {
              const amount = BigInt(rng.int(5, 50)) * 100n * unit;
              const reference = rng.id('TU-', 10);
              return [
                posted(
                  'TOP_UP:CARD_PAYMENT',
                  accounts.card,
                  accounts.float,
                  amount,
                  reference,
                  when,
                ),
                posted(
                  'FEES:CARD_PAYMENT_FEE',
                  accounts.float,
                  accounts.fees,
                  (amount * 25n) / 1000n,
                  reference,
                  when,
                ),
              ];
            }
            return [
              posted(
                'TOP_UP:BANK_TRANSFER',
                accounts.bank,
                accounts.float,
                wanted,
                rng.id('TU-', 10),
                when,
              ),
            ];
          }
          const roll = rng.next();
          if (roll < 0.04) {
            const amount = money(rng.int(5, 100));
            const code = `ORDER_ITEM:UNSPENT_VALUE:${rng.weighted(ORDER_SOURCES)}`;
            return [
              posted(code, accounts.supplier, accounts.float, amount, rng.id('ORD-', 10), when),
            ];
          }
          if (roll < 0.06) {
            const amount = money(rng.int(100, 5000));
            return [
              posted(
                'CURRENCY_EXCHANGE:FX_TRANSFERS_IN',
                accounts.fx,
                accounts.float,
                amount,
                rng.id('TR-', 12),
                when,
              ),
            ];
          }
          if (roll < 0.08 && room >= 2) {
            const amount = money(rng.int(100, 2000));
            const fee = (amount * 5n) / 1000n + 1n;
            if (amount + fee <= available) {
              const reference = rng.id('TR-', 12);
              return [
                posted(
                  'CURRENCY_EXCHANGE:FX_TRANSFERS_OUT',
                  accounts.float,
                  accounts.fx,
                  amount,
                  reference,
                  when,
                ),
                posted(
                  'CURRENCY_EXCHANGE:FX_FEES',
                  accounts.float,
                  accounts.fees,
                  fee,
                  reference,
                  when,
                ),
              ];
            }
          }
          // An order item: mostly small rewards, now and then a large one.
          const units = rng.chance(0.9) ? rng.int(5, 100) : rng.int(100, 1000);
          const amount = money(units);
          if (amount > available) {
            return [
              posted(
                'TOP_UP:BANK_TRANSFER',
                accounts.bank,
                accounts.float,
                target,
                rng.id('TU-', 10),
                when,
              ),
            ];
          }
          const code = `ORDER_ITEM:COMPLETED:${rng.weighted(ORDER_SOURCES)}`;
          return [
            posted(code, accounts.float, accounts.supplier, amount, rng.id('ORD-', 10), when),
          ];
        };

        while (n < stream.target) {
          /** @type {import('@boon/billing').TransferInput[]} */
          const transfers = [];
          while (transfers.length < batch && n < stream.target) {
            const room = Math.min(batch - transfers.length, stream.target - n);
            transfers.push(...operation(room));
          }
          await db.transaction((tx) => createTransfers(tx, transfers));
          created += transfers.length;
          report(false);
        }
      }),
    );
    report(true);
    const seconds = (performance.now() - started) / 1000;
    const perSecond = created / seconds;
    log(
      `Wrote ${count(created)} transfers in ${seconds.toFixed(1)} s: ${count(perSecond)} transfers/s`,
    );
    // A database that has lived with these rows has been vacuumed and analysed; a bulk load has not
    // yet, and the planner would guess (the benchmark should measure the former).
    const vacuumStarted = performance.now();
    await handle.executeSql(
      'vacuum (analyze) ledger_accounts, ledger_transfers, ledger_entries, customer_transactions',
    );
    log(
      `Vacuumed and analysed the ledger tables in ${((performance.now() - vacuumStarted) / 1000).toFixed(1)} s`,
    );
    return { created, existing, seconds, perSecond };
  } finally {
    await handle.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      transactions: { type: 'string', default: '1000000' },
      currencies: { type: 'string' },
      batch: { type: 'string' },
      months: { type: 'string', default: '12' },
    },
  });
  try {
    await seedVolume({
      transactions: Number(values.transactions.replaceAll(/[_,]/g, '')),
      currencies: values.currencies
        ? values.currencies.split(',').map((c) => c.trim().toUpperCase())
        : undefined,
      batchSize: values.batch ? Number(values.batch) : undefined,
      months: Number(values.months),
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
