// The customer's transactions at volume (`npm run bench`'s "transactions" step): the list
// (GET /api/billing/transactions, keyset paging and filters) and the CSV export of all of them
// (the same path with Accept: text/csv), through the built server on the PostgreSQL database in
// DATABASE_URL, which should hold `npm run seed:volume`'s history (or pass --transactions N to
// write the missing part of it first). Unlike the ledger step it uses that database as it is,
// since a million transfers take minutes to write; the server seeds the demo users there once.
import fs from 'node:fs';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';

import { openDatabase, sql } from '@boon/db';
import { encodeKeysetCursor } from '@boon/service-kit';

import {
  DEFAULT_VOLUME_CURRENCIES,
  VOLUME_CUSTOMER,
  seedVolume,
  volumeTransferId,
} from '../seed-volume.mjs';
import { freePort, freshDataDir, msUntilOk, startServer } from './server.mjs';
import { signInWithoutUi } from './sign-in-without-ui.mjs';

const CUSTOMER = VOLUME_CUSTOMER;
const USER = 'owner@acme.test';
/** Below this many rows there is no volume to speak of: the demo alone has a few dozen. */
const MIN_VOLUME = 10_000;
const MS_PER_DAY = 24 * 60 * 60 * 1000;

/**
 * @typedef {object} ListKind
 * @property {string} label
 * @property {Record<string, string>} query
 */

/**
 * @typedef {object} ListResult
 * @property {number} p50
 * @property {number} p99
 * @property {number} requests
 * @property {{ label: string, median: number, max: number, rows: number }[]} kinds
 */

/**
 * @typedef {object} CsvResult
 * @property {number} rows
 * @property {number} seconds
 * @property {number} firstByteMs
 * @property {number} wireBytes
 * @property {number} bytes
 * @property {string} encoding
 * @property {number} idleRssKb
 * @property {number} peakRssKb
 * @property {number[]} rssByQuarterKb the RSS above idle at 25, 50, 75 and 100% of the export
 * @property {boolean} complete false when the time limit stopped it
 */

/** @param {number[]} values @param {number} p 0..100, nearest rank */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ??
    NaN
  );
}

/** The server process's resident memory in kB (Linux /proc), or NaN elsewhere. @param {number} pid */
function rssKb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

/** Rows of a raw query. @param {import('@boon/db').Database} db @param {any} query */
async function rows(db, query) {
  return /** @type {{ rows: any[] }} */ (await db.execute(query)).rows;
}

/** @param {string} accessToken */
const apiHeaders = (accessToken) => ({
  authorization: `Bearer ${accessToken}`,
  'x-customer-id': CUSTOMER,
});

/** A fresh access token of the demo owner, signed in over HTTP. @param {string} baseUrl */
async function accessToken(baseUrl) {
  const state = await signInWithoutUi(baseUrl, USER);
  const stored = state.origins[0]?.localStorage[0]?.value;
  if (!stored) throw new Error(`signing ${USER} in gave no user`);
  return /** @type {string} */ (JSON.parse(stored).access_token);
}

/**
 * What the list is asked in the benchmark: first pages, deep keyset pages (a cursor as a page
 * deep in the history hands out) and the console's filters. Cursors and search terms come from
 * the rows themselves.
 * @param {import('@boon/db').Database} db @param {number} volume the customer's transactions
 * @returns {Promise<ListKind[]>}
 */
async function listKinds(db, volume) {
  const floats = (
    await rows(
      db,
      sql`select id from ledger_accounts where customer_id = ${CUSTOMER} and kind = 'customer_float'`,
    )
  ).map((row) => String(row.id));
  const [span] = await rows(
    db,
    sql`select min(e.created_at) as first, max(e.created_at) as last from ledger_entries e
         where e.account_id in (${sql.join(
           floats.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  );
  const first = new Date(span.first).getTime();
  const last = new Date(span.last).getTime();
  /** The cursor of the page that ends at the row just before `fraction` of the history. */
  const cursorAt = async (/** @type {number} */ fraction) => {
    const at = new Date(first + (last - first) * fraction);
    let best = /** @type {{ created_at: Date, id: string } | undefined} */ (undefined);
    for (const float of floats) {
      const [row] = await rows(
        db,
        sql`select created_at, id::text as id from ledger_entries
             where account_id = ${float} and created_at <= ${at}
             order by created_at desc, id desc limit 1`,
      );
      if (row && (!best || new Date(row.created_at) > new Date(best.created_at))) best = row;
    }
    if (!best) throw new Error('no transactions to page through');
    return encodeKeysetCursor([new Date(best.created_at).toISOString(), String(best.id)]);
  };
  const day = (/** @type {number} */ ms) => new Date(ms).toISOString().slice(0, 10);
  /** The reference of a volume transfer with that code, some way into a currency's history. */
  const reference = async (
    /** @type {string} */ currency,
    /** @type {number} */ n,
    /** @type {string} */ codePrefix,
  ) => {
    const [row] = await rows(
      db,
      sql`select reference from ledger_transfers
           where id > ${volumeTransferId(CUSTOMER, currency, n)}
             and id < ${volumeTransferId(CUSTOMER, currency, 999_999_999)}
             and code like ${`${codePrefix}%`}
           order by id limit 1`,
    );
    return row?.reference ? String(row.reference) : undefined;
  };
  const [currency = 'CAD', other = currency] = DEFAULT_VOLUME_CURRENCIES;
  const perCurrency = Math.floor(volume / DEFAULT_VOLUME_CURRENCIES.length);
  const orderReference =
    (await reference(currency, Math.floor(perCurrency / 10), 'ORDER_ITEM:COMPLETED:')) ?? 'ORD-';
  const topUpReference =
    (await reference(other, Math.floor(perCurrency / 2), 'TOP_UP:BANK_TRANSFER')) ?? 'TU-';
  const middle = first + (last - first) / 2;
  return [
    { label: 'first page, newest first', query: {} },
    { label: 'first page, oldest first', query: { sort: 'oldest' } },
    { label: 'first page of 100', query: { limit: '100' } },
    { label: 'deep page (10% in), newest first', query: { cursor: await cursorAt(0.9) } },
    { label: 'deep page (50% in), newest first', query: { cursor: await cursorAt(0.5) } },
    { label: 'deep page (90% in), newest first', query: { cursor: await cursorAt(0.1) } },
    {
      label: 'deep page (50% in), oldest first',
      query: { sort: 'oldest', cursor: await cursorAt(0.5) },
    },
    { label: `currency ${currency}`, query: { currency } },
    { label: 'currency USD (the demo float, few rows)', query: { currency: 'USD' } },
    { label: 'type ORDER_ITEM', query: { type: 'ORDER_ITEM' } },
    { label: 'type TOP_UP', query: { type: 'TOP_UP' } },
    { label: 'type + subtype FX_FEES', query: { type: 'CURRENCY_EXCHANGE', subtype: 'FX_FEES' } },
    { label: 'direction CREDIT', query: { direction: 'CREDIT' } },
    {
      label: 'direction CREDIT, deep page (50% in)',
      query: { direction: 'CREDIT', cursor: await cursorAt(0.5) },
    },
    {
      label: 'date range: the last 30 days',
      query: { from: day(last - 30 * MS_PER_DAY), to: day(last) },
    },
    { label: 'date range: one day mid-year', query: { from: day(middle), to: day(middle) } },
    {
      label: `one month + ${other} + TOP_UP`,
      query: {
        from: day(middle - 15 * MS_PER_DAY),
        to: day(middle + 15 * MS_PER_DAY),
        currency: other,
        type: 'TOP_UP',
      },
    },
    { label: 'search: an order reference', query: { search: orderReference } },
    { label: 'search: a top-up reference', query: { search: topUpReference } },
    { label: 'search: no match', query: { search: 'NO-SUCH-REFERENCE' } },
  ];
}

/**
 * @param {string} baseUrl @param {string} token @param {ListKind} kind
 * @returns {Promise<{ ms: number, rows: number }>}
 */
async function listOnce(baseUrl, token, kind) {
  const url = `${baseUrl}/api/billing/transactions?${new URLSearchParams(kind.query)}`;
  const started = performance.now();
  const response = await fetch(url, {
    headers: apiHeaders(token),
    signal: AbortSignal.timeout(120_000),
  });
  const body = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 200) {
    throw new Error(`${kind.label}: ${response.status} ${body.slice(0, 200)}`);
  }
  return { ms, rows: JSON.parse(body).items.length };
}

/**
 * `requests` list requests, the kinds taken in turn after one unmeasured round (so each is
 * measured warm, as a console user paging and filtering would meet it).
 * @param {string} baseUrl @param {string} token @param {ListKind[]} kinds @param {number} requests
 * @returns {Promise<ListResult>}
 */
async function benchList(baseUrl, token, kinds, requests) {
  for (const kind of kinds) await listOnce(baseUrl, token, kind);
  /** @type {Map<string, { ms: number[], rows: number }>} */
  const byKind = new Map(kinds.map((kind) => [kind.label, { ms: [], rows: 0 }]));
  const all = [];
  for (let i = 0; i < requests; i += 1) {
    const kind = /** @type {ListKind} */ (kinds[i % kinds.length]);
    const { ms, rows: count } = await listOnce(baseUrl, token, kind);
    all.push(ms);
    const entry = /** @type {{ ms: number[], rows: number }} */ (byKind.get(kind.label));
    entry.ms.push(ms);
    entry.rows = count;
  }
  return {
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    requests: all.length,
    kinds: [...byKind].map(([label, entry]) => ({
      label,
      median: percentile(entry.ms, 50),
      max: Math.max(...entry.ms),
      rows: entry.rows,
    })),
  };
}

/**
 * The whole CSV export, read as a browser downloads it, with the server's RSS sampled every 50 ms.
 * @param {import('./server.mjs').RunningServer} server @param {string} token
 * @param {{ encoding: string, limitSeconds: number }} options
 * @returns {Promise<CsvResult>}
 */
async function benchCsv(server, token, { encoding, limitSeconds }) {
  const pid = /** @type {number} */ (server.child.pid);
  // Idle: the median of a second's samples with nothing asked.
  const idleSamples = [];
  for (let i = 0; i < 20; i += 1) {
    idleSamples.push(rssKb(pid));
    await sleep(50);
  }
  const idleRssKb = percentile(idleSamples, 50);
  /** @type {{ at: number, kb: number }[]} */
  const samples = [];
  const started = performance.now();
  const timer = setInterval(() => samples.push({ at: performance.now(), kb: rssKb(pid) }), 50);
  let firstByteMs = NaN;
  let wireBytes = 0;
  let bytes = 0;
  let newlines = 0;
  let complete = true;
  /** @type {NodeJS.Timeout | undefined} */
  let limit;
  try {
    const url = new URL('/api/billing/transactions', server.url);
    await new Promise((resolve, reject) => {
      const request = http.get(
        url,
        { headers: { ...apiHeaders(token), accept: 'text/csv', 'accept-encoding': encoding } },
        (response) => {
          firstByteMs = performance.now() - started;
          if (response.statusCode !== 200) {
            reject(new Error(`CSV export: ${response.statusCode}`));
            response.resume();
            return;
          }
          const contentEncoding = response.headers['content-encoding'];
          response.on('data', (/** @type {Buffer} */ chunk) => (wireBytes += chunk.length));
          /** @type {import('node:stream').Readable} */
          const body =
            contentEncoding === 'br'
              ? response.pipe(zlib.createBrotliDecompress())
              : contentEncoding === 'gzip'
                ? response.pipe(zlib.createGunzip())
                : response;
          body.on('data', (/** @type {Buffer} */ chunk) => {
            bytes += chunk.length;
            for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1))
              newlines += 1;
          });
          body.on('end', resolve);
          body.on('error', reject);
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      // A slow export is measured, not waited out: the rows so far give the rate.
      limit = setTimeout(() => {
        complete = false;
        resolve(undefined);
        request.destroy();
      }, limitSeconds * 1000);
    });
  } finally {
    clearInterval(timer);
    clearTimeout(limit);
  }
  const seconds = (performance.now() - started) / 1000;
  const above = samples.map((sample) => ({ at: sample.at, kb: sample.kb - idleRssKb }));
  const quarter = (/** @type {number} */ q) => {
    const until = started + seconds * 1000 * q;
    const upTo = above.filter((sample) => sample.at <= until);
    return upTo.at(-1)?.kb ?? NaN;
  };
  return {
    rows: Math.max(0, newlines - 1),
    seconds,
    firstByteMs,
    wireBytes,
    bytes,
    encoding,
    idleRssKb,
    peakRssKb: Math.max(...samples.map((sample) => sample.kb)),
    rssByQuarterKb: [0.25, 0.5, 0.75, 1].map(quarter),
    complete,
  };
}

/**
 * @typedef {object} TransactionsBenchOptions
 * @property {number} [transactions] write the missing part of a volume of this many first
 * @property {number} [requests] list requests to measure
 * @property {string} [csvEncoding] the Accept-Encoding of the export
 * @property {number} [csvLimitSeconds]
 * @property {(line: string) => void} [log]
 */

/**
 * @param {TransactionsBenchOptions} [options]
 * @returns {Promise<{ skipped: string } | { volume: number, list: ListResult, csv: CsvResult }>}
 */
export async function benchTransactions({
  transactions,
  requests = 200,
  csvEncoding = 'gzip, deflate, br',
  csvLimitSeconds = 600,
  log = console.log,
} = {}) {
  const url = process.env.DATABASE_URL;
  if (!url)
    return { skipped: 'set DATABASE_URL to a PostgreSQL database to measure the transactions' };
  if (transactions !== undefined) {
    await seedVolume({ transactions, databaseUrl: url, log: (line) => log(`  ${line}`) });
  }
  const handle = await openDatabase({ kind: 'postgres', url, maxConnections: 2 });
  let volume = 0;
  /** @type {ListKind[]} */
  let kinds = [];
  try {
    await handle.migrate();
    const [counted] = await rows(
      handle.db,
      sql`select count(*)::int as n from ledger_entries e
            join ledger_accounts a on a.id = e.account_id
            join ledger_transfers t on t.id = e.transfer_id
           where a.customer_id = ${CUSTOMER} and a.kind = 'customer_float'
             and t.kind in ('posted', 'post_pending')`,
    );
    volume = Number(counted?.n ?? 0);
    if (volume < MIN_VOLUME) {
      return {
        skipped:
          `${CUSTOMER} has ${volume} transactions in that database: run ` +
          '`npm run seed:volume -- --transactions 1000000` first, or pass --transactions N',
      };
    }
    kinds = await listKinds(handle.db, volume);
  } finally {
    await handle.close();
  }

  const port = await freePort(8284);
  const dataDir = freshDataDir('bench-transactions');
  const server = startServer({
    port,
    dataDir,
    // The demo users (seeded once); no background jobs to share the two cores with.
    env: { DATABASE_URL: url, SEED_DEMO: 'true', RUN_WORKERS: 'false' },
  });
  try {
    await msUntilOk(server, '/readyz');
    log(`  ${volume.toLocaleString('en-US')} transactions of ${CUSTOMER}, as ${USER}`);
    const list = await benchList(server.url, await accessToken(server.url), kinds, requests);
    const csv = await benchCsv(server, await accessToken(server.url), {
      encoding: csvEncoding,
      limitSeconds: csvLimitSeconds,
    });
    return { volume, list, csv };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
