import type { DatabaseHandle } from '@boon/db';
import { openTestDatabase } from '@boon/db/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { simulate, type SimulationResult } from './simulation';
import { verifyLedger } from './verify-ledger';

/**
 * The ledger against its model under a random workload (simulation.ts). `npm test` runs these
 * seeds; `npm run ledger:simulate -- --runs N` runs more, `-- --seed S` replays one.
 */
const SEEDS = 200;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase('migrated');
});
afterAll(() => handle?.close());

it(`keeps the ledger equal to its model for ${SEEDS} seeds, crashes and races included`, async () => {
  const results: SimulationResult[] = [];
  for (let seed = 1; seed <= SEEDS; seed += 1) {
    results.push(await simulate(handle.db, { seed }));
  }
  const total = (key: 'committed' | 'refused' | 'crashed') =>
    results.reduce((sum, result) => sum + result[key], 0);
  // The workload really exercised each outcome, or the model check would prove little.
  expect(total('committed')).toBeGreaterThan(SEEDS * 5);
  expect(total('refused')).toBeGreaterThan(0);
  expect(total('crashed')).toBeGreaterThan(0);
  const checks = await verifyLedger(handle.db);
  expect(checks.filter((check) => check.mismatches.length > 0)).toEqual([]);
  // 200 seeds take about 30 s alone; beside the browser tests on two busy cores, over 2 minutes.
}, 300_000);
