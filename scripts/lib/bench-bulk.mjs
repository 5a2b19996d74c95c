// A bulk order's speed on PostgreSQL (`npm run bench`'s "bulk" step): through the built
// server on a database of its own, 50,000 e-mail rewards sent as a bulk order in chunks of 1,000
// rows, and then worked by the server's workers:
// - accepting: from starting the batch until the last chunk's answer (which pays the whole
//   batch: its orders, every reward's hold and their fulfilment jobs);
// - fulfilment: rewards issued and mailed per second, from the first issued to the last sent.
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { createTransfers, floatAccountId, openProviderAccount } from '@boon/billing';
import { openDatabase, sql } from '@boon/db';
import pg from 'pg';

import { freePort, freshDataDir, msUntilOk, startServer } from './server.mjs';
import { signInWithoutUi } from './sign-in-without-ui.mjs';

const USER = 'owner@acme.test';
const CUSTOMER = 'C-ACME0001';
const CHUNK_ROWS = 1000;

/**
 * @param {string} baseUrl @param {string} token @param {string} path @param {unknown} [body]
 * @param {Record<string, string>} [headers]
 */
async function call(baseUrl, token, path, body, headers = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'x-customer-id': CUSTOMER,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * @param {{ rows?: number, log?: (line: string) => void }} [options]
 * @returns {Promise<{ rows: number, orders: number, acceptSeconds: number, fulfilment: { items: number, seconds: number, perSecond: number } } | undefined>}
 */
export async function benchBulk({ rows = 50_000, log = (line) => console.log(line) } = {}) {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return undefined;
  const name = `boon_bench_bulk_${randomBytes(5).toString('hex')}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dataDir = freshDataDir('bench-bulk');
  const env = { DATABASE_URL: url.toString(), SEED_DEMO: 'true' };
  try {
    const port = await freePort(8287);
    let server = startServer({
      port,
      dataDir,
      env: { ...env, RUN_WORKERS: 'false' },
      stdio: 'ignore',
    });
    let batchId = '';
    let acceptSeconds = NaN;
    let orders = 0;
    let token = '';
    try {
      await msUntilOk(server, '/readyz');
      token = await (async () => {
        const state = await signInWithoutUi(server.url, USER);
        const stored = state.origins[0]?.localStorage[0]?.value;
        if (!stored) throw new Error(`signing ${USER} in gave no user`);
        return /** @type {string} */ (JSON.parse(stored).access_token);
      })();
      // Enough money for the batch: a bank receipt straight into Acme's USD balance.
      const handle = await openDatabase({
        kind: 'postgres',
        url: url.toString(),
        maxConnections: 1,
      });
      try {
        await handle.db.transaction(async (tx) => {
          const bank = await openProviderAccount(tx, 'bank_receipts', 'USD');
          await createTransfers(tx, [
            {
              id: `bench-bulk-funds-${randomUUID()}`,
              kind: 'posted',
              debitAccountId: bank,
              creditAccountId: floatAccountId(CUSTOMER, 'USD'),
              amount: BigInt(rows) * 500n,
              currency: 'USD',
              code: 'TOP_UP:BANK_TRANSFER',
            },
          ]);
        });
      } finally {
        await handle.close();
      }
      log(`    (server ready; sending ${rows.toLocaleString('en-US')} rows)`);
      const chunkCount = Math.ceil(rows / CHUNK_ROWS);
      const started = performance.now();
      const batch = await call(
        server.url,
        token,
        '/api/ordering/bulk-orders',
        { rowCount: rows, chunkCount, description: 'Bench bulk order' },
        { 'idempotency-key': randomUUID() },
      );
      if (batch.status !== 201) throw new Error(`POST /bulk-orders answered ${batch.status}`);
      batchId = batch.body.batchId;
      for (let chunk = 1; chunk <= chunkCount; chunk += 1) {
        const firstRow = (chunk - 1) * CHUNK_ROWS + 1;
        const count = Math.min(CHUNK_ROWS, rows - firstRow + 1);
        const answer = await call(
          server.url,
          token,
          `/api/ordering/bulk-orders/${batchId}/chunks`,
          {
            chunkNumber: chunk,
            firstRow,
            rows: Array.from({ length: count }, (_, i) => ({
              name: `Bench ${firstRow + i}`,
              email: `bulk-bench-${firstRow + i}@example.com`,
              productCode: 'NORTHWIND-COFFEE-US',
              currency: 'USD',
              faceValue: '5.00',
            })),
          },
        );
        if (answer.status !== 200) {
          throw new Error(
            `chunk ${chunk} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
          );
        }
        if (chunk === chunkCount) orders = answer.body.orders.length;
      }
      acceptSeconds = (performance.now() - started) / 1000;
      log(`    (accepted in ${acceptSeconds.toFixed(1)} s as ${orders} orders; fulfilling)`);
    } finally {
      await server.stop();
    }

    server = startServer({ port, dataDir, env, stdio: 'ignore' });
    try {
      await msUntilOk(server, '/readyz');
      for (;;) {
        const view = await call(server.url, token, `/api/ordering/bulk-orders/${batchId}`);
        if (view.status !== 200) throw new Error(`GET the batch answered ${view.status}`);
        if (view.body.progress.pending === 0) break;
        await sleep(500);
      }
    } finally {
      await server.stop();
    }
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), maxConnections: 1 });
    try {
      const result = /** @type {{ rows: { first: string, last: string, n: number }[] }} */ (
        /** @type {unknown} */ (
          await handle.db.execute(
            sql`select min(i.issued_at)::text as first, max(i.sent_at)::text as last,
                       count(*)::int as n
                  from order_items i join orders o on o.id = i.order_id
                 where o.bulk_batch_id = ${batchId} and i.status = 'SENT'`,
          )
        )
      );
      const row = result.rows[0];
      const seconds = row ? (Date.parse(row.last) - Date.parse(row.first)) / 1000 : NaN;
      const items = row?.n ?? 0;
      return {
        rows,
        orders,
        acceptSeconds,
        fulfilment: { items, seconds, perSecond: items / seconds },
      };
    } finally {
      await handle.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
