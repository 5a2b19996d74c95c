// globalSetup of the api project: the `migrated` and `demo` test database templates, built once
// for the run instead of once per test file (see openTestDatabase in @boon/db/testing).
import { seedDemoLedger } from '@boon/billing';
import { seedDemo } from '@boon/customer-management';
import { prepareTestDatabaseTemplates } from '@boon/db/testing';

export default async function setup(): Promise<() => Promise<void>> {
  // As the server's first start: the customers and users, then their balances.
  return prepareTestDatabaseTemplates(async (db) => {
    await seedDemo(db);
    await seedDemoLedger(db);
  });
}
