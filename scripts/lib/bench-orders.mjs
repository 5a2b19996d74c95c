// Ordering's speed (`npm run bench`'s "orders" step): through the built server, on the
// embedded PGlite and, when DATABASE_URL is set, on a PostgreSQL database of its own:
// - order creation latency (one link reward an order, one request at a time): p50 and p99;
// - orders per second, sustained, from 20 concurrent clients for a few seconds, with their p99
//   (the most the server takes, its answers waiting in line behind each other's);
// - the goal's own question: orders sent at a steady 100 a second for the same time, each timed
//   from the moment it was due (so a server falling behind cannot hide it: wrk2's correction for
//   coordinated omission), and how many a second were answered, with their p99;
// - fulfilment: e-mail rewards issued per second by a worker (supplier, ledger post and mail for
//   each), from the worker's start until every order is complete.
// And the merchants list at 100,000 products on PostgreSQL: p50 and p99 of GET /products.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

import { demoCatalogue, insertProducts } from '@boon/catalog';
import { openDatabase, sql } from '@boon/db';
import pg from 'pg';

import { freePort, freshDataDir, msUntilOk, startServer } from './server.mjs';
import { signInWithoutUi } from './sign-in-without-ui.mjs';

const USER = 'owner@acme.test';
const CUSTOMER = 'C-ACME0001';
const CLIENTS = 20;
/**
 * The most orders the back-to-back phase sends. Every order is paid from Acme's demo USD balance
 * ($25,000: about 5,150 of these $4.85 links), which the other phases also spend from (about 2,250
 * orders' worth): a server much faster than this machine's would otherwise empty it mid-run.
 */
const MOST_BACK_TO_BACK = 2_000;
/** The steady rate the goal names (orders a second). */
const ORDERS_RATE = 100;

/** @param {number[]} values @param {number} p 0..100, nearest rank */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ??
    NaN
  );
}

/** @param {string} baseUrl */
async function accessToken(baseUrl) {
  const state = await signInWithoutUi(baseUrl, USER);
  const stored = state.origins[0]?.localStorage[0]?.value;
  if (!stored) throw new Error(`signing ${USER} in gave no user`);
  return /** @type {string} */ (JSON.parse(stored).access_token);
}

/**
 * @param {string} baseUrl @param {string} token @param {string} path
 * @param {unknown} [body] @param {string} [method]
 */
async function call(baseUrl, token, path, body, method = body === undefined ? 'GET' : 'POST') {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      'x-customer-id': CUSTOMER,
      ...(body === undefined
        ? {}
        : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

const linkOrder = {
  deliveryType: 'link',
  productCode: 'NORTHWIND-COFFEE-US',
  currency: 'USD',
  faceValue: '5.00',
  quantity: 1,
};

/** @param {string} baseUrl @param {string} token */
async function createOne(baseUrl, token) {
  const started = performance.now();
  const answer = await call(baseUrl, token, '/api/ordering/orders', linkOrder);
  if (answer.status !== 201)
    throw new Error(`POST /orders answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return performance.now() - started;
}

/**
 * @typedef {object} OrdersResult
 * @property {{ p50: number, p99: number, n: number }} latency
 * @property {{ perSecond: number, p99: number, n: number }} sustained
 * @property {{ offered: number, perSecond: number, p50: number, p99: number, n: number }} atRate
 * @property {{ items: number, seconds: number, perSecond: number }} fulfilment
 */

/**
 * Measures one database: an API-only server first (no worker sharing the cores), then a server
 * with workers over the same database for the fulfilment.
 * @param {{ env: Record<string, string>, dataDir: string, seconds: number, sequential: number, fulfilItems: number, log: (line: string) => void }} options
 * @returns {Promise<OrdersResult>}
 */
async function measure({ env, dataDir, seconds, sequential, fulfilItems, log }) {
  const port = await freePort(8286);
  let server = startServer({
    port,
    dataDir,
    env: { ...env, SEED_DEMO: 'true', RUN_WORKERS: 'false' },
    stdio: 'ignore',
  });
  /** @type {string[]} */
  const fulfilOrders = [];
  let latency;
  let sustained;
  let atRate;
  let token = '';
  try {
    await msUntilOk(server, '/readyz');
    token = await accessToken(server.url);
    log('    (server ready; warming up)');
    // Warm up the paths (first statements, JIT).
    for (let i = 0; i < 10; i += 1) await createOne(server.url, token);

    /** @type {number[]} */
    const times = [];
    for (let i = 0; i < sequential; i += 1) times.push(await createOne(server.url, token));
    latency = { p50: percentile(times, 50), p99: percentile(times, 99), n: times.length };
    log(`    (latency measured; ${CLIENTS} clients for ${seconds} s)`);

    /** @type {number[]} */
    const loaded = [];
    const until = performance.now() + seconds * 1000;
    const started = performance.now();
    let sent = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < until && sent < MOST_BACK_TO_BACK) {
          sent += 1;
          loaded.push(await createOne(server.url, token));
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    sustained = {
      perSecond: loaded.length / elapsed,
      p99: percentile(loaded, 99),
      n: loaded.length,
    };
    log(`    (sustained measured; ${ORDERS_RATE} orders a second for ${seconds} s)`);

    // Open loop: each order leaves when it is due, whether or not the ones before it have been
    // answered, and its time runs from then.
    /** @type {number[]} */
    const steady = [];
    const total = ORDERS_RATE * seconds;
    const start = performance.now();
    await Promise.all(
      Array.from({ length: total }, async (_, i) => {
        const due = start + (i * 1000) / ORDERS_RATE;
        const wait = due - performance.now();
        if (wait > 0) await sleep(wait);
        await createOne(server.url, token);
        steady.push(performance.now() - due);
      }),
    );
    const steadyElapsed = (performance.now() - start) / 1000;
    atRate = {
      offered: ORDERS_RATE,
      perSecond: steady.length / steadyElapsed,
      p50: percentile(steady, 50),
      p99: percentile(steady, 99),
      n: steady.length,
    };
    log(`    (steady rate measured; queueing ${fulfilItems} e-mail rewards)`);

    // E-mail orders of 200 rewards for the worker to come.
    for (let i = 0; i < fulfilItems / 200; i += 1) {
      const answer = await call(server.url, token, '/api/ordering/orders', {
        deliveryType: 'email',
        productCode: 'NORTHWIND-COFFEE-US',
        currency: 'USD',
        faceValue: '5.00',
        recipients: Array.from({ length: 200 }, (_, n) => ({
          name: `Bench ${n}`,
          email: `bench-${i}-${n}@example.com`,
        })),
      });
      if (answer.status !== 201)
        throw new Error(
          `an e-mail order answered ${answer.status}: ${JSON.stringify(answer.body)}`,
        );
      fulfilOrders.push(answer.body.orderId);
    }
  } finally {
    await server.stop();
  }

  server = startServer({ port, dataDir, env: { ...env, SEED_DEMO: 'true' }, stdio: 'ignore' });
  try {
    await msUntilOk(server, '/readyz');
    log('    (worker started; fulfilling)');
    // The same database and signing keys: the token signed in above still holds.
    for (const orderId of fulfilOrders) {
      for (;;) {
        const answer = await call(server.url, token, `/api/ordering/orders/${orderId}`);
        if (answer.body?.status === 'COMPLETED') break;
        if (answer.body?.status !== 'PROCESSING')
          throw new Error(`order ${orderId} ended ${answer.body?.status}`);
        await sleep(100);
      }
    }
  } finally {
    await server.stop();
  }
  // From the first reward issued to the last one sent, as the items record it (the worker may
  // start on them while the server is still getting ready).
  const handle = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, maxConnections: 1 }
      : { kind: 'pglite', dataDir },
  );
  try {
    const result = /** @type {{ rows: { first: string, last: string, n: number }[] }} */ (
      /** @type {unknown} */ (
        await handle.db.execute(
          sql`select min(issued_at)::text as first, max(sent_at)::text as last, count(*)::int as n
                from order_items where order_id in (${sql.join(
                  fulfilOrders.map((id) => sql`${id}`),
                  sql`, `,
                )}) and status = 'SENT'`,
        )
      )
    );
    const row = result.rows[0];
    const seconds = row ? (Date.parse(row.last) - Date.parse(row.first)) / 1000 : NaN;
    const items = row?.n ?? 0;
    return {
      latency,
      sustained,
      atRate,
      fulfilment: { items, seconds, perSecond: items / seconds },
    };
  } finally {
    await handle.close();
  }
}

/**
 * @param {{ seconds?: number, sequential?: number, fulfilItems?: number, onPglite?: boolean, log?: (line: string) => void }} [options]
 * @returns {Promise<{ pglite: OrdersResult | undefined, postgres: OrdersResult | undefined }>}
 */
export async function benchOrders({
  seconds = 10,
  onPglite = true,
  sequential = 200,
  fulfilItems = 1000,
  log = (/** @type {string} */ line) => console.log(line),
} = {}) {
  const dataDir = freshDataDir('bench-orders');
  let pglite;
  try {
    if (onPglite) {
      log('  PGlite: measuring');
      pglite = await measure({ env: {}, dataDir, seconds, sequential, fulfilItems, log });
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return { pglite, postgres: undefined };
  const name = `boon_bench_orders_${randomBytes(5).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const pgDir = freshDataDir('bench-orders-pg');
  try {
    log('  PostgreSQL: measuring');
    const postgres = await measure({
      env: { DATABASE_URL: url.toString() },
      dataDir: pgDir,
      seconds,
      sequential,
      fulfilItems,
      log,
    });
    return { pglite, postgres };
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
}

/**
 * GET /products at 100,000 products on PostgreSQL (a database of its own): first pages, searches
 * and filters, one request at a time.
 * @param {{ products?: number, requests?: number }} [options]
 * @returns {Promise<{ products: number, p50: number, p99: number, requests: number } | undefined>}
 */
export async function benchMerchants({ products = 100_000, requests = 300 } = {}) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return undefined;
  const name = `boon_bench_catalog_${randomBytes(5).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dataDir = freshDataDir('bench-catalog');
  try {
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 2 });
    let count = 0;
    try {
      await handle.migrate();
      const perCopy = demoCatalogue().length;
      const copies = Math.ceil(products / perCopy);
      await handle.db.transaction((tx) => insertProducts(tx, demoCatalogue({ copies })));
      await handle.db.execute(sql`analyze products`);
      const result = /** @type {{ rows: { n: number }[] }} */ (
        /** @type {unknown} */ (
          await handle.db.execute(sql`select count(*)::int as n from products`)
        )
      );
      count = result.rows[0]?.n ?? 0;
    } finally {
      await handle.close();
    }
    const port = await freePort(8288);
    // The demo network was written above: seeding it again finds its codes taken and skips them.
    const server = startServer({
      port,
      dataDir,
      env: { DATABASE_URL: url.toString(), SEED_DEMO: 'true', RUN_WORKERS: 'false' },
      stdio: 'ignore',
    });
    try {
      await msUntilOk(server, '/readyz');
      const token = await accessToken(server.url);
      const queries = [
        '?limit=48',
        '?search=northwind&limit=48',
        '?search=books 3&limit=48',
        '?country=GB&limit=48',
        '?country=US&category=gaming&limit=48',
        '?currency=EUR&state=LIVE&limit=48',
        '?currency=USD&value=25.00&limit=48',
        '?category=travel&limit=48',
      ];
      // Deep pages: a cursor from a page well into the list.
      let cursor = '';
      for (let i = 0; i < 20; i += 1) {
        const page = await call(
          server.url,
          token,
          `/api/catalog/products?limit=200${cursor ? `&cursor=${cursor}` : ''}`,
        );
        cursor = page.body.nextCursor ?? '';
      }
      if (cursor) queries.push(`?limit=48&cursor=${cursor}`);
      for (const query of queries) await call(server.url, token, `/api/catalog/products${query}`);
      /** @type {number[]} */
      const times = [];
      for (let i = 0; i < requests; i += 1) {
        const query = queries[i % queries.length];
        const started = performance.now();
        const answer = await call(
          server.url,
          token,
          `/api/catalog/products${encodeURI(query ?? '')}`,
        );
        times.push(performance.now() - started);
        if (answer.status !== 200)
          throw new Error(`GET /products${query} answered ${answer.status}`);
      }
      return { products: count, p50: percentile(times, 50), p99: percentile(times, 99), requests };
    } finally {
      await server.stop();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
