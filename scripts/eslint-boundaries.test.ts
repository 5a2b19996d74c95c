import path from 'node:path';

import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// Lints virtual files (nothing is written to disk) with the repository's real eslint.config.js,
// so these cases prove the import directions of ARCHITECTURE.md hold mechanically.
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

const boundaryRules = [
  'no-restricted-imports',
  'no-restricted-syntax',
  'import-x/no-restricted-paths',
];

/** The errors of `rules` ESLint reports for `code` placed at `file` (relative to the repo root). */
async function lintErrors(file: string, code: string, rules: readonly string[]): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  if (!result) throw new Error(`ESLint returned no result for ${file}`);
  return result.messages
    .filter((message) => message.ruleId !== null && rules.includes(message.ruleId))
    .map((message) => message.message);
}

const boundaryErrors = (file: string, code: string) => lintErrors(file, code, boundaryRules);

// The first lint loads the configuration, its plugins and the parser; doing that here keeps it
// out of the first case's time limit on a busy machine.
beforeAll(async () => {
  await eslint.lintText('export {};\n', { filePath: path.join(root, 'scripts/warm-up.ts') });
}, 60_000);

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
  // A console app never reaches into the shell, by name, by path or through its test entry, and
  // never writes the shell's state.
  ['console-apps/accounts/src/team/components/team-page.tsx', '@boon/console'],
  ['console-apps/accounts/src/team/components/team-page.tsx', '@boon/console/src/app/router'],
  ['console-apps/accounts/src/team/components/team-page.tsx', '@boon/console/testing'],
  [
    'console-apps/accounts/src/team/components/team-page.tsx',
    '../../../../../apps/console/src/app/router',
  ],
  [
    'console-apps/accounts/src/team/team-routes.ts',
    '../../../../apps/console/src/app/routes/root-route',
  ],
  ['console-apps/accounts/src/team/components/team-page.tsx', '@boon/console-kit/shell'],
  ['console-apps/accounts/src/team/components/team-page.test.tsx', '@boon/console-kit/shell'],
  [
    'console-apps/accounts/src/team/components/team-page.tsx',
    '@boon/console-kit/src/state/app-store',
  ],
  ['console-apps/accounts/src/index.ts', '@boon/app-orders'],
  // One feature folder keeps out of a sibling's files, in a console app and in the shell.
  [
    'console-apps/accounts/src/team/components/team-page.tsx',
    '../../onboarding/components/onboarding-panel',
  ],
  ['console-apps/accounts/src/onboarding/onboarding-routes.tsx', '../team/team-routes'],
  [
    'apps/console/src/features/home/components/home-page.tsx',
    '../../settings/components/settings-page',
  ],
  // The shell composes a console app by its manifest, never its files.
  ['apps/console/src/app/console-apps.ts', '@boon/app-accounts/src/team/team-routes'],
  ['apps/console/src/app/console-apps.ts', '@boon/app-accounts/team'],
  ['apps/console/src/app/console-apps.ts', '../../../../console-apps/accounts/src/index'],
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
  ['services/ordering/src/orders.ts', '@boon/server/testing'],
  // A service's tests: the server's test entry only, nothing else of an app or another service.
  ['services/ordering/test/orders.api.test.ts', '@boon/server'],
  ['services/ordering/test/orders.api.test.ts', '@boon/server/src/app.js'],
  ['services/ordering/test/orders.api.test.ts', '../../../apps/server/test/test-server.js'],
  ['services/ordering/test/orders.api.test.ts', '@boon/customer-management/src/accounts.js'],
  ['services/ordering/test/orders.api.test.ts', '@boon/app-orders'],
  ['services/ordering/test/orders.api.test.ts', 'drizzle-orm'],
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
  ['apps/console/src/app/console-apps.ts', '@boon/app-accounts'],
  ['apps/console/src/layout/sidebar/sidebar.tsx', '@boon/console-kit/shell'],
  ['console-apps/accounts/src/team/components/team-page.tsx', '@boon/console-kit'],
  ['console-apps/accounts/src/team/components/team-page.test.tsx', '@boon/console-kit/testing'],
  ['console-apps/accounts/src/team/components/team-page.tsx', '../roles'],
  ['console-apps/accounts/src/team/team-routes.ts', '../accounts-screens'],
  ['console-apps/accounts/src/accounts-screens.ts', './team/components/team-page'],
  ['apps/console/src/main.tsx', '@boon/domain'],
  ['apps/console/src/routes/home.tsx', '../main.js'],
  ['services/ordering/src/orders.ts', '@boon/customer-management'],
  ['services/ordering/src/orders.ts', '@boon/db'],
  ['services/ordering/src/orders.ts', './repository.js'],
  ['services/ordering/test/orders.api.test.ts', '@boon/server/testing'],
  ['services/ordering/test/orders.api.test.ts', '../src/orders/create-order.js'],
  ['services/ordering/test/orders.api.test.ts', '@boon/customer-management'],
  ['apps/server/src/main.ts', '@boon/customer-management'],
  ['apps/server/src/main.ts', '@boon/db'],
  ['apps/server/src/idp/provider.ts', '../config.js'],
  ['scripts/bench.mjs', 'node:child_process'],
];

describe('import boundaries', () => {
  // Loading eslint.config.js, its plugins and the parser takes seconds on a busy machine: once,
  // here, and not against the time limit of whichever case happens to run first.
  beforeAll(() => boundaryErrors('packages/domain/src/guard.ts', ''), 60_000);

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

  it('fails an app that imports the shell, with what to use instead', async () => {
    const [message] = await boundaryErrors(
      'console-apps/accounts/src/team/components/team-page.tsx',
      "import { useAppStore } from '@boon/console/src/state/app-store';\n",
    );
    expect(message).toContain('@boon/console-kit');
    expect(
      await boundaryErrors(
        'console-apps/accounts/src/team/components/team-page.tsx',
        dynamicImport('../../../../../apps/console/src/app/router'),
      ),
    ).not.toEqual([]);
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

describe('table ownership', () => {
  const importing = (names: string) => `import { ${names} } from '@boon/db';\nvoid [${names}];\n`;

  it.each([
    ['services/mail/src/mailbox-service.ts', 'users'],
    ['services/mail/src/mailbox-service.ts', 'customers, outboxMails'],
    ['services/mail/src/mailbox-service.ts', 'oidcPayloads'],
    ['services/customer-management/src/routes/user-routes.ts', 'outboxMails'],
    ['services/customer-management/src/routes/user-routes.ts', 'emailTokens'],
  ])('%s may not import %s, another owner’s tables', async (file, names) => {
    const errors = await boundaryErrors(file, importing(names));
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join('\n')).toMatch(/call the owning service's exported interface/);
  });

  it.each([
    ['services/mail/src/mailbox-service.ts', 'outboxMails, eq, sql'],
    ['services/mail/src/mailbox-service.ts', 'auditLog, appSecrets'],
    ['services/customer-management/src/routes/user-routes.ts', 'users, customers, auditLog'],
  ])('%s may import %s, its own or the platform’s', async (file, names) => {
    expect(await boundaryErrors(file, importing(names))).toEqual([]);
  });

  it("lets a service's API tests arrange and check any table behind the API", async () => {
    const file = 'services/ordering/test/orders.api.test.ts';
    expect(await boundaryErrors(file, importing('users, customers, ledgerTransfers'))).toEqual([]);
  });
});

describe('import cycles', () => {
  const cycleErrors = (file: string, code: string) => lintErrors(file, code, ['import-x/no-cycle']);

  it('fails a module that imports one of its importers', async () => {
    // route-names.ts imports route-tree.ts; route-tree.ts importing it back closes a loop.
    expect(
      await cycleErrors(
        'apps/console/src/app/route-tree.ts',
        "import { routePath } from './route-names';\nexport const home = routePath('home');\n",
      ),
    ).not.toEqual([]);
    // change-role-dialog.tsx imports ../roles.
    expect(
      await cycleErrors(
        'console-apps/accounts/src/team/roles.ts',
        "export { ChangeRoleDialog } from './components/change-role-dialog';\n",
      ),
    ).not.toEqual([]);
  });

  it('lets a lazy import close a loop, which cannot see a half-loaded module', async () => {
    expect(
      await cycleErrors(
        'apps/console/src/app/route-tree.ts',
        "export const load = () => import('./route-names');\n",
      ),
    ).toEqual([]);
  });
});

describe('file names', () => {
  const nameErrors = (file: string) =>
    lintErrors(file, 'export {};\n', [
      'check-file/filename-naming-convention',
      'check-file/folder-naming-convention',
    ]);

  it.each([
    'console-apps/accounts/src/team/components/TeamPage.tsx',
    'console-apps/accounts/src/team/team_routes.ts',
    'console-apps/accounts/src/Team/team-page.tsx',
    'packages/console-kit/src/api/apiClient.ts',
    'apps/console/src/app/routeTree.ts',
  ])('%s is not kebab-case', async (file) => {
    expect(await nameErrors(file)).not.toEqual([]);
  });

  it.each([
    'console-apps/accounts/src/team/components/team-page.tsx',
    'console-apps/accounts/src/team/components/team-page.test.tsx',
    'apps/console/src/app/routes/home.lazy.tsx',
    'apps/server/test/route-access.api.test.ts',
  ])('%s is kebab-case', async (file) => {
    expect(await nameErrors(file)).toEqual([]);
  });
});
