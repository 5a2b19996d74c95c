import path from 'node:path';

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Lints virtual files (nothing is written to disk) with the repository's real eslint.config.js,
// so these cases prove the import directions of ARCHITECTURE.md hold mechanically.
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

const boundaryRules = new Set(['no-restricted-imports', 'no-restricted-syntax']);

/** The boundary errors ESLint reports for `code` placed at `file` (relative to the repo root). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  if (!result) throw new Error(`ESLint returned no result for ${file}`);
  return result.messages
    .filter((message) => message.ruleId !== null && boundaryRules.has(message.ruleId))
    .map((message) => message.message);
}

const staticImport = (specifier: string) => `import '${specifier}';\n`;
const dynamicImport = (specifier: string) => `export const load = () => import('${specifier}');\n`;

type Case = [file: string, specifier: string];

const forbidden: Case[] = [
  // packages/* sit at the bottom: no apps, services or console apps, by name or by path.
  ['packages/domain/src/guard.ts', '@boon/server'],
  ['packages/domain/src/guard.ts', '@boon/console'],
  ['packages/domain/src/guard.ts', '@boon/customer-management'],
  ['packages/domain/src/guard.ts', '@boon/app-orders'],
  ['packages/ui/src/button/button.tsx', '@boon/app-billing/src/index.js'],
  ['packages/contracts/src/user.ts', '../../../apps/server/src/main.js'],
  ['packages/contracts/src/user.ts', '../../../services/customer-management/src/index.js'],
  ['packages/contracts/src/user.ts', '../../domain/src/index.js'],
  ['packages/domain/src/guard.ts', 'drizzle-orm'],
  ['packages/domain/src/guard.ts', 'drizzle-orm/pg-core'],
  ['packages/db/src/schema/index.ts', '@boon/customer-management'],
  ['packages/db/src/schema/index.ts', '../../../contracts/src/index.js'],
  // A console app: no other console app, no apps, no services, no database.
  ['console-apps/orders/src/routes.tsx', '@boon/app-billing'],
  ['console-apps/orders/src/routes.tsx', '@boon/server'],
  ['console-apps/orders/src/routes.tsx', '@boon/console'],
  ['console-apps/orders/src/routes.tsx', '@boon/customer-management'],
  ['console-apps/orders/src/routes.tsx', '@boon/db'],
  ['console-apps/orders/src/pages/order-page.tsx', '../../../billing/src/index.js'],
  ['console-apps/orders/src/pages/order-page.tsx', '../../../../apps/console/src/main.js'],
  // The shell: no services, no server.
  ['apps/console/src/main.tsx', '@boon/customer-management'],
  ['apps/console/src/main.tsx', '@boon/server'],
  ['apps/console/src/main.tsx', '@boon/db'],
  ['apps/console/src/main.tsx', '../../server/src/main.js'],
  ['apps/console/src/routes/home.tsx', '../../../../services/customer-management/src/index.js'],
  // Services: other services by package root only, never apps.
  ['services/ordering/src/orders.ts', '@boon/customer-management/src/accounts.js'],
  ['services/ordering/src/orders.ts', '@boon/customer-management/accounts'],
  ['services/ordering/src/orders.ts', '../../customer-management/src/accounts.js'],
  ['services/ordering/src/orders.ts', '@boon/server'],
  ['services/ordering/src/orders.ts', '@boon/app-orders'],
  ['services/ordering/src/orders.ts', 'drizzle-orm'],
  // The server: composes services by their root; drizzle only through @boon/db.
  ['apps/server/src/main.ts', 'drizzle-orm'],
  ['apps/server/src/main.ts', '@boon/console'],
  ['apps/server/src/main.ts', '@boon/customer-management/src/accounts.js'],
  ['apps/server/src/idp/provider.ts', '@boon/db/src/database.js'],
  // Outside the workspaces too.
  ['scripts/seed.mjs', 'drizzle-orm'],
  ['e2e/tests/home.spec.ts', 'drizzle-orm/sql'],
];

const allowed: Case[] = [
  ['packages/db/src/database.ts', 'drizzle-orm'],
  ['packages/db/src/database.ts', 'drizzle-orm/pglite'],
  ['packages/db/src/schema/index.ts', '../database.js'],
  ['packages/db/src/schema/index.ts', '@boon/contracts'],
  ['packages/domain/src/rules/money.ts', '../guard.js'],
  ['packages/domain/src/guard.ts', '@boon/contracts'],
  ['packages/ui/src/button/button.tsx', '@boon/domain'],
  ['console-apps/orders/src/routes.tsx', '@boon/ui'],
  ['console-apps/orders/src/routes.tsx', '@boon/contracts'],
  ['console-apps/orders/src/pages/order-page.tsx', '../routes.js'],
  ['apps/console/src/main.tsx', '@boon/app-orders'],
  ['apps/console/src/main.tsx', '@boon/domain'],
  ['apps/console/src/routes/home.tsx', '../main.js'],
  ['services/ordering/src/orders.ts', '@boon/customer-management'],
  ['services/ordering/src/orders.ts', '@boon/db'],
  ['services/ordering/src/orders.ts', './repository.js'],
  ['apps/server/src/main.ts', '@boon/customer-management'],
  ['apps/server/src/main.ts', '@boon/db'],
  ['apps/server/src/idp/provider.ts', '../config.js'],
  ['scripts/bench.mjs', 'node:child_process'],
];

describe('import boundaries', () => {
  it.each(forbidden)('%s may not import %s', async (file, specifier) => {
    // Some imports break two rules at once (a deep import of another service); one is enough.
    expect(await boundaryErrors(file, staticImport(specifier))).not.toEqual([]);
  });

  it.each(allowed)('%s may import %s', async (file, specifier) => {
    expect(await boundaryErrors(file, staticImport(specifier))).toEqual([]);
  });

  it('applies the same rules to dynamic import(), which is how lazy chunks load', async () => {
    expect(
      await boundaryErrors(
        'console-apps/orders/src/routes.tsx',
        dynamicImport('@boon/app-billing'),
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors('apps/console/src/router.tsx', dynamicImport('@boon/app-orders')),
    ).toEqual([]);
  });

  it('explains what to do instead', async () => {
    const [tooDeep] = await boundaryErrors(
      'packages/contracts/src/user.ts',
      staticImport('../../domain/src/index.js'),
    );
    expect(tooDeep).toContain('import the other package by its name');
    const [drizzle] = await boundaryErrors('apps/server/src/main.ts', staticImport('drizzle-orm'));
    expect(drizzle).toContain("from '@boon/db'");
  });
});
