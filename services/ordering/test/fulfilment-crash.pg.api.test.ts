import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD } from '@boon/customer-management';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startBuiltServer,
  type BuiltServer,
  signIn,
  pgTestDatabase,
  freePort,
} from '@boon/server/testing';

/**
 * The crash test: a worker killed (SIGKILL, no shutdown) in the middle of an order's
 * fulfilment, then another worker started, issues every reward exactly once: one code per item
 * at the supplier, one mail per recipient, one ledger post per item. Real processes of the built
 * server on PostgreSQL (DATABASE_URL), as production runs them.
 */

const database = pgTestDatabase('crash');
const { query } = database;

const running: BuiltServer[] = [];
let publicUrl = '';

async function start(role: 'api' | 'worker', port: number): Promise<BuiltServer> {
  const server = await startBuiltServer(port, {
    NODE_ENV: 'test',
    PUBLIC_URL: publicUrl,
    DATABASE_URL: database.url,
    SEED_DEMO: 'true',
    SERVER_ROLE: role,
  });
  running.push(server);
  return server;
}

beforeAll(async () => {
  await database.create();
  const port = await freePort();
  publicUrl = `http://127.0.0.1:${port}`;
  await start('api', port);
}, 180_000);

afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
  await database.drop();
}, 60_000);

const ITEMS = 200;

describe('a worker killed during fulfilment', () => {
  it('leaves every reward to be issued exactly once by the next worker', async () => {
    const { accessToken } = await signIn({
      baseUrl: publicUrl,
      email: 'owner@acme.test',
      password: DEMO_PASSWORD,
    });
    const response = await fetch(`${publicUrl}/api/ordering/orders`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'x-customer-id': 'C-ACME0001',
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({
        deliveryType: 'email',
        productCode: 'NORTHWIND-COFFEE-US',
        currency: 'USD',
        faceValue: '10.00',
        recipients: Array.from({ length: ITEMS }, (_, i) => ({
          name: `Recipient ${i + 1}`,
          email: `crash-${i + 1}@example.com`,
        })),
      }),
    });
    const order = (await response.json()) as { orderId: string };
    expect(response.status, JSON.stringify(order)).toBe(201);
    const sent = async () =>
      Number(
        (
          await query<{ n: string }>(
            `select count(*) as n from order_items where order_id = $1 and status = 'SENT'`,
            [order.orderId],
          )
        )[0]?.n,
      );

    // The first worker starts on it; it is killed as soon as some rewards are out.
    const first = await start('worker', await freePort());
    const deadline = Date.now() + 60_000;
    while ((await sent()) === 0) {
      if (Date.now() > deadline) throw new Error('the first worker never started the order');
      await sleep(10);
    }
    await first.kill();
    const atKill = await sent();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(ITEMS);

    // The next worker finds the job lost (its expiry) and finishes what is left.
    await start('worker', await freePort());
    await expect
      .poll(
        async () =>
          (
            await query<{ status: string }>(`select status from orders where id = $1`, [
              order.orderId,
            ])
          )[0]?.status,
        { timeout: 240_000, interval: 500 },
      )
      .toBe('COMPLETED');
    expect(await sent()).toBe(ITEMS);

    const [codes] = await query<{ n: string; keys: string }>(
      `select count(*) as n, count(distinct request_key) as keys from supplier_codes
       where request_key in (select id from order_items where order_id = $1)`,
      [order.orderId],
    );
    expect(codes).toEqual({ n: String(ITEMS), keys: String(ITEMS) });
    const mails = await query<{ to: string; n: string }>(
      `select "to", count(*) as n from outbox_mails where kind = 'reward' and "to" like 'crash-%'
       group by "to" having count(*) <> 1`,
    );
    expect(mails).toEqual([]);
    const [mailCount] = await query<{ n: string }>(
      `select count(*) as n from outbox_mails where kind = 'reward' and "to" like 'crash-%'`,
    );
    expect(mailCount?.n).toBe(String(ITEMS));
    const [posts] = await query<{ n: string; total: string }>(
      `select count(*) as n, sum(amount) as total from ledger_transfers
       where kind = 'post_pending' and reference = $1`,
      [order.orderId],
    );
    // Acme's 3 % discount: 9.70 USD a reward.
    expect(posts).toEqual({ n: String(ITEMS), total: String(ITEMS * 970) });
  }, 360_000);
});
