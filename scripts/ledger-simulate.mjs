// `npm run ledger:simulate`: the ledger's randomised workload (services/billing/src/ledger/
// simulation.ts) for many seeds on a fresh in-memory database, or on PostgreSQL with DATABASE_URL
// (a new database, dropped afterwards). A failing seed is printed; replay it with --seed.
//   npm run build:server && npm run ledger:simulate -- --runs 10000
//   npm run ledger:simulate -- --seed 4242
import { parseArgs } from 'node:util';

import { SimulationFailure, simulate, verifyLedger } from '@boon/billing';
import { openTestDatabase } from '@boon/db/testing';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1000' },
    seed: { type: 'string' },
    from: { type: 'string', default: '1' },
  },
});
const seeds = values.seed
  ? [Number(values.seed)]
  : Array.from({ length: Number(values.runs) }, (_, index) => Number(values.from) + index);

const handle = await openTestDatabase('empty');
await handle.migrate();
const started = performance.now();
let committed = 0;
let refused = 0;
let crashed = 0;
let failure;
try {
  for (const seed of seeds) {
    try {
      const result = await simulate(handle.db, { seed });
      committed += result.committed;
      refused += result.refused;
      crashed += result.crashed;
    } catch (error) {
      if (!(error instanceof SimulationFailure)) throw error;
      failure = error;
      break;
    }
  }
  const failedChecks = (await verifyLedger(handle.db)).filter((c) => c.mismatches.length > 0);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${seeds.length} seed(s) in ${seconds} s: ${committed} operations committed, ${refused} refused, ${crashed} crashed before commit`,
  );
  if (failure) {
    console.log(
      `FAILED: ${failure.message}\nReplay: npm run ledger:simulate -- --seed ${failure.seed}`,
    );
    process.exitCode = 1;
  } else if (failedChecks.length > 0) {
    console.log('FAILED: ledger:verify checks after the run:', failedChecks);
    process.exitCode = 1;
  } else {
    console.log('The ledger matched its model after every round; ledger:verify finds no mismatch.');
  }
} finally {
  await handle.close();
}
