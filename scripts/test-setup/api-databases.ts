// globalSetup of the api project: the `migrated` and `demo` test database templates, built once
// for the run instead of once per test file (see openTestDatabase in @boon/db/testing).
import { buildApp } from '../../apps/server/src/app.js';
import { testConfig } from '../../apps/server/test/test-server.js';
import { prepareTestDatabaseTemplates } from '@boon/db/testing';

export default async function setup(): Promise<() => Promise<void>> {
  // The demo template is what the server's first start leaves: besides every service's demo data
  // (the merchant network's thousand products among them), the job queues' schema and queues and
  // the provider's signing keys. A test file's own server then finds them all and writes nothing;
  // each used to write them again, about half a second of every file's start.
  return prepareTestDatabaseTemplates(async (handle) => {
    // No workers: what the template holds is what the start wrote, not what a job did next.
    const config = await testConfig({ SEED_DEMO: 'true', RUN_WORKERS: 'false' });
    // The template stays open to be copied; the server closes only its own queue.
    const app = await buildApp({ config, database: { ...handle, close: async () => {} } });
    await app.close();
  });
}
