import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from './database.js';
import { startJobQueue } from './jobs.js';
import { openTestDatabase } from './testing.js';

const QUEUE = 'stop-test';

/**
 * Stopping the job queue, as the server does on close before its database closes. pg-boss's own
 * graceful stop waits only for jobs a worker already holds; these tests catch the moments around
 * that which it misses.
 */
describe('stopping the job queue', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  let handle: DatabaseHandle | undefined;

  afterEach(async () => {
    process.off('unhandledRejection', onUnhandled);
    await handle?.close();
    handle = undefined;
  });

  it('lets a job whose fetch was under way run to completion before it returns', async () => {
    process.on('unhandledRejection', onUnhandled);
    handle = await openTestDatabase('migrated');
    const database = handle;
    // The worker's fetch has claimed the job in the database, but its answer is still on the
    // way back when stop() is called: the moment pg-boss's stop does not see.
    let fetchedJob!: () => void;
    const jobFetched = new Promise<void>((resolve) => (fetchedJob = resolve));
    let releaseFetch!: () => void;
    const fetchReleased = new Promise<void>((resolve) => (releaseFetch = resolve));
    const slowFetch: DatabaseHandle = {
      ...database,
      executeSql: async (text, values) => {
        const result = await database.executeSql(text, values);
        if (text.includes('SKIP LOCKED') && values?.[0] === QUEUE && result.rows.length > 0) {
          fetchedJob();
          await fetchReleased;
        }
        return result;
      },
    };
    const jobs = await startJobQueue(slowFetch, { runWorkers: true });
    const handled: string[] = [];
    await jobs.define<{ n: number }>(QUEUE, async ({ n }) => {
      // The handler needs the database, as every real one does.
      await database.executeSql('select 1');
      handled.push(`job ${n}`);
    });
    await jobs.send(database.db, QUEUE, { n: 1 });
    await jobFetched;

    const stopping = jobs.stop();
    setTimeout(releaseFetch, 200);
    await stopping;

    expect(handled).toEqual(['job 1']);
    const { rows } = await database.executeSql(`select state from pgboss.job where name = $1`, [
      QUEUE,
    ]);
    expect(rows).toEqual([{ state: 'completed' }]);
    // Give a stray rejection from a closed database the chance to surface.
    await database.close();
    handle = undefined;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
  });

  it('waits for a failed job to be recorded as failed before it returns', async () => {
    process.on('unhandledRejection', onUnhandled);
    handle = await openTestDatabase('migrated');
    const database = handle;
    const jobs = await startJobQueue(database, { runWorkers: true });
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    await jobs.define<{ n: number }>(QUEUE, async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 100));
      throw new Error('the supplier is down');
    });
    await jobs.send(database.db, QUEUE, { n: 1 });
    await handlerStarted;

    await jobs.stop();

    const { rows } = await database.executeSql(
      `select state, output->>'message' as message from pgboss.job where name = $1`,
      [QUEUE],
    );
    expect(rows).toEqual([{ state: 'retry', message: 'the supplier is down' }]);
    await database.close();
    handle = undefined;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(unhandled).toEqual([]);
  });

  it('asks for work once per interval while idle, not once per worker, and still starts a job in one', async () => {
    handle = await openTestDatabase('migrated');
    const database = handle;
    const fetches: string[] = [];
    let watches = 0;
    const counting: DatabaseHandle = {
      ...database,
      executeSql: (text, values) => {
        if (text.includes('SKIP LOCKED')) fetches.push(String(values?.[0]));
        if (text.includes('select distinct name from pgboss.job')) watches += 1;
        return database.executeSql(text, values);
      },
    };
    const jobs = await startJobQueue(counting, { runWorkers: true, pollingIntervalSeconds: 0.5 });
    const done: number[] = [];
    for (const [queue, workers] of [
      [QUEUE, 3],
      [`${QUEUE}-2`, 4],
    ] as const) {
      await jobs.define<{ n: number }>(queue, async ({ n }) => void done.push(n), { workers });
    }
    // Each worker's first look, as it starts; then only the watch while nothing is due.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const firstLooks = fetches.length;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(fetches.length - firstLooks).toBe(0);
    expect(watches).toBeGreaterThan(0);

    // Woken by the watch, well before the workers' own round (30 s).
    await jobs.send(database.db, `${QUEUE}-2`, { n: 7 });
    await vi.waitFor(() => expect(done).toEqual([7]), { timeout: 10_000, interval: 20 });
    await jobs.stop();
  });

  it('works as many jobs of a queue at once as it has workers', async () => {
    handle = await openTestDatabase('migrated');
    const database = handle;
    const jobs = await startJobQueue(database, { runWorkers: true, pollingIntervalSeconds: 0.5 });
    let running = 0;
    let most = 0;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const done: number[] = [];
    await jobs.define<{ n: number }>(
      QUEUE,
      async ({ n }) => {
        running += 1;
        most = Math.max(most, running);
        // Two at once, or this waits for the test's time-out.
        if (running === 2) release();
        await released;
        running -= 1;
        done.push(n);
      },
      { workers: 2 },
    );
    await database.db.transaction(async (tx) => {
      await jobs.send(tx, QUEUE, { n: 1 });
      await jobs.send(tx, QUEUE, { n: 2 });
    });
    await released;
    await jobs.stop();
    expect(most).toBe(2);
    expect(done.sort()).toEqual([1, 2]);
  });
});
