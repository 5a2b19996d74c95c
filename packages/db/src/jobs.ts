import PgBoss from 'pg-boss';
import type { Database, DatabaseHandle } from './database.js';

export interface JobSendOptions {
  /** At most one queued job with this key per queue. */
  singletonKey?: string;
  /** Seconds to wait before the job may run. */
  startAfterSeconds?: number;
}

/** Which run of a job this is: pg-boss counts retries from 0 and gives up after retryLimit. */
export interface JobAttempt {
  /** Earlier runs that failed (0 on the first run). */
  retryCount: number;
  retryLimit: number;
  /**
   * No retry follows if this run fails: a handler that leaves state waiting on the job (a task
   * STARTED) must record the failure now, or that state waits for ever.
   */
  isLast: boolean;
}

/** A queue's own settings. */
export interface JobQueueSettings {
  /**
   * How long a job may run before it counts as lost and is retried (pg-boss's default is 15
   * minutes): a worker killed mid-job leaves its job active until then.
   */
  expireInSeconds?: number;
  /**
   * How many jobs of the queue one process works at once (1 unless said): each is a pg-boss
   * worker of its own, and SKIP LOCKED gives each a different job.
   */
  workers?: number;
}

export type JobHandler<T> = (data: T, attempt: JobAttempt) => Promise<void>;

/**
 * Background jobs (pg-boss on the product's database). A job is queued in the same transaction as
 * the change that needs it, so it exists exactly when that change committed; handlers must be safe
 * to run twice, since a worker killed mid-job leaves it to be retried.
 */
export interface JobQueue {
  /** Declares a queue, and works it here when this process runs workers. */
  define<T extends object>(
    name: string,
    handler: JobHandler<T>,
    options?: JobQueueSettings,
  ): Promise<void>;
  /** Queues a job inside `tx` (a transaction or the database itself). */
  send<T extends object>(
    tx: Database,
    name: string,
    data: T,
    options?: JobSendOptions,
  ): Promise<void>;
  /** Queues several jobs of one queue inside `tx`, in one statement. */
  sendMany<T extends object>(tx: Database, name: string, data: readonly T[]): Promise<void>;
  /**
   * Runs a defined queue's job on a cron schedule (UTC). Stored in the database, so every process
   * may declare it; one job per due time is queued, by whichever process keeps the clock.
   */
  schedule(name: string, cron: string): Promise<void>;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  /** Work the queues in this process (npm start); false only queues (API processes, tests). */
  runWorkers: boolean;
  /** How often one query looks for due jobs of every queue, and wakes their workers (1 s). */
  pollingIntervalSeconds?: number;
}

/** How long stopping waits for a job under way (an order's rewards) before the database closes. */
const STOP_TIMEOUT_MS = 20_000;

/**
 * How often a worker asks pg-boss for a job on its own. Each ask is a locking update over the job
 * table, and the product's fifteen workers asked fifteen times a second while idle; instead, one
 * query per polling interval (the watch, in startJobQueue) finds the queues with a job due and
 * wakes their workers. This slow round only catches what a missed watch would leave waiting.
 */
const WORKER_OWN_POLL_SECONDS = 30;

/** The queues that have a job ready to run now (created or retrying, and due). */
const DUE_QUEUES_SQL = `select distinct name from pgboss.job where state < 'active' and start_after < now()`;

export async function startJobQueue(
  handle: DatabaseHandle,
  { runWorkers, pollingIntervalSeconds = 1 }: JobQueueOptions,
): Promise<JobQueue> {
  // pg-boss's own stop does not wait for everything it started: a fetch already on its way when
  // stop is called comes back with a job afterwards, and a handler's complete() or fail() is not
  // awaited. Whatever it still has under way is tracked here, so stop() lets it finish before the
  // database closes, instead of that work failing against a closed pool.
  const underWay = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    underWay.add(work);
    const forget = () => underWay.delete(work);
    work.then(forget, forget);
    return work;
  };
  const boss = new PgBoss({
    db: { executeSql: (text, values) => track(handle.executeSql(text, values)) },
    schema: 'pgboss',
    // Maintenance and cron only where the work happens.
    supervise: runWorkers,
    schedule: runWorkers,
    retryLimit: 5,
    retryDelay: 5,
    retryBackoff: true,
    // How often a job whose worker died (past its queue's expiry) is found and retried.
    maintenanceIntervalSeconds: 30,
  });
  boss.on('error', () => {
    // pg-boss retries on its own; its errors are about its polling, not a job's outcome.
  });
  await boss.start();
  const defined = new Set<string>();

  // The watch: where a queue has a job due, every worker of it looks at once.
  const workersOf = new Map<string, string[]>();
  let watchTimer: ReturnType<typeof setTimeout> | undefined;
  let stopping = false;
  const watch = async () => {
    if (workersOf.size === 0) return;
    const { rows } = await track(handle.executeSql(DUE_QUEUES_SQL, [])).catch(() => ({
      rows: [], // the database went away or is busy failing: the next watch asks again
    }));
    for (const { name } of rows as { name: string }[]) {
      for (const workerId of workersOf.get(name) ?? []) boss.notifyWorker(workerId);
    }
  };
  const watchLater = () => {
    watchTimer = setTimeout(() => {
      void watch().finally(() => {
        if (!stopping) watchLater();
      });
    }, pollingIntervalSeconds * 1000);
    watchTimer.unref();
  };
  if (runWorkers) watchLater();

  return {
    async define(name, handler, settings = {}) {
      await boss.createQueue(
        name,
        settings.expireInSeconds ? { name, expireInSeconds: settings.expireInSeconds } : undefined,
      );
      defined.add(name);
      for (let n = 0; runWorkers && n < (settings.workers ?? 1); n += 1) {
        let workerId = '';
        const work = async (jobs: PgBoss.JobWithMetadata<Parameters<typeof handler>[0]>[]) => {
          for (const job of jobs) {
            await handler(job.data, {
              retryCount: job.retryCount,
              retryLimit: job.retryLimit,
              isLast: job.retryCount >= job.retryLimit,
            });
          }
          // pg-boss waits its polling interval after every fetch, found or not: a queue with
          // work waiting would be worked at one job a second. Found one: look again at once.
          if (jobs.length > 0 && workerId) boss.notifyWorker(workerId);
        };
        workerId = await boss.work<Parameters<typeof handler>[0]>(
          name,
          {
            pollingIntervalSeconds: Math.max(pollingIntervalSeconds, WORKER_OWN_POLL_SECONDS),
            batchSize: 1,
            includeMetadata: true,
          },
          (jobs) => track(work(jobs)),
        );
        workersOf.set(name, [...(workersOf.get(name) ?? []), workerId]);
      }
    },
    async send(tx, name, data, options = {}) {
      if (!defined.has(name)) throw new Error(`No job queue named ${name}`);
      const id = await boss.send(name, data, {
        db: { executeSql: (text, values) => executeIn(tx, text, values) },
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
      if (id === null && !options.singletonKey) throw new Error(`Job ${name} was not queued`);
    },
    async sendMany(tx, name, data) {
      if (!defined.has(name)) throw new Error(`No job queue named ${name}`);
      if (data.length === 0) return;
      // pg-boss's batch insert answers nothing (no RETURNING); it skips only a job whose id or
      // singleton key is taken, and these have neither.
      await boss.insert(
        data.map((item) => ({ name, data: item })),
        { db: { executeSql: (text, values) => executeIn(tx, text, values) } },
      );
    },
    async schedule(name, cron) {
      if (!defined.has(name)) throw new Error(`No job queue named ${name}`);
      await boss.schedule(name, cron, {}, { tz: 'UTC' });
    },
    // A job under way (an order's rewards) is let finish before the database closes.
    async stop() {
      const startedAt = Date.now();
      stopping = true;
      clearTimeout(watchTimer);
      await boss.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      // A settled piece of work may start the next one (a fetched job's handler, then its
      // complete()) in the promise jobs that follow it: look again once those have run.
      for (;;) {
        await new Promise((resolve) => setImmediate(resolve));
        const left = STOP_TIMEOUT_MS - (Date.now() - startedAt);
        if (underWay.size === 0 || left <= 0) return;
        await Promise.race([
          Promise.allSettled(underWay),
          new Promise((resolve) => setTimeout(resolve, left).unref()),
        ]);
      }
    },
  };
}

interface QueryClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Runs pg-boss's SQL on the connection of `tx`, so the job commits or rolls back with it. Drizzle
 * keeps that connection as its session's client (a PGlite transaction or a pg client), whose
 * `query` takes $n text with values and serialises JSON parameters as pg-boss expects.
 */
async function executeIn(
  tx: Database,
  text: string,
  values: unknown[] = [],
): Promise<{ rows: unknown[] }> {
  const client = (tx as unknown as { session?: { client?: Partial<QueryClient> } }).session?.client;
  if (typeof client?.query !== 'function') {
    throw new Error('The transaction has no query client for pg-boss');
  }
  const result = await (client as QueryClient).query(text, values);
  return { rows: result.rows };
}
