// @ts-check
import fs from 'node:fs';
import path from 'node:path';

import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
// @ts-expect-error eslint-plugin-jsx-a11y ships no type declarations.
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

// ---------------------------------------------------------------------------------------------
// Import boundaries (ARCHITECTURE.md, "Import direction"), enforced with no-restricted-imports.
//
// Workspace names are read from disk, so a new service or console app is covered the moment its
// package.json exists; the names the architecture promises are listed too, so the rule holds
// before those folders are created.
// ---------------------------------------------------------------------------------------------

/** @param {string} folder @returns {string[]} the package names of the workspaces in `folder` */
function workspaceNames(folder) {
  const dir = path.join(root, folder);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(dir, entry.name, 'package.json'))
    .filter((file) => fs.existsSync(file))
    .map((file) => JSON.parse(fs.readFileSync(file, 'utf8')).name)
    .filter((name) => typeof name === 'string');
}

const unique = (/** @type {string[]} */ names) => [...new Set(names)].sort();
const appNames = unique(['@boon/server', '@boon/console', ...workspaceNames('apps')]);
const serviceNames = unique(['@boon/customer-management', ...workspaceNames('services')]);

/** @param {string} text */
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A regex source matching any of `names` or a subpath of one. @param {string[]} names */
const anyOf = (names) => `^(${names.map(escapeRegex).join('|')})(/.*)?$`;

/** @typedef {{ regex: string, message: string }} Restriction */

const forbid = {
  apps: (/** @type {string | undefined} */ self = undefined) => ({
    regex: anyOf(appNames.filter((name) => name !== self)),
    message: 'Apps are the top of the dependency graph: nothing else imports them.',
  }),
  services: () => ({
    regex: anyOf(serviceNames),
    message:
      'Services are server-side modules; only apps/server and other services may import them.',
  }),
  consoleApps: () => ({
    regex: '^@boon/app-[^/]+(/.*)?$',
    message:
      'Console apps are loaded by the shell (apps/console) only; link to another console app by URL.',
  }),
  serviceInternals: () => ({
    regex: `^(${serviceNames.map(escapeRegex).join('|')})/.+$`,
    message: 'Import a service by its package root (its public interface), not by its files.',
  }),
  internals: () => ({
    regex: '^@boon/[^/]+/(src|dist)(/.*)?$',
    message: 'Import a workspace package by its name; its src/ and dist/ files are internal.',
  }),
  database: () => ({
    regex: '^@boon/db(/.*)?$',
    message: '@boon/db is server-only; the browser talks to the API.',
  }),
  drizzle: () => ({
    regex: '^drizzle-orm(/.*)?$',
    message:
      "Import drizzle operators from '@boon/db', so the process has one copy of drizzle-orm.",
  }),
};

/**
 * Every workspace folder with what it may not import. A relative import that climbs out of its
 * own package is forbidden in all of them (import the other package by name instead), because a
 * relative path would bypass both the package's exports and the rules below.
 * The order matters only for the `ignores` carve-outs; the globs are otherwise disjoint.
 * @type {{ root: string, ignores?: string[], restrict: Restriction[] }[]}
 */
const areas = [
  {
    root: 'packages/*',
    ignores: ['packages/db/**'],
    restrict: [
      forbid.apps(),
      forbid.services(),
      forbid.consoleApps(),
      forbid.internals(),
      forbid.drizzle(),
    ],
  },
  {
    root: 'packages/db',
    restrict: [forbid.apps(), forbid.services(), forbid.consoleApps(), forbid.internals()],
  },
  {
    root: 'console-apps/*',
    restrict: [
      forbid.apps(),
      forbid.services(),
      forbid.consoleApps(),
      forbid.database(),
      forbid.internals(),
      forbid.drizzle(),
    ],
  },
  {
    root: 'apps/console',
    restrict: [
      forbid.apps('@boon/console'),
      forbid.services(),
      forbid.database(),
      forbid.internals(),
      forbid.drizzle(),
    ],
  },
  {
    root: 'apps/server',
    restrict: [
      forbid.apps('@boon/server'),
      forbid.consoleApps(),
      forbid.serviceInternals(),
      forbid.internals(),
      forbid.drizzle(),
    ],
  },
  {
    // Any further app (apps/redeem, ...): not another app, not a console app.
    root: 'apps/*',
    ignores: ['apps/console/**', 'apps/server/**'],
    restrict: [
      forbid.apps(),
      forbid.consoleApps(),
      forbid.serviceInternals(),
      forbid.internals(),
      forbid.drizzle(),
    ],
  },
  {
    root: 'services/*',
    restrict: [
      forbid.apps(),
      forbid.consoleApps(),
      forbid.serviceInternals(),
      forbid.internals(),
      forbid.drizzle(),
    ],
  },
];

/** Deep enough for any source tree we have; a deeper file still gets the name rules of depth 0. */
const MAX_DEPTH = 12;

/**
 * A file `depth` folders below its package root leaves the package with `depth + 1` or more `../`.
 * no-restricted-imports only sees the import string, so the depth comes from the files glob.
 * @param {number} depth
 * @returns {Restriction}
 */
const leavesPackage = (depth) => ({
  regex: `^(\\.\\.(/|$)){${depth + 1},}`,
  message:
    'This relative import leaves its workspace package; import the other package by its name (@boon/...).',
});

/**
 * no-restricted-imports ignores dynamic `import()`, which is exactly how lazy chunks load, so the
 * same restrictions are mirrored as no-restricted-syntax selectors on ImportExpression.
 * esquery regexes cannot contain '/', hence the \u002F escape.
 * @param {Restriction[]} restrictions
 */
const dynamicImportSelectors = (restrictions) =>
  restrictions.map(({ regex, message }) => ({
    selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\u002F')}/]`,
    message,
  }));

/** @param {Restriction[]} restrict */
const boundaryRules = (restrict) =>
  /** @type {import('eslint').Linter.RulesRecord} */ ({
    'no-restricted-imports': ['error', { patterns: restrict }],
    'no-restricted-syntax': ['error', ...dynamicImportSelectors(restrict)],
  });

const boundaries = [
  // Tooling outside the product's packages (scripts/, e2e/, root config files): e2e/ is a
  // workspace only for its dependencies and may use the scripts' helpers by path.
  {
    name: 'boon/boundaries/root',
    rules: boundaryRules([forbid.internals(), forbid.drizzle()]),
  },
  ...areas.flatMap((area) =>
    Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
      name: `boon/boundaries/${area.root}/depth-${depth}`,
      files: [`${area.root}/${'*/'.repeat(depth)}*`],
      ...(area.ignores ? { ignores: area.ignores } : {}),
      rules: boundaryRules([...area.restrict, leavesPackage(depth)]),
    })),
  ),
];

// ---------------------------------------------------------------------------------------------

const browserCode = [
  'apps/console/src/**',
  'apps/redeem/src/**',
  'console-apps/**',
  'packages/ui/**',
];

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/data/',
    '**/migrations/',
    '**/coverage/',
    '.test-results/',
    '**/test-results/',
    '**/playwright-report/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    name: 'boon/globals/node',
    languageOptions: { globals: globals.node },
  },
  {
    name: 'boon/globals/browser',
    files: browserCode,
    languageOptions: { globals: globals.browser },
  },
  {
    // contracts and domain run in both; let them use only what both have.
    name: 'boon/globals/shared',
    files: ['packages/contracts/**', 'packages/domain/**'],
    languageOptions: { globals: globals['shared-node-browser'] },
  },
  {
    // Hooks live in .ts files too (use-*.ts), so browser .ts files get the hook rules as well.
    name: 'boon/react-hooks',
    files: ['**/*.tsx', '**/*.jsx', ...browserCode.map((glob) => `${glob}/*.ts`)],
    ...reactHooks.configs.flat.recommended,
  },
  {
    name: 'boon/a11y',
    files: ['**/*.tsx', '**/*.jsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    name: 'boon/typescript',
    rules: {
      // An underscore marks a parameter that must exist for its position but is not used.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  boundaries,
]);
