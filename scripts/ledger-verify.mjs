// `npm run ledger:verify`: recomputes the money ledger from its transfers and compares with the
// stored balances (services/billing/src/ledger/verify-ledger.ts). Prints each check, what it looked
// at and every mismatch; exits 1 on any mismatch. It only reads.
// The database is the server's: DATABASE_URL, else the embedded one in DATA_DIR (./data), which
// only one process may open at a time, so stop `npm start` first.
//   npm run build:server && npm run ledger:verify
import { verifyLedger } from '@boon/billing';
import { openDatabase, sql } from '@boon/db';

import { loadConfig } from '../apps/server/dist/config.js';

const config = loadConfig();
const handle = await openDatabase(config.database);
let failed = 0;
try {
  const where =
    config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : config.database.dataDir;
  console.log(`Ledger checks on ${where}`);
  const found = /** @type {{ rows: { ok: boolean }[] }} */ (
    await handle.db.execute(sql`select to_regclass('ledger_transfers') is not null as ok`)
  );
  if (!found.rows[0]?.ok) {
    console.log(
      'This database has no ledger yet: start the server on it once (it migrates), then run this again.',
    );
    process.exitCode = 2;
  }
  for (const check of process.exitCode === 2 ? [] : await verifyLedger(handle.db)) {
    const ok = check.mismatches.length === 0;
    if (!ok) failed += 1;
    console.log(`  ${ok ? 'ok  ' : 'FAIL'}  ${check.name} (${check.checked} checked)`);
    for (const line of check.mismatches) console.log(`          ${line}`);
  }
  if (process.exitCode !== 2)
    console.log(failed === 0 ? 'No mismatch.' : `${failed} check(s) failed.`);
} finally {
  await handle.close();
}
process.exit(process.exitCode ?? (failed === 0 ? 0 : 1));
